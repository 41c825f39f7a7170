import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { onStopSignal } from '../bootstrap/graceful-shutdown.js';
import { appIsBuilt, startCluster, type LocalCluster } from '../cluster/local-cluster.js';
import { loadConfig } from '../config/app-config.js';
import { resolveSecrets } from '../config/secrets.js';
import { prepareDatabase } from '../database/prepare-database.js';

/**
 * npm run cluster: CLUSTER_SIZE (default 3) instances of the built app behind HAProxy, on one PostgreSQL
 * (DATABASE_URL, else the embedded one of DATA_DIR, started once here) and one Redis (REDIS_URL, else a
 * private `redis-server`). The balancer listens on HOST:PORT (0.0.0.0:3000), the instances on
 * 127.0.0.1:PORT+1 ... PORT+N. Everything else in the environment is passed to every instance. Ctrl+C
 * stops the instances gracefully (they drain), then the balancer, Redis and the database; a second Ctrl+C
 * kills the instances outright.
 *
 * Ctrl+C reaches every process in the terminal's foreground group at once — PostgreSQL would stop under
 * instances still finishing their requests. So this process runs the cluster in a child of its own
 * session, which sees no terminal signal, and turns Ctrl+C into an ordered stop.
 */
const SUPERVISOR_FLAG = 'BETWIXT_CLUSTER_SUPERVISOR';
const MAX_SIZE = 16;

function launch(): void {
  const supervisor = spawn(process.execPath, process.argv.slice(1), {
    detached: true,
    stdio: 'inherit',
    env: { ...process.env, [SUPERVISOR_FLAG]: '1' },
  });
  let signals = 0;
  const forward = () => {
    signals += 1;
    supervisor.kill(signals === 1 ? 'SIGTERM' : 'SIGINT');
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  supervisor.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function supervise(): Promise<number> {
  const root = resolve(dirname(process.argv[1] ?? '.'), '../../..');
  const env = process.env;
  const size = Number(env.CLUSTER_SIZE || 3);
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) {
    console.error(`CLUSTER_SIZE must be a whole number from 1 to ${MAX_SIZE}, got "${env.CLUSTER_SIZE}"`);
    return 2;
  }
  if (!Number.isInteger(port) || port < 1 || port + size > 65535) {
    console.error(
      `PORT must be a port number with room for ${size} instance ports above it, got "${env.PORT}"`,
    );
    return 2;
  }
  if (!appIsBuilt(root)) {
    console.error('The app is not built: run `npm run build` first (`npm run cluster` does).');
    return 1;
  }
  const instancePorts = Array.from({ length: size }, (_, index) => port + 1 + index);
  let cluster: LocalCluster;
  try {
    // Once, before any instance: the embedded server of DATA_DIR (or DATABASE_URL's) migrated, and the
    // generated secrets written, so the instances share both and find nothing to do.
    const database = await prepareDatabase(resolveSecrets(loadConfig(env)));
    cluster = await startCluster({
      root,
      database,
      balancer: { host: env.HOST || '0.0.0.0', port },
      instancePorts,
      // Request lines of three instances (and their health checks, every second) would bury everything
      // else: warnings and errors only, unless LOG_LEVEL says otherwise.
      env: { LOG_LEVEL: 'warn', ...env, [SUPERVISOR_FLAG]: undefined },
      log: (line) => console.log(line),
      restartCrashed: true,
    });
  } catch (error) {
    console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  console.log(
    `Betwixt is running at ${cluster.url} — ${size} instance(s) on ports ${instancePorts.join(', ')} behind ` +
      `HAProxy, one PostgreSQL, one Redis (${cluster.redisUrl}). Ctrl+C stops everything.`,
  );
  return new Promise((done) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        console.log(`cluster | ${signal} again: killing the instances`);
        for (const instance of cluster.instances) void instance.kill();
        return;
      }
      stopping = true;
      console.log('cluster | stopping: instances drain and exit, then the balancer, Redis and PostgreSQL');
      void cluster.stop().then(() => {
        console.log('cluster | stopped');
        done(0);
      });
    };
    onStopSignal(stop, ['SIGINT', 'SIGTERM', 'SIGHUP']);
  });
}

if (process.env[SUPERVISOR_FLAG] === '1') {
  void supervise().then((code) => process.exit(code));
} else {
  launch();
}

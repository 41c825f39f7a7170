import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './free-port.js';
import { startLocalRedis, type LocalRedis } from './redis-server.js';
import { SERVER_NODE_FLAGS } from '../bootstrap/node-flags.js';

/** Everything above this line of docker/haproxy.cfg is shared; the servers below it are the cluster's own. */
const SERVERS_MARKER = '# ---- servers';
/** The instances see the balancer's connections come from here, and trust its X-Forwarded-* only. */
const BALANCER_ADDRESS = '127.0.0.1';
/** Beyond the app's own hard deadline (SHUTDOWN_TIMEOUT_MS), how long a stop waits before SIGKILL. */
const KILL_GRACE_MS = 5_000;
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

export interface ClusterOptions {
  /** The repository: the app is `backend/dist/main.js`, the balancer's settings `docker/haproxy.cfg`. */
  root: string;
  /** Where HAProxy listens: the cluster's one address. */
  balancer: { host: string; port: number };
  /** One port per instance; instances listen on 127.0.0.1 only, so clients reach them through the balancer. */
  instancePorts: number[];
  /**
   * The database every instance uses, already migrated (so instances starting together find nothing to
   * do); `stop` runs after the last instance has exited (the CLI stops the embedded server it started).
   */
  database: { url: string; stop(): Promise<void> };
  /**
   * The environment every instance gets (DATA_DIR, JWT_SECRET, LOG_LEVEL, SHUTDOWN_*, ...). REDIS_URL is
   * used when set; otherwise the cluster starts a private `redis-server` and hands it to every instance.
   */
  env: NodeJS.ProcessEnv;
  /** Every line the cluster and its processes print, prefixed with who said it. */
  log(line: string): void;
  /** Start an instance again when it dies without being asked to (what `npm run cluster` does). */
  restartCrashed?: boolean;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface LocalCluster {
  /** http://<host>:<port> of the balancer. */
  url: string;
  instances: ClusterInstance[];
  /** The database every instance uses (migrated before any instance started). */
  databaseUrl: string;
  redisUrl: string;
  /** SIGTERM to every instance and waits for them; then stops the balancer, Redis and the database. */
  stop(): Promise<void>;
}

/**
 * `npm run cluster`: the built app as several instances behind HAProxy, on one PostgreSQL and one Redis.
 * Resolves when every instance is healthy and the balancer answers through them.
 */
export async function startCluster(options: ClusterOptions): Promise<LocalCluster> {
  const cleanup: (() => Promise<void>)[] = [];
  const undo = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  try {
    const database = options.database;
    cleanup.push(() => database.stop());
    let redis: LocalRedis | null = null;
    if (!options.env.REDIS_URL) {
      redis = await startLocalRedis(await freePort());
      cleanup.push(() => redis?.stop() ?? Promise.resolve());
      options.log(`redis | started on ${redis.url} (no persistence)`);
    }
    const redisUrl = options.env.REDIS_URL || redis?.url || '';
    const workDir = mkdtempSync(join(tmpdir(), 'betwixt-cluster-'));
    cleanup.push(async () => rmSync(workDir, { recursive: true, force: true }));

    const shared: NodeJS.ProcessEnv = {
      ...options.env,
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      TRUST_PROXY: BALANCER_ADDRESS,
      PUBLIC_URL: options.env.PUBLIC_URL || `http://localhost:${options.balancer.port}`,
    };
    const instances = options.instancePorts.map(
      (port, index) => new ClusterInstance(`app${index + 1}`, port, options.root, shared, options.log),
    );
    cleanup.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
    });
    await Promise.all(instances.map((instance) => instance.start()));
    if (options.restartCrashed) for (const instance of instances) instance.restartWhenCrashed();

    const balancer = await startBalancer(options, instances, workDir);
    cleanup.push(() => balancer.stop());
    const url = `http://${options.balancer.host === '0.0.0.0' ? 'localhost' : options.balancer.host}:${options.balancer.port}`;
    await waitForHealth(`http://127.0.0.1:${options.balancer.port}`, () => balancer.failure());

    const steps = [...cleanup];
    let stopping: Promise<void> | null = null;
    return {
      url,
      instances,
      databaseUrl: database.url,
      redisUrl,
      stop: () => {
        // Instances first (they drain and finish their work on the database), then what they used.
        stopping ??= (async () => {
          for (const step of steps.reverse())
            await step().catch((error: unknown) => options.log(`cluster | ${describe(error)}`));
        })();
        return stopping;
      },
    };
  } catch (error) {
    await undo();
    throw error;
  }
}

/** One `node backend/dist/main.js`, which can be stopped (SIGTERM), killed (SIGKILL) and started again. */
export class ClusterInstance {
  private child: ChildProcess | null = null;
  private exit: Promise<ExitInfo> = Promise.resolve({ code: 0, signal: null });
  private asked = false;
  private restartCrashed = false;
  private crashes = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: (line: string) => void,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the process; resolves when its own /api/health answers 200. */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    this.asked = false;
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(this.root, 'backend/dist/main.js')], {
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    forwardLines(child, this.name, this.log);
    this.exit = new Promise((resolve) =>
      // 'close', not 'exit': its last lines have been read by then.
      child.once('close', (code, signal) => {
        this.child = null;
        resolve({ code, signal });
        void this.crashed({ code, signal });
      }),
    );
    const exited = this.exit.then(({ code, signal }) => `${this.name} exited (${signal ?? `code ${code}`})`);
    let failure: string | null = null;
    void exited.then((reason) => (failure = reason));
    await waitForHealth(this.url, () => failure);
  }

  /** SIGTERM: the instance drains, finishes what is in flight and exits (SIGKILL if it overstays). */
  stop(): Promise<ExitInfo> {
    return this.signal('SIGTERM');
  }

  /** SIGKILL: a crash, as far as everyone else can tell. */
  kill(): Promise<ExitInfo> {
    return this.signal('SIGKILL');
  }

  /** From now on an exit nobody asked for is logged and followed by a start (backing off 1 s ... 30 s). */
  restartWhenCrashed(): void {
    this.restartCrashed = true;
  }

  private async crashed(exit: ExitInfo): Promise<void> {
    if (this.asked || !this.restartCrashed) return;
    const wait = Math.min(30_000, 1_000 * 2 ** this.crashes++);
    this.log(
      `cluster | ${this.name} died (${exit.signal ?? `code ${exit.code}`}); starting it again in ${wait / 1000} s`,
    );
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.asked || this.child) return;
    try {
      await this.start();
      this.crashes = 0;
      this.log(`cluster | ${this.name} is back`);
    } catch (error) {
      this.log(`cluster | ${describe(error)}`);
    }
  }

  private async signal(signal: 'SIGTERM' | 'SIGKILL'): Promise<ExitInfo> {
    this.asked = true;
    const child = this.child;
    if (!child) return this.exit;
    child.kill(signal);
    const deadline = Number(this.env.SHUTDOWN_TIMEOUT_MS || DEFAULT_SHUTDOWN_TIMEOUT_MS) + KILL_GRACE_MS;
    const overstay = setTimeout(() => child.kill('SIGKILL'), deadline);
    try {
      return await this.exit;
    } finally {
      clearTimeout(overstay);
    }
  }
}

interface Balancer {
  failure(): string | null;
  stop(): Promise<void>;
}

/**
 * HAProxy with docker/haproxy.cfg's settings and one server line per instance, in the foreground (-db) so
 * it ends with us. Debian's `haproxy` package; `.ci/run` installs it when missing.
 */
async function startBalancer(
  options: ClusterOptions,
  instances: ClusterInstance[],
  workDir: string,
): Promise<Balancer> {
  const file = join(workDir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(options.root, instances));
  // Debian puts it in /usr/sbin, which is not on a normal user's PATH.
  const binary =
    options.env.HAPROXY_BIN || (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');
  const child = spawn(binary, ['-db', '-f', file], {
    env: { ...process.env, BETWIXT_BALANCER_BIND: `${options.balancer.host}:${options.balancer.port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forwardLines(child, 'balancer', options.log);
  let failure: string | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      failure = `Cannot start ${binary} (${error.message}). Install it with 'apt-get install -y haproxy'; .ci/run does.`;
      resolve();
    });
    child.once('exit', (code, signal) => {
      failure ??= `${binary} exited (${signal ?? `code ${code}`}); see its lines above`;
      resolve();
    });
  });
  return {
    failure: () => failure,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
        child.kill('SIGTERM');
      await exited;
    },
  };
}

/** docker/haproxy.cfg down to the servers marker, then a server line per instance. */
export function haproxyConfig(root: string, instances: { name: string; port: number }[]): string {
  const shared = readFileSync(join(root, 'docker/haproxy.cfg'), 'utf8');
  const cut = shared.indexOf(SERVERS_MARKER);
  if (cut < 0) throw new Error(`docker/haproxy.cfg has lost its "${SERVERS_MARKER}" line`);
  const servers = instances.map((instance) => `    server ${instance.name} 127.0.0.1:${instance.port}\n`);
  return `${shared.slice(0, cut)}# servers started by npm run cluster\n${servers.join('')}`;
}

/**
 * How long an instance may take to answer health after it is started. About 5 s on an idle 2-core
 * machine; minutes when the machine is shared and loaded (loading the app's modules is most of it).
 */
const START_TIMEOUT_MS = 300_000;

/** Polls `${base}/api/health` until it answers 200; gives up when `failed()` says why, or after START_TIMEOUT_MS. */
async function waitForHealth(base: string, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const failure = failed();
    if (failure) throw new Error(failure);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${base} did not become healthy within ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function forwardLines(child: ChildProcess, name: string, log: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => log(`${name} | ${line}`));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** True when the built app is there (`npm run cluster` builds it first). */
export function appIsBuilt(root: string): boolean {
  return existsSync(join(root, 'backend/dist/main.js'));
}

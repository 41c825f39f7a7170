import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { databaseName, ensureDatabase, maintenanceUrl } from '../database/create-database.js';
import { embeddedUrl, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { prepareDatabase } from '../database/prepare-database.js';

export interface OpenedDatabase {
  url: string;
  /** True when it is the embedded server of an app running now. */
  inUse: boolean;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'betwixt';

/**
 * The database `npm start` uses, for a command: DATABASE_URL when set; otherwise the embedded server whose
 * files live under DATA_DIR/postgres — the running app's, when the app is up (a second server cannot start
 * on the same files and port), else one started for this command (migrated unless `migrate` is false) and
 * stopped after.
 */
export async function openDatabase(
  config: AppConfig,
  options: { migrate?: boolean } = {},
): Promise<OpenedDatabase> {
  if (config.DATABASE_URL) {
    // A restore may target a database that does not exist yet.
    if (options.migrate === false)
      await ensureDatabase(maintenanceUrl(config.DATABASE_URL), databaseName(config.DATABASE_URL));
    return { url: config.DATABASE_URL, inUse: false, stop: async () => undefined };
  }
  const running = embeddedUrl(config.EMBEDDED_PG_PORT, EMBEDDED_DATABASE);
  if (await reachable(running)) return { url: running, inUse: true, stop: async () => undefined };
  if (options.migrate !== false) return { ...(await prepareDatabase(config)), inUse: false };
  const server = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), config.EMBEDDED_PG_PORT);
  try {
    await ensureDatabase(server.adminUrl, EMBEDDED_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: server.urlFor(EMBEDDED_DATABASE), inUse: false, stop: server.stop };
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

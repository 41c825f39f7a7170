import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { databaseName, ensureDatabase, maintenanceUrl } from './create-database.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrate } from './migrate.js';

export interface PreparedDatabase {
  url: string;
  /** Stops the embedded server, if one was started. */
  stop(): Promise<void>;
  /**
   * Asks the embedded server, if any, to stop and returns at once: for a process exiting before it could
   * wait. The server runs in its own process group and would otherwise outlive the app, holding its port
   * and DATA_DIR until the next start finds it orphaned.
   */
  requestStop(): void;
}

const EMBEDDED_DATABASE = 'betwixt';

/**
 * Makes sure a PostgreSQL with an up-to-date schema is there: the one DATABASE_URL names (the database
 * is created if missing), or else an embedded server whose files live under DATA_DIR.
 */
export async function prepareDatabase(
  config: AppConfig,
  log: (message: string) => void = () => undefined,
): Promise<PreparedDatabase> {
  let url: string;
  let stop: () => Promise<void> = async () => undefined;
  let requestStop: () => void = () => undefined;
  if (config.DATABASE_URL) {
    url = config.DATABASE_URL;
    await ensureDatabase(maintenanceUrl(url), databaseName(url));
  } else {
    const server = await startEmbeddedPostgres(
      join(config.dataDir, 'postgres'),
      config.EMBEDDED_PG_PORT,
      log,
    );
    stop = server.stop;
    requestStop = server.requestStop;
    try {
      await ensureDatabase(server.adminUrl, EMBEDDED_DATABASE);
    } catch (error) {
      await server.stop();
      throw error;
    }
    url = server.urlFor(EMBEDDED_DATABASE);
  }
  try {
    await migrate(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, requestStop };
}

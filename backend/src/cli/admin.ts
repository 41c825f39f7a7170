import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config.js';
import { resolveSecrets } from '../config/secrets.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { parseAdminArgs, setAdmin, USAGE } from './admin-grant.js';
import { openDatabase } from './open-database.js';

/**
 * npm run admin -- grant|revoke <email|username>
 *
 * Works on the database `npm start` uses: DATABASE_URL when set; otherwise the embedded server whose
 * files live under DATA_DIR/postgres — the running app's, when the app is up (a second server cannot
 * start on the same files and port), else one started (and migrated) for this command and stopped after.
 * Prints one line; exits 0 on success, 1 on failure (unknown account, database unreachable), 2 on bad usage.
 */
async function main(argv: string[]): Promise<number> {
  const args = parseAdminArgs(argv);
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  let database: { url: string; stop(): Promise<void> };
  try {
    database = await openDatabase(resolveSecrets(loadConfig(process.env)));
  } catch (error) {
    console.error(`Could not reach the database: ${message(error)}`);
    return 1;
  }
  const dataSource = new DataSource(dataSourceOptions(database.url, 1));
  try {
    await dataSource.initialize();
    console.log(await setAdmin(dataSource, args.command, args.who));
    return 0;
  } catch (error) {
    console.error(message(error));
    return 1;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.stop();
  }
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// Explicit exit, with the code decided here: nothing left open (a pool, a server's pipe) may keep the process up.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(message(error));
    process.exit(1);
  },
);

import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config/app-config.js';
import { restoreBackup } from '../database/backup/restore.js';
import { openDatabase } from './open-database.js';
import { runCli } from './run-cli.js';

const USAGE = 'Usage: npm run restore -- <file> [--force]';

/**
 * npm run restore -- <file> [--force]
 *
 * Restores a backup of `npm run backup` into the database `npm start` would use (DATABASE_URL, or the
 * embedded one under DATA_DIR), which must hold no data unless --force (then everything in it is replaced).
 * Betwixt must not be running on it. Exits 0 when restored, 1 otherwise, 2 on bad usage.
 */
async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const files = argv.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const file = resolve(files[0] ?? '');
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const database = await openDatabase(loadConfig(process.env), { migrate: false });
  try {
    if (database.inUse) {
      console.error('Betwixt is running on this DATA_DIR: stop it first, then restore, then start it again.');
      return 1;
    }
    const summary = await restoreBackup(database.url, file, { force });
    console.log(`Restored ${summary.rows} rows of ${summary.tables} tables, as of ${summary.takenAt}.`);
    return 0;
  } finally {
    await database.stop();
  }
}

runCli(main, 'Restore failed');

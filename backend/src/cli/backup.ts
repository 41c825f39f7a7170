import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadConfig } from '../config/app-config.js';
import { takeBackup } from '../database/backup/backup.js';
import { openDatabase } from './open-database.js';
import { runCli } from './run-cli.js';

/**
 * npm run backup [-- <file>]
 *
 * A consistent backup of the database `npm start` uses (DATABASE_URL, or the embedded one under DATA_DIR:
 * the running app's, else started for this), taken while the app serves. Default file:
 * backups/betwixt-<UTC time>.jsonl.gz in the current folder. Exits 0 when written, 1 otherwise, 2 on bad usage.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length > 1 || argv.some((arg) => arg.startsWith('-'))) {
    console.error('Usage: npm run backup [-- <file>]');
    return 2;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(argv[0] ?? `backups/betwixt-${stamp}.jsonl.gz`);
  mkdirSync(dirname(file), { recursive: true });
  const database = await openDatabase(loadConfig(process.env));
  try {
    const summary = await takeBackup(database.url, file);
    console.log(
      `Backed up ${summary.rows} rows of ${summary.tables} tables as of ${summary.takenAt} into ${summary.file}`,
    );
    return 0;
  } finally {
    await database.stop();
  }
}

runCli(main, 'Backup failed');

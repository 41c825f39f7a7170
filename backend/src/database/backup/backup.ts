import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  quoteIdent,
  tablesInLoadOrder,
  type BackupHeader,
} from './backup-format.js';

const FETCH_ROWS = 2000;

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  takenAt: string;
}

/**
 * Writes a consistent backup of the database at `url` into `file` while the app keeps serving: every
 * table is read inside one REPEATABLE READ READ ONLY transaction (one snapshot, as pg_dump takes it), so
 * the file holds exactly the writes committed before the snapshot and none after. Readers never block
 * writers in PostgreSQL, so nothing waits for the backup. `onSnapshot` runs once the snapshot is taken.
 * The file appears under its name only when complete (written as `file.partial`, then renamed).
 */
export async function takeBackup(
  url: string,
  file: string,
  options: { onSnapshot?: () => void } = {},
): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'betwixt-backup' });
  await client.connect();
  const partial = `${file}.partial`;
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  const write = async (value: unknown) => {
    if (!lines.write(`${JSON.stringify(value)}\n`)) await once(lines, 'drain');
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The snapshot is taken by the transaction's first query.
    const migrations = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
    options.onSnapshot?.();
    const takenAt = new Date().toISOString();
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      takenAt,
      migrations: migrations.rows.map((row) => row.name),
    };
    await write(header);
    const tables = await tablesInLoadOrder(client);
    let rows = 0;
    for (const table of tables) {
      await write(['table', table]);
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoteIdent(table)} t`,
      );
      for (;;) {
        const page = await client.query<{ row: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
        for (const { row } of page.rows) {
          if (!lines.write(`${row}\n`)) await once(lines, 'drain');
        }
        rows += page.rows.length;
        if (page.rows.length < FETCH_ROWS) break;
      }
      await client.query('CLOSE backup_rows');
    }
    await write(['end', rows]);
    await client.query('COMMIT');
    lines.end();
    await written;
    renameSync(partial, file);
    return { file, tables: tables.length, rows, takenAt };
  } catch (error) {
    lines.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

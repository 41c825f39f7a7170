import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source-options.js';
import { migrate } from '../migrate.js';
import { MIGRATIONS } from '../migrations/index.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  NOT_BACKED_UP,
  quoteIdent,
  tablesInLoadOrder,
  TABLES_SQL,
  type BackupHeader,
} from './backup-format.js';

const INSERT_ROWS = 500;

/** Refused before anything is written; the message says what to do. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  takenAt: string;
}

/**
 * Restores `file` (see backup-format.ts) into the database at `url`, which must hold no data: no tables,
 * or Betwixt's tables without a single person (an app started once on it). `force` replaces whatever is there
 * (the public schema is dropped and made again). The schema is rebuilt by the migrations the backup names,
 * the rows are loaded in one transaction with the tables' own triggers off (the backup holds the derived
 * counters as they were), sequences are moved past the largest ids, and the migrations this version of
 * Betwixt added since are applied last.
 */
export async function restoreBackup(
  url: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = parseHeader(first.done ? undefined : first.value);
  const known = new Map(MIGRATIONS.map((migration) => [migration.name, migration]));
  const unknown = header.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `The backup was taken by a newer Betwixt (migrations ${unknown.join(', ')} are unknown here): restore it with that version or a later one.`,
    );
  }
  const client = new pg.Client({ connectionString: url, application_name: 'betwixt-restore' });
  await client.connect();
  try {
    await makeEmpty(client, Boolean(options.force));
    await replayMigrations(
      url,
      header.migrations.map((name) => known.get(name) as (typeof MIGRATIONS)[number]),
    );
    const loaded = await loadRows(client, iterator);
    await migrate(url);
    return { ...loaded, takenAt: header.takenAt };
  } finally {
    lines.close();
    await client.end();
  }
}

function parseHeader(line: string | undefined): BackupHeader {
  let header: Partial<BackupHeader> | null = null;
  try {
    header = JSON.parse(line ?? '') as Partial<BackupHeader>;
  } catch {
    // Reported below.
  }
  if (header?.format !== BACKUP_FORMAT || !Array.isArray(header.migrations)) {
    throw new RestoreRefused('This file is not a Betwixt backup (made by npm run backup).');
  }
  if (header.version !== BACKUP_VERSION) {
    throw new RestoreRefused(
      `This backup has format version ${String(header.version)}; this Betwixt reads ${BACKUP_VERSION}.`,
    );
  }
  return header as BackupHeader;
}

/** Refuses a database holding data unless forced; clears the schema of one that holds none. */
async function makeEmpty(client: pg.Client, force: boolean): Promise<void> {
  const tables = (await client.query<{ name: string }>(TABLES_SQL)).rows.map((row) => row.name);
  if (tables.length === 0) return;
  const withRows: string[] = [];
  // In a Betwixt database every row belongs to a person or is a total a migration seeded: no people, no
  // data (an app started once on it). Any other database is judged table by table.
  const judged = tables.includes('users') ? ['users'] : tables.filter((name) => !NOT_BACKED_UP.has(name));
  for (const table of judged) {
    const { rows } = await client.query(`SELECT 1 FROM ${quoteIdent(table)} LIMIT 1`);
    if (rows.length > 0) withRows.push(table);
  }
  if (withRows.length > 0 && !force) {
    throw new RestoreRefused(
      `The target database is not empty (${withRows.slice(0, 5).join(', ')}${withRows.length > 5 ? ', …' : ''} hold rows). ` +
        'Restore into an empty database, or pass --force to replace everything in it.',
    );
  }
  await client.query('DROP SCHEMA public CASCADE');
  await client.query('CREATE SCHEMA public');
}

async function replayMigrations(url: string, migrations: (typeof MIGRATIONS)[number][]): Promise<void> {
  const dataSource = new DataSource({ ...dataSourceOptions(url, 2), migrations });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

async function loadRows(
  client: pg.Client,
  lines: AsyncIterator<string>,
): Promise<{ tables: number; rows: number }> {
  const order = await tablesInLoadOrder(client);
  const known = new Set(order);
  let current: string | null = null;
  let batch: string[] = [];
  let rows = 0;
  let tables = 0;
  let ended = false;
  const flush = async () => {
    if (current === null || batch.length === 0) return;
    await client.query(
      `INSERT INTO ${quoteIdent(current)} SELECT * FROM json_populate_recordset(NULL::${quoteIdent(current)}, $1::json)`,
      [`[${batch.join(',')}]`],
    );
    batch = [];
  };
  await client.query('BEGIN');
  try {
    // The backup holds the counters these triggers keep as they were; firing them would count rows twice.
    for (const table of order) await client.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER USER`);
    // Rows some migrations seed (the admin totals' first row) are in the backup as they were then.
    await client.query(`TRUNCATE ${order.map(quoteIdent).join(', ')}`);
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const line = next.value;
      if (line.startsWith('[')) {
        const [kind, value] = JSON.parse(line) as [string, unknown];
        await flush();
        if (kind === 'end') {
          if (value !== rows)
            throw new RestoreRefused(`The backup is damaged: ${rows} rows read, ${String(value)} written.`);
          ended = true;
          break;
        }
        current = String(value);
        if (!known.has(current))
          throw new RestoreRefused(`The backup holds a table this schema lacks: ${current}`);
        tables += 1;
        continue;
      }
      if (current === null) throw new RestoreRefused('The backup is damaged: a row before any table.');
      batch.push(line);
      rows += 1;
      if (batch.length >= INSERT_ROWS) await flush();
    }
    if (!ended)
      throw new RestoreRefused('The backup is incomplete (it ends before its last line): take another one.');
    for (const table of order) await client.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER USER`);
    await advanceSequences(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return { tables, rows };
}

/** Serial and identity columns continue after the largest restored id. */
async function advanceSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ sequence: string; table: string; column: string }>(
    `SELECT s.oid::regclass::text AS sequence, t.oid::regclass::text AS "table", a.attname AS "column"
       FROM pg_class s
       JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
       JOIN pg_namespace n ON n.oid = s.relnamespace
      WHERE s.relkind = 'S' AND n.nspname = 'public'`,
  );
  for (const { sequence, table, column } of rows) {
    await client.query(
      `SELECT setval($1::regclass, coalesce((SELECT max(${quoteIdent(column)}) FROM ${table}), 0) + 1, false)`,
      [sequence],
    );
  }
}

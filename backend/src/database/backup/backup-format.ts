import type pg from 'pg';
/**
 * A Betwixt backup: gzip of JSON lines. The first line is the header (`BackupHeader`); then, for each table,
 * `["table", name]` followed by one line per row (PostgreSQL's `row_to_json`, which every column type of
 * ours survives: numeric and timestamps as text, bytea as \x hex, jsonb as JSON); the last line is
 * `["end", rowCount]`, so a cut-off file is refused rather than half restored. The schema is not in the
 * file: it is the migrations the header names, which restore replays before loading the rows.
 */
export const BACKUP_FORMAT = 'betwixt-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  takenAt: string;
  /** Names of the migrations applied to the database the backup was taken from, in order. */
  migrations: string[];
}

/**
 * TypeORM's own bookkeeping, which restore's replay of the migrations writes, and which rules ran: a restored
 * database runs every rule afresh on the functions its replayed migrations left.
 */
export const NOT_BACKED_UP = new Set(['migrations', 'schema_rules']);

/** Tables of the public schema, as names safe to quote. */
export const TABLES_SQL = `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`;

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables a backup holds, each after the tables its foreign keys point to: the backup writes them in this
 * order, so a restore can insert rows as it reads them.
 */
export async function tablesInLoadOrder(client: pg.Client): Promise<string[]> {
  const tables = (await client.query<{ name: string }>(TABLES_SQL)).rows
    .map((row) => row.name)
    .filter((name) => !NOT_BACKED_UP.has(name));
  const { rows: references } = await client.query<{ from: string; to: string }>(
    `SELECT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to"
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');
  const order: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const reference of references) {
      if (unquote(reference.from) === table) place(unquote(reference.to), path);
    }
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) place(table, new Set());
  return order;
}

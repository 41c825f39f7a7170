import pg from 'pg';

/**
 * Another instance starting at the same moment created it between our look and our CREATE: PostgreSQL
 * then says duplicate_database, or (both CREATEs in flight) a unique violation on pg_database's name index.
 */
function unlessCreatedMeanwhile(error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '42P04' || code === '23505') return;
  throw error;
}

/** Creates `name` on the server behind `adminUrl` unless it exists already. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`).catch(unlessCreatedMeanwhile);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The same server's maintenance database, used to create or drop others. */
export function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dropDatabase, ensureDatabase, maintenanceUrl } from '../../src/database/create-database.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { migrate } from '../../src/database/migrate.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Any constant: the first worker of a run that takes it builds the migrated template, the others wait. */
const TEMPLATE_LOCK = 7_310_452;
/** CREATE DATABASE … TEMPLATE refuses while anything (autovacuum, say) is connected to the template. */
const OBJECT_IN_USE = '55006';

/**
 * A fresh database with every migration applied, private to one test file: a copy of this run's migrated
 * template (built once, by whichever worker asks first), which takes ~0.1 s where migrating took ~0.8.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl)
    throw new Error('TEST_DATABASE_ADMIN_URL is not set: run through a jest project with global setup');
  const name = `betwixt_test_${randomBytes(6).toString('hex')}`;
  const maintenance = maintenanceUrl(adminUrl);
  if (options.migrate === false) await ensureDatabase(maintenance, name);
  else await cloneDatabase(maintenance, await migratedTemplate(maintenance), name);
  return { url: databaseUrl(adminUrl, name), drop: () => dropDatabase(maintenance, name) };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** This run's migrated template, made on first use under an advisory lock so workers make it once. */
async function migratedTemplate(maintenance: string): Promise<string> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!template)
    throw new Error('TEST_DATABASE_TEMPLATE is not set: run through a jest project with global setup');
  const client = new pg.Client({ connectionString: maintenance });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) {
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building}`);
      await migrate(databaseUrl(maintenance, building));
      // Renamed only once whole, so a worker that dies while migrating leaves no half-made template behind.
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      await client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await client.end();
  }
  return template;
}

async function cloneDatabase(maintenance: string, template: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenance });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        // The template takes no connections, but autovacuum may still visit it for a moment.
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * For a describe block that works on the database directly: a fresh migrated database and a DataSource on it,
 * set up before its tests and dropped after them. Call inside `describe`; the getter answers the DataSource.
 */
export function useTestDataSource(): () => DataSource {
  let database: TestDatabase | undefined;
  let dataSource: DataSource | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource(dataSourceOptions(database.url));
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });
  return () => {
    if (!dataSource) throw new Error('useTestDataSource(): the DataSource exists only inside tests');
    return dataSource;
  };
}

import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dropDatabase, ensureDatabase, maintenanceUrl } from '../../src/database/create-database.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { migrate } from '../../src/database/migrate.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database with every migration applied, private to one test file. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run through the int jest project');
  const name = `betwixt_test_${randomBytes(6).toString('hex')}`;
  const maintenance = maintenanceUrl(adminUrl);
  await ensureDatabase(maintenance, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (options.migrate !== false) await migrate(url.toString());
  return { url: url.toString(), drop: () => dropDatabase(maintenance, name) };
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

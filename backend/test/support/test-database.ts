import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, maintenanceUrl } from '../../src/database/create-database.js';
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

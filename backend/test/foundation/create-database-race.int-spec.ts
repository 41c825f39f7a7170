import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../src/config/app-config.js';
import { dropDatabase, maintenanceUrl } from '../../src/database/create-database.js';
import { prepareDatabase } from '../../src/database/prepare-database.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/** Instances started together on a DATABASE_URL whose database does not exist yet (a fresh deployment). */
describe('creating the database is safe to race', () => {
  let server: TestDatabase;
  const made: string[] = [];

  beforeAll(async () => {
    // Only for the server's address: the databases below are made by the code under test.
    server = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    for (const name of made) await dropDatabase(maintenanceUrl(server.url), name);
    await server.drop();
  });

  async function count(sql: string, url: string, params: unknown[] = []): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(sql, params);
      return rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
  }

  it('four instances starting at once all start, on one database migrated once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const name = `betwixt_race_${randomBytes(5).toString('hex')}`;
      made.push(name);
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      const config = loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: '/tmp' });
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => prepareDatabase(config)));
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      const maintenance = maintenanceUrl(server.url);
      expect(
        await count('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', maintenance, [name]),
      ).toBe(1);
      const migrations = await count('SELECT count(*)::int AS n FROM migrations', url.toString());
      expect(migrations).toBe(
        await count('SELECT count(DISTINCT name)::int AS n FROM migrations', url.toString()),
      );
      expect(migrations).toBeGreaterThan(0);
    }
  });
});

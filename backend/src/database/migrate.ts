import { DataSource } from 'typeorm';
import { ADVISORY_LOCK } from './advisory-locks.js';
import { dataSourceOptions } from './data-source-options.js';
import { applySchemaRules } from './schema-rules.js';

// Any constant shared by all instances: only one of them applies migrations at a time.

/**
 * Applies pending migrations, then the database's rules whose text changed (schema-rules.ts), under an advisory
 * lock so concurrent instances do not race.
 */
export async function migrate(url: string): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(url, 2));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK.migrations]);
    await dataSource.runMigrations({ transaction: 'each' });
    await applySchemaRules(lock);
    await lock.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK.migrations]);
  } finally {
    await lock.release();
    await dataSource.destroy();
  }
}

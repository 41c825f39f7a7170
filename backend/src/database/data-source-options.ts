import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    // The schema only ever changes through migrations.
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+: no extension needed.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    migrationsRun: false,
    logging: false,
    extra: { max: 20 },
  };
}

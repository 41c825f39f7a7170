import type { DataSourceOptions } from 'typeorm';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config/app-config.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/** TypeORM's settings for our PostgreSQL at `url`, with at most `poolSize` connections. */
export function dataSourceOptions(url: string, poolSize = DEFAULT_DATABASE_POOL_SIZE): DataSourceOptions {
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
    extra: { max: poolSize },
  };
}

import { Global, Injectable, Module } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { ambientUnitOfWork } from './in-transaction.js';
import { textOf, type Statement } from './prepared-statement.js';

/**
 * Single-statement reads on the hot path (who is calling, the caller's own view) straight on the pg pool
 * that TypeORM already holds: the same connections, none of the query runner's per-query bookkeeping, which
 * was the largest share of the CPU time of `GET /api/auth/user` when profiled. Inside a unit of work
 * (a request with an Idempotency-Key) the read goes through its transaction instead, so an answer built
 * after a use case sees what it wrote before the commit. Writes and locking reads stay on EntityManager.
 */
@Injectable()
export class ReadPool {
  private pool?: Pool;

  constructor(private readonly dataSource: DataSource) {}

  async rows<Row>(statement: Statement, params: readonly unknown[]): Promise<Row[]> {
    const ambient = ambientUnitOfWork();
    if (ambient) return ambient.query<Row[]>(textOf(statement), [...params]);
    this.pool ??= (this.dataSource.driver as unknown as { master: Pool }).master;
    const result =
      typeof statement === 'string'
        ? await this.pool.query(statement, [...params])
        : await this.pool.query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as Row[];
  }
}

/** ReadPool for every module, as TypeORM's DataSource is. */
@Global()
@Module({ providers: [ReadPool], exports: [ReadPool] })
export class ReadPoolModule {}

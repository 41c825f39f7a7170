import type { PoolClient, QueryResult } from 'pg';
import { QueryFailedError } from 'typeorm';
import { textOf, type Statement } from './prepared-statement.js';
import { managerOf, type TxOrManager } from './transactor.js';

interface ConnectedRunner {
  isReleased: boolean;
  /** The pg client of a query runner that has connected (a transaction's always has). */
  databaseConnection?: PoolClient;
}

/**
 * One SQL statement in the caller's transaction: what `EntityManager.query` does, on the same connection,
 * with the same answers (the rows; `[rows, rowCount]` for an UPDATE or a DELETE) and the same failure
 * (TypeORM's QueryFailedError, which the deadlock retry and the unique-violation checks look for).
 *
 * It hands the statement straight to the transaction's pg client. TypeORM's query runner wraps every
 * statement in four more promise turns (connecting a runner that is connected, before- and after-query
 * events we have no subscribers for, a query log that is off) and a result object; a bet write sends 11–13
 * statements, and this took about 5 % of creating a bet's CPU (docs/performance.md, "The request path"). The
 * transaction itself, its savepoints and its connection stay TypeORM's. Outside a transaction (a manager
 * without a connected runner) it is `EntityManager.query`.
 */
export async function queryIn<Result = unknown[]>(
  tx: TxOrManager,
  statement: Statement,
  params: unknown[] = [],
): Promise<Result> {
  const manager = managerOf(tx);
  const runner = manager.queryRunner as ConnectedRunner | undefined;
  const client = runner && !runner.isReleased ? runner.databaseConnection : undefined;
  if (!client) return manager.query<Result>(textOf(statement), params);
  let raw: QueryResult;
  try {
    raw =
      typeof statement === 'string'
        ? await client.query(statement, params)
        : await client.query({ name: statement.name, text: statement.text, values: params });
  } catch (error) {
    throw new QueryFailedError(textOf(statement), params, error as Error);
  }
  return (
    raw.command === 'UPDATE' || raw.command === 'DELETE' ? [raw.rows, raw.rowCount] : raw.rows
  ) as Result;
}

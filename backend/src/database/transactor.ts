import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { afterCommit, currentManager, inTransaction } from './in-transaction.js';

declare const TRANSACTION: unique symbol;

/**
 * One use case's database transaction, as services hold it: an opaque handle they pass on to repositories
 * and to other modules' providers, never something they query through. That keeps TypeORM out of the
 * services, and lets a unit test hand a service any token (`{} as Tx`) with fakes of its repositories.
 */
export interface Tx {
  readonly [TRANSACTION]: true;
}

/** What a repository or a provider that writes in its caller's transaction accepts. */
export type TxOrManager = Tx | EntityManager;

/** The EntityManager behind a transaction handle: for repositories and infrastructure, not for services. */
export function managerOf(tx: TxOrManager): EntityManager {
  return tx as EntityManager;
}

/** The opaque handle services hold for a manager the Transactor opened or joined. */
function txOf(manager: EntityManager): Tx {
  return manager as unknown as Tx;
}

/**
 * Runs `callback` once `tx` has committed, never if it rolls back (live events, waking the outbox worker).
 * Outside a transaction (a `read`) it runs at once.
 */
export function afterCommitOf(tx: TxOrManager, callback: () => void): void {
  afterCommit(managerOf(tx), callback);
}

/**
 * The one way a service reaches the database: `run(work)` for a use case that writes or locks (one
 * transaction), `read(work)` for plain reads; either hands `work` an opaque `Tx` for its repositories.
 * Abstract so that a unit test gives the service a fake (`src/testing/unit.ts`).
 */
export abstract class Transactor {
  abstract run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Reads (or a lone statement that needs no transaction) with no BEGIN or COMMIT: each statement on a
   * pooled connection, as `dataSource.query` sends it. Inside an Idempotency-Key's unit of work it joins
   * that transaction instead, so an answer built after the use case sees what the use case wrote; there it
   * has no savepoint, so a write that may be refused belongs in `run`.
   */
  abstract read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * `inTransaction` (docs/money.md, "Concurrency": retried whole on a deadlock, joined under a savepoint
 * inside an Idempotency-Key's unit of work) with the transaction handed on as an opaque `Tx`.
 */
@Injectable()
export class DataSourceTransactor extends Transactor {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, (manager) => work(txOf(manager)));
  }

  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return work(txOf(currentManager(this.dataSource)));
  }
}

/** For a module's providers: services that inject `Transactor` get the real one. */
export const transactorProvider = { provide: Transactor, useClass: DataSourceTransactor };

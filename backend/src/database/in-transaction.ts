import { AsyncLocalStorage } from 'node:async_hooks';
import type { PoolClient } from 'pg';
import { DataSource, type EntityManager, QueryFailedError, type QueryRunner } from 'typeorm';

const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure
const ATTEMPTS = 4;

/** Callbacks waiting for the transaction of their manager to commit (dropped with it on rollback). */
const waitingForCommit = new WeakMap<EntityManager, (() => void)[]>();

/**
 * The transaction of the unit of work this code runs in (see `inUnitOfWork`), if any. Kept per async
 * call chain, so concurrent requests never see each other's.
 */
const unitOfWork = new AsyncLocalStorage<EntityManager>();

/** Units of work running now in this process (see `inUnitOfWork`: the storage is off while there are none). */
let unitsRunning = 0;

function isRetryable(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && RETRYABLE.has((error.driverError as { code?: string }).code ?? '')
  );
}

function backOff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 10)));
}

/**
 * One use case, one transaction. Lock ordering keeps deadlocks out of our own code paths; should
 * PostgreSQL still pick this transaction as a deadlock victim, the whole use case runs again (it has
 * rolled back, so nothing was half done) instead of a 500 reaching the client.
 *
 * Inside a unit of work (`inUnitOfWork`, e.g. a request sent with an Idempotency-Key) the use case joins
 * that transaction under a savepoint instead of opening its own: it commits only with the whole unit,
 * and a refusal or a deadlock rolls back just its own part, exactly as its own transaction would have.
 */
export async function inTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const ambient = unitOfWork.getStore();
  if (ambient) return joinUnitOfWork(ambient, work);
  for (let attempt = 1; ; attempt++) {
    const onCommit: (() => void)[] = [];
    try {
      const result = await ownTransaction(dataSource, (manager) => {
        waitingForCommit.set(manager, onCommit);
        return work(manager);
      });
      for (const callback of onCommit) callback();
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await backOff(attempt);
    }
  }
}

/** What TypeORM's query runner keeps about its transaction (`transactionDepth` is protected in its types). */
interface TransactionState {
  isTransactionActive: boolean;
  transactionDepth: number;
}

function markTransaction(runner: QueryRunner, open: boolean): void {
  const state = runner as unknown as TransactionState;
  state.isTransactionActive = open;
  state.transactionDepth = open ? 1 : 0;
}

async function send(client: PoolClient, statement: 'BEGIN' | 'COMMIT' | 'ROLLBACK'): Promise<void> {
  try {
    await client.query(statement);
  } catch (error) {
    // As TypeORM would report it: the deadlock retry above and the callers look for QueryFailedError.
    throw new QueryFailedError(statement, [], error as Error);
  }
}

/**
 * What `dataSource.transaction(work)` does — a query runner of its own, BEGIN, `work` on that runner's
 * manager, COMMIT (ROLLBACK on any error, which is then rethrown), the connection back to the pool — with
 * BEGIN and COMMIT sent straight to the runner's pg client, as `queryIn` sends statements. TypeORM's
 * start and commit each go through its query path and two transaction events we have no subscribers for:
 * 44 µs of each accepted bet's CPU on perf (docs/performance.md). The runner is marked as in a transaction
 * at depth 1 exactly as `startTransaction` marks it, so that TypeORM inside `work` (a nested
 * `manager.transaction`, which `joinUnitOfWork` uses, or `save`) takes a SAVEPOINT instead of a new
 * transaction, and `afterCommit` sees the transaction as active.
 */
async function ownTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    await send(client, 'BEGIN');
    markTransaction(runner, true);
    try {
      const result = await work(runner.manager);
      await send(client, 'COMMIT');
      return result;
    } catch (error) {
      // The original error is the one to report, even if the rollback fails too (a broken connection).
      await send(client, 'ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      markTransaction(runner, false);
    }
  } finally {
    await runner.release();
  }
}

/**
 * A transaction that the use cases called inside `work` join (`inTransaction` above), and reads that ask
 * for `currentManager` see: everything `work` does commits together or not at all. The request
 * Idempotency-Key's runner (IdempotentRequests) uses it so the claim of a key, the operation and its stored answer are one
 * transaction — a crash anywhere in between rolls all of it back.
 */
export function inUnitOfWork<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  if (unitOfWork.getStore()) throw new Error('inUnitOfWork() cannot be nested');
  unitsRunning += 1;
  return inTransaction(dataSource, (manager) => unitOfWork.run(manager, () => work(manager))).finally(() => {
    unitsRunning -= 1;
    // On Node 20 an AsyncLocalStorage, once run, keeps a promise hook on for every promise the process
    // makes until it is disabled (5–15 % of a request's CPU when the request context used one, see
    // docs/performance.md): one request with an Idempotency-Key made every later request of any kind pay
    // that. Off once the last unit has ended; the next run turns it on again. Work a unit started that
    // outlives it (a timer, an unawaited promise) stops seeing its transaction, which has ended anyway.
    if (unitsRunning === 0) unitOfWork.disable();
  });
}

/**
 * The manager to read through: the unit of work's transaction when there is one (so a response built
 * after a use case sees what it wrote, not yet committed), the DataSource's otherwise.
 */
export function currentManager(dataSource: DataSource): EntityManager {
  return unitOfWork.getStore() ?? dataSource.manager;
}

/** The unit of work's transaction this code runs in, if any (for readers that bypass EntityManager). */
export function ambientUnitOfWork(): EntityManager | undefined {
  return unitOfWork.getStore();
}

/** A use case inside the unit of work: a savepoint, with its own after-commit callbacks and retries. */
async function joinUnitOfWork<T>(
  manager: EntityManager,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const outer = waitingForCommit.get(manager) ?? [];
  for (let attempt = 1; ; attempt++) {
    const onCommit: (() => void)[] = [];
    waitingForCommit.set(manager, onCommit);
    try {
      // On a manager whose query runner is in a transaction, TypeORM opens a SAVEPOINT and rolls back to
      // it on error (locks taken since are released too), so a deadlock victim can simply run again.
      const result = await manager.transaction((inner) => work(inner));
      outer.push(...onCommit);
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await backOff(attempt);
    } finally {
      waitingForCommit.set(manager, outer);
    }
  }
}

/**
 * Runs `callback` once the transaction of `manager` has committed, and never if it rolls back: for
 * telling the outside world (live streams, push services) only about what really happened. Outside a
 * transaction it runs at once. Callbacks must not throw; they run after the use case is done.
 */
export function afterCommit(manager: EntityManager, callback: () => void): void {
  const queue = waitingForCommit.get(manager);
  if (queue) {
    queue.push(callback);
    return;
  }
  if (manager.queryRunner?.isTransactionActive) {
    throw new Error('afterCommit() needs a transaction opened by inTransaction()');
  }
  callback();
}

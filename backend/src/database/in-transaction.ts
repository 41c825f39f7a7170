import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';

const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure
const ATTEMPTS = 4;

/** Callbacks waiting for the transaction of their manager to commit (dropped with it on rollback). */
const waitingForCommit = new WeakMap<EntityManager, (() => void)[]>();

function isRetryable(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && RETRYABLE.has((error.driverError as { code?: string }).code ?? '')
  );
}

/**
 * One use case, one transaction. Lock ordering keeps deadlocks out of our own code paths; should
 * PostgreSQL still pick this transaction as a deadlock victim, the whole use case runs again (it has
 * rolled back, so nothing was half done) instead of a 500 reaching the client.
 */
export async function inTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const onCommit: (() => void)[] = [];
    try {
      const result = await dataSource.transaction((manager) => {
        waitingForCommit.set(manager, onCommit);
        return work(manager);
      });
      for (const callback of onCommit) callback();
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 10)));
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

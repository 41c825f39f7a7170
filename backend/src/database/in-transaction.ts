import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';

const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure
const ATTEMPTS = 4;

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
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}

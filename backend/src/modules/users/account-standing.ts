import type { EntityManager } from 'typeorm';

/**
 * Whether a user is under a suspension at `now` (docs/product.md §10, accounts): suspended people may look
 * but not create, accept or report bets, nor send friend requests. The one place that rule reads the
 * users table; callers pass their transaction's manager so the answer belongs to what they then write.
 */
export async function isSuspended(manager: EntityManager, userId: string, now: Date): Promise<boolean> {
  const [row] = await manager.query<{ suspended: boolean }[]>(
    `SELECT ("suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2) AS suspended FROM users WHERE id = $1`,
    [userId, now],
  );
  return row?.suspended ?? false;
}

import { queryIn } from './query-in.js';
import type { TxOrManager } from './transactor.js';

/**
 * Every fixed PostgreSQL advisory lock id Betwixt takes, in one place, so two jobs can never share a number
 * by accident. Locks that exist once per row (a user's push subscriptions) hash a key instead and are not
 * listed. Changing an id while old instances still run lets both take "the" lock: keep them stable.
 */
export const ADVISORY_LOCK = {
  /** Migrations at start-up (session lock, held while migrating). */
  migrations: 0x0b37_7001,
  /** Scheduled: expire unanswered challenges, send overdue bets to admin review. */
  betDeadlines: 0x0b37_0002,
  /** Scheduled: lift suspensions whose end has passed. */
  suspensionLifts: 0x0b37_0003,
  /** Scheduled: one-hour bet reminders. */
  betReminders: 0x0b37_0004,
  /** Scheduled: fold the admin overview's change rows (admin_totals_delta) into one. */
  adminTotals: 0x0b37_0005,
  /** Scheduled: end the circles' seasons that are due and start the next ones. */
  circleSeasons: 0x0b37_0006,
  /** Scheduled: settle referees' calls at the end of their appeal window, chase silent referees. */
  refereeCalls: 0x0b37_0010,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCK;

/**
 * Takes a transaction-scoped advisory lock if nobody holds it: a scheduled job runs on one instance at a time,
 * and the others skip this tick instead of queueing behind it.
 */
export async function tryJobLock(tx: TxOrManager, lock: AdvisoryLock): Promise<boolean> {
  const [row] = await queryIn<{ ok: boolean }[]>(tx, `SELECT pg_try_advisory_xact_lock($1) AS ok`, [
    ADVISORY_LOCK[lock],
  ]);
  return row?.ok === true;
}

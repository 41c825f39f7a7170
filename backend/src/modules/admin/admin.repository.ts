import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { cursorTime } from '../../common/http/cursor.js';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { BalanceAdjustment } from './balance-adjustment.entity.js';
import type { AdminAnalyticsDto, AdminUserDto, ModerationNoticeDto } from './dto/admin.dto.js';
import { ModerationAction } from './moderation-action.entity.js';

/** The user an admin acts on, locked for the rest of the transaction. */
export interface TargetUser {
  id: string;
  isAdmin: boolean;
  balance: string;
  username: string | null;
  bannedAt: Date | null;
  suspendedUntil: Date | null;
}

export type AdminUserRow = Omit<AdminUserDto, 'bannedAt' | 'suspendedUntil' | 'createdAt'> & {
  bannedAt: Date | null;
  suspendedUntil: Date | null;
  createdAt: Date;
  /** createdAt to the microsecond, for the page cursor. */
  cursorAt: string;
};

export interface NoticeRow {
  id: number;
  action: ModerationNoticeDto['action'];
  reason: string;
  duration: number | null;
  expiresAt: Date | null;
  automatic: boolean;
  createdAt: Date;
}

/** A suspension the expiry job lifted, with the admin who imposed it (if a moderation row names one). */
export interface LiftedSuspension {
  id: string;
  suspendedUntil: Date;
  adminId: string | null;
}

export type NewModerationAction = Pick<
  ModerationAction,
  'userId' | 'adminId' | 'action' | 'reason' | 'duration' | 'expiresAt'
> &
  Partial<Pick<ModerationAction, 'metadata'>>;

export type NewBalanceAdjustment = Pick<
  BalanceAdjustment,
  'userId' | 'adminId' | 'amount' | 'previousBalance' | 'newBalance' | 'reason' | 'type'
>;

/**
 * The admin panel's SQL: its own tables (moderation actions, balance adjustments, the audit log's reads) and
 * the user columns moderation owns (`bannedAt`, `suspendedUntil`). Writes run in the caller's transaction.
 */
@Injectable()
export class AdminRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The overview's figures: the sum of the changes the triggers of migration AdminTotals1795560000000 append
   * to admin_totals_delta (a handful of rows since the last compaction, not the bets table), so it answers
   * exactly what the whole-table aggregates (betwixt_admin_totals_recount) answer in the same snapshot.
   */
  async analytics(): Promise<AdminAnalyticsDto | undefined> {
    const [row] = await this.dataSource.query<AdminAnalyticsDto[]>(
      `SELECT coalesce(sum(users), 0)::int AS "totalUsers", coalesce(sum(bets), 0)::int AS "totalBets",
              coalesce(sum(volume), 0)::numeric(14,2)::text AS "totalVolume",
              coalesce(sum(disputed), 0)::int AS "activeDisputes"
         FROM admin_totals_delta`,
    );
    return row;
  }

  /**
   * Folds admin_totals_delta into one row, in one statement, and says how many rows it folded (0 when there
   * were fewer than two: nothing to gain, so an idle system writes nothing). Correct while bets and users
   * change at the same time, at READ COMMITTED: the DELETE removes exactly the rows its snapshot sees and the
   * INSERT writes their sum, in one transaction. A delta row whose transaction commits after that snapshot
   * was taken is neither deleted nor summed; it stays beside the new row and still counts once. A reader sees
   * either all the old rows or their sum (the compaction commits at once), never both or neither. Nothing else
   * deletes or updates these rows, so the DELETE waits on no writer; the caller holds the job's advisory lock
   * so two instances do not fold at the same time (were they to, the second would skip the rows the first
   * deleted, and the sum would still be right).
   */
  async compactTotals(tx: TxOrManager): Promise<number> {
    const [row] = await queryIn<{ folded: number }[]>(
      tx,
      `WITH gone AS (
         DELETE FROM admin_totals_delta
          WHERE (SELECT count(*) FROM (SELECT FROM admin_totals_delta LIMIT 2) few) > 1
         RETURNING users, bets, volume, disputed),
       folded AS (
         INSERT INTO admin_totals_delta (users, bets, volume, disputed)
         SELECT coalesce(sum(users), 0), coalesce(sum(bets), 0), coalesce(sum(volume), 0), coalesce(sum(disputed), 0)
           FROM gone HAVING count(*) > 0)
       SELECT count(*)::int AS folded FROM gone`,
    );
    return row?.folded ?? 0;
  }

  /**
   * Users whose name or email starts with `term` (already lower-cased and LIKE-escaped), newest first, after the
   * (createdAt, id) `after` when given: one page of `limit` rows, read along IDX_users_created.
   */
  users(
    term: string,
    limit: number,
    after: readonly [string, string] | null = null,
  ): Promise<AdminUserRow[]> {
    return this.dataSource.query<AdminUserRow[]>(
      `SELECT id, username, email, "firstName", "lastName", balance::text, "isAdmin", "profileCompleted", "bannedAt",
              "suspendedUntil", "createdAt", ${cursorTime('"createdAt"')} AS "cursorAt"
         FROM users
        WHERE "deletedAt" IS NULL
          AND ($1 = '' OR lower(username) LIKE $1 || '%' OR lower(email) LIKE $1 || '%'
               OR lower("firstName") LIKE $1 || '%' OR lower("lastName") LIKE $1 || '%')
          AND ($3::timestamptz IS NULL OR ("createdAt", id) < ($3::timestamptz, $4::uuid))
        ORDER BY "createdAt" DESC, id DESC LIMIT $2`,
      [term, limit, after?.[0] ?? null, after?.[1] ?? null],
    );
  }

  /** The user named by id (`byId`) or username (any case), not deleted, locked for the transaction. */
  async lockTarget(tx: TxOrManager, who: string, byId: boolean): Promise<TargetUser | undefined> {
    const [target] = await queryIn<TargetUser[]>(
      tx,
      `SELECT id, "isAdmin", balance::text, username, "bannedAt", "suspendedUntil" FROM users
        WHERE ${byId ? 'id = $1::uuid' : 'lower(username) = lower($1)'} AND "deletedAt" IS NULL
        FOR NO KEY UPDATE`,
      [who],
    );
    return target;
  }

  async setStanding(
    tx: TxOrManager,
    userId: string,
    changes: { bannedAt?: Date | null; suspendedUntil?: Date | null },
  ): Promise<void> {
    await managerOf(tx).update('users', { id: userId }, changes);
  }

  async insertModerationAction(tx: TxOrManager, action: NewModerationAction): Promise<void> {
    await managerOf(tx).getRepository(ModerationAction).insert(action);
  }

  async insertBalanceAdjustment(tx: TxOrManager, adjustment: NewBalanceAdjustment): Promise<void> {
    await managerOf(tx).getRepository(BalanceAdjustment).insert(adjustment);
  }

  /**
   * Ends up to `batch` suspensions due at `now`, skipping rows someone is changing right now (they are
   * picked up next time), and says who imposed each one.
   */
  liftDueSuspensions(tx: TxOrManager, now: Date, batch: number): Promise<LiftedSuspension[]> {
    return queryIn<LiftedSuspension[]>(
      tx,
      `WITH due AS (
         SELECT id, "suspendedUntil" FROM users
          WHERE "suspendedUntil" IS NOT NULL AND "suspendedUntil" <= $1
          ORDER BY id LIMIT $2 FOR NO KEY UPDATE SKIP LOCKED),
       lifted AS (
         UPDATE users u SET "suspendedUntil" = NULL FROM due WHERE u.id = due.id
         RETURNING u.id, due."suspendedUntil")
       SELECT lifted.id, lifted."suspendedUntil",
              (SELECT m."adminId" FROM user_moderation_actions m
                WHERE m."userId" = lifted.id AND m.action = 'suspend'
                ORDER BY m."createdAt" DESC, m.id DESC LIMIT 1) AS "adminId"
         FROM lifted`,
      [now, batch],
    );
  }

  /** A user's own moderation history, newest first. */
  noticesFor(userId: string): Promise<NoticeRow[]> {
    return this.dataSource.query<NoticeRow[]>(
      `SELECT id, action, reason, duration, "expiresAt", coalesce((metadata->>'automatic')::boolean, false) AS automatic,
              "createdAt"
         FROM user_moderation_actions WHERE "userId" = $1
        ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
      [userId],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { BalanceAdjustment } from './balance-adjustment.entity.js';
import type { AdminAnalyticsDto, ModerationNoticeDto } from './dto/admin.dto.js';
import { ModerationAction } from './moderation-action.entity.js';

export interface NoticeRow {
  id: number;
  action: ModerationNoticeDto['action'];
  reason: string;
  duration: number | null;
  expiresAt: Date | null;
  automatic: boolean;
  createdAt: Date;
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
 * The admin panel's SQL on its own tables (moderation actions, balance adjustments, the overview's totals); the
 * account rows it acts on are users' (AccountStanding, AccountsRepository). Writes run in the caller's
 * transaction.
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

  async insertModerationAction(tx: TxOrManager, action: NewModerationAction): Promise<void> {
    await managerOf(tx).getRepository(ModerationAction).insert(action);
  }

  async insertBalanceAdjustment(tx: TxOrManager, adjustment: NewBalanceAdjustment): Promise<void> {
    await managerOf(tx).getRepository(BalanceAdjustment).insert(adjustment);
  }

  /** Who imposed each of these users' latest suspension (absent: no moderation row names one). */
  async suspendersOf(tx: TxOrManager, userIds: string[]): Promise<Map<string, string>> {
    const rows = await queryIn<{ userId: string; adminId: string }[]>(
      tx,
      `SELECT DISTINCT ON (m."userId") m."userId", m."adminId" FROM user_moderation_actions m
        WHERE m."userId" = ANY($1::uuid[]) AND m.action = 'suspend'
        ORDER BY m."userId", m."createdAt" DESC, m.id DESC`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.userId, row.adminId]));
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

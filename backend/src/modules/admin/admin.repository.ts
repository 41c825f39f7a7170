import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { cursorTime } from '../../common/http/cursor.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { BalanceAdjustment } from './balance-adjustment.entity.js';
import type { AdminAnalyticsDto, AdminUserDto, AuditEntryDto, ModerationNoticeDto } from './dto/admin.dto.js';
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

export type AuditRow = Omit<AuditEntryDto, 'createdAt'> & { createdAt: Date };

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

  async analytics(): Promise<AdminAnalyticsDto | undefined> {
    const [row] = await this.dataSource.query<AdminAnalyticsDto[]>(
      `SELECT (SELECT count(*) FROM users WHERE "deletedAt" IS NULL)::int AS "totalUsers",
              (SELECT count(*) FROM bets)::int AS "totalBets",
              (SELECT coalesce(sum(amount * 2), 0) FROM bets WHERE status IN ('active', 'disputed', 'completed'))::numeric(14,2)::text AS "totalVolume",
              (SELECT count(*) FROM bets WHERE status = 'disputed')::int AS "activeDisputes"`,
    );
    return row;
  }

  /**
   * Users whose name or email starts with `term` (already lower-cased and LIKE-escaped), newest first, after the
   * (createdAt, id) `after` when given: one page of `limit` rows, read along IDX_users_created.
   */
  users(term: string, limit: number, after: readonly [string, string] | null = null): Promise<AdminUserRow[]> {
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
    const [target] = await managerOf(tx).query<TargetUser[]>(
      `SELECT id, "isAdmin", balance::text, username, "bannedAt", "suspendedUntil" FROM users
        WHERE ${byId ? 'id = $1::uuid' : 'lower(username) = lower($1)'} AND "deletedAt" IS NULL
        FOR NO KEY UPDATE`,
      [who],
    );
    return target;
  }

  /** A warning kept in the user's activity feed. */
  async recordWarning(tx: TxOrManager, userId: string, description: string): Promise<void> {
    await managerOf(tx).query(
      `INSERT INTO bet_activities ("userId", "activityType", description) VALUES ($1, 'moderation_warning', $2)`,
      [userId, description],
    );
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
    return managerOf(tx).query<LiftedSuspension[]>(
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

  /** The audit log, most recently recorded first (by id: entries are numbered as they are written), before `before`. */
  auditLog(limit: number, before: number | null = null): Promise<AuditRow[]> {
    return this.dataSource.query<AuditRow[]>(
      `SELECT id, "adminId", action, "targetType", "targetId", reason, "previousValue", "newValue", "createdAt"
         FROM admin_audit_log WHERE ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $1`,
      [limit, before],
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

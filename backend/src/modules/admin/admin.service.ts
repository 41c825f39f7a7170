import { Injectable, Logger } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../common/errors/domain-error.js';
import { negate } from '../../common/money.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { inTransaction } from '../../database/in-transaction.js';
import { SessionStore } from '../auth/session-store.js';
import { AccountDeletionService } from '../settings/account-deletion.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { LedgerService } from '../wallet/ledger.service.js';
import { InsufficientBalanceError } from '../wallet/wallet.errors.js';
import { adminNotifications } from './admin-notifications.js';
import { AuditTrail } from '../audit/audit-trail.service.js';
import { BalanceAdjustment } from './balance-adjustment.entity.js';
import type {
  AdminAnalyticsDto,
  AdminUserDto,
  AuditEntryDto,
  BalanceAdjustmentDto,
  BalanceAdjustmentResultDto,
  ModerationActionDto,
  ModerationNoticeDto,
  ModerationResultDto,
} from './dto/admin.dto.js';
import { ModerationAction } from './moderation-action.entity.js';

/** "Until unsuspended": a date far enough away that no expiry job ever reaches it. */
export const INDEFINITE_SUSPENSION = new Date('9999-12-31T00:00:00Z');
/** The largest balance numeric(10,2) holds. */
const MAX_BALANCE = new Decimal('99999999.99');
/** How many expired suspensions one run of the job lifts; the rest wait a minute. */
const EXPIRY_BATCH = 500;
export const AUTOMATIC_UNSUSPEND_REASON = 'Suspension period ended (lifted automatically)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TargetUser {
  id: string;
  isAdmin: boolean;
  balance: string;
  username: string | null;
  bannedAt: Date | null;
  suspendedUntil: Date | null;
}

@Injectable()
export class AdminService {
  private readonly logger = new Logger(AdminService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditTrail,
    private readonly sessions: SessionStore,
    private readonly deletion: AccountDeletionService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async analytics(): Promise<AdminAnalyticsDto> {
    const [row] = await this.dataSource.query<AdminAnalyticsDto[]>(
      `SELECT (SELECT count(*) FROM users WHERE "deletedAt" IS NULL)::int AS "totalUsers",
              (SELECT count(*) FROM bets)::int AS "totalBets",
              (SELECT coalesce(sum(amount * 2), 0) FROM bets WHERE status IN ('active', 'disputed', 'completed'))::numeric(14,2)::text AS "totalVolume",
              (SELECT count(*) FROM bets WHERE status = 'disputed')::int AS "activeDisputes"`,
    );
    return row ?? { totalUsers: 0, totalBets: 0, totalVolume: '0.00', activeDisputes: 0 };
  }

  async users(q: string | undefined, limit: number, offset: number): Promise<AdminUserDto[]> {
    const term = (q ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await this.dataSource.query<
      (Omit<AdminUserDto, 'bannedAt' | 'suspendedUntil' | 'createdAt'> & {
        bannedAt: Date | null;
        suspendedUntil: Date | null;
        createdAt: Date;
      })[]
    >(
      `SELECT id, username, email, "firstName", "lastName", balance::text, "isAdmin", "profileCompleted", "bannedAt", "suspendedUntil", "createdAt"
         FROM users
        WHERE "deletedAt" IS NULL
          AND ($1 = '' OR lower(username) LIKE $1 || '%' OR lower(email) LIKE $1 || '%'
               OR lower("firstName") LIKE $1 || '%' OR lower("lastName") LIKE $1 || '%')
        ORDER BY "createdAt" DESC, id LIMIT $2 OFFSET $3`,
      [term, limit, offset],
    );
    return rows.map((row) => ({
      ...row,
      bannedAt: row.bannedAt?.toISOString() ?? null,
      suspendedUntil:
        row.suspendedUntil && row.suspendedUntil > this.clock.now() ? row.suspendedUntil.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Deposit or withdrawal through the ledger, with its adjustment row and audit entry, in one
   * transaction. The user's row is locked first, so the balance checked is the balance changed.
   */
  async adjustBalance(adminId: string, input: BalanceAdjustmentDto): Promise<BalanceAdjustmentResultDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const target = await this.findTarget(manager, input.userId);
      const amount = new Decimal(input.amount);
      const balance = new Decimal(target.balance);
      if (input.type === 'withdrawal' && amount.greaterThan(balance)) {
        throw new InsufficientBalanceError(
          `The withdrawal of ${amount.toFixed(2)} is larger than the user’s balance of ${balance.toFixed(2)}`,
        );
      }
      if (input.type === 'deposit' && balance.plus(amount).greaterThan(MAX_BALANCE)) {
        throw new BadRequestError(
          `The deposit would take the balance above ${MAX_BALANCE.toFixed(2)}`,
          'balance_limit',
          { amount: `The deposit would take the balance above ${MAX_BALANCE.toFixed(2)}` },
        );
      }
      const [entry] = await this.ledger.post(manager, [
        {
          userId: target.id,
          amount: input.type === 'deposit' ? amount.toFixed(2) : negate(amount.toFixed(2)),
          type: input.type === 'deposit' ? 'admin_deposit' : 'admin_withdrawal',
          referenceType: 'admin',
          referenceId: adminId,
          description: input.reason,
          insufficientMessage: 'The withdrawal is larger than the user’s balance',
        },
      ]);
      if (!entry) throw new InsufficientBalanceError();
      await manager.getRepository(BalanceAdjustment).insert({
        userId: target.id,
        adminId,
        amount: amount.toFixed(2),
        previousBalance: entry.balanceBefore,
        newBalance: entry.balanceAfter,
        reason: input.reason,
        type: input.type,
      });
      await this.audit.record(manager, {
        adminId,
        action: `balance_${input.type}`,
        targetType: 'user',
        targetId: target.id,
        reason: input.reason,
        previousValue: { balance: entry.balanceBefore },
        newValue: { balance: entry.balanceAfter },
        metadata: { amount: amount.toFixed(2), ledgerEntryId: entry.id },
      });
      await this.notifications.notify(manager, [
        adminNotifications.balanceAdjusted(target.id, input.type, amount.toFixed(2), input.reason),
      ]);
      this.notifications.changed(manager, [target.id], ['wallet', 'activities']);
      return { userId: target.id, previousBalance: entry.balanceBefore, newBalance: entry.balanceAfter };
    });
  }

  async moderate(adminId: string, input: ModerationActionDto): Promise<ModerationResultDto> {
    const now = this.clock.now();
    const result = await inTransaction(this.dataSource, async (manager) => {
      const target = await this.findTarget(manager, input.userId);
      if (target.isAdmin) throw new ForbiddenError('Administrators cannot be moderated', 'admin_protected');
      let expiresAt: Date | null = null;
      const changes: Record<string, Date | null> = {};
      switch (input.action) {
        case 'warn':
          // Told by a notification (below) and kept in their activity feed.
          await manager.query(
            `INSERT INTO bet_activities ("userId", "activityType", description) VALUES ($1, 'moderation_warning', $2)`,
            [target.id, `Warning from an administrator: ${input.reason}`],
          );
          break;
        case 'suspend':
          expiresAt = input.duration
            ? new Date(now.getTime() + input.duration * 86_400_000)
            : INDEFINITE_SUSPENSION;
          changes.suspendedUntil = expiresAt;
          break;
        case 'unsuspend':
          changes.suspendedUntil = null;
          break;
        case 'ban':
          changes.bannedAt = now;
          break;
        case 'unban':
          changes.bannedAt = null;
          break;
      }
      if (Object.keys(changes).length > 0) await manager.update('users', { id: target.id }, changes);
      await manager.getRepository(ModerationAction).insert({
        userId: target.id,
        adminId,
        action: input.action,
        reason: input.reason,
        duration: input.action === 'suspend' ? (input.duration ?? null) : null,
        expiresAt,
      });
      await this.audit.record(manager, {
        adminId,
        action: `moderation_${input.action}`,
        targetType: 'user',
        targetId: target.id,
        reason: input.reason,
        previousValue: { bannedAt: target.bannedAt, suspendedUntil: target.suspendedUntil },
        newValue: { ...changes },
      });
      const notice = adminNotifications.moderated(
        target.id,
        input.action,
        input.reason,
        expiresAt === INDEFINITE_SUSPENSION ? null : expiresAt,
      );
      if (notice) await this.notifications.notify(manager, [notice]);
      this.notifications.changed(manager, [target.id], ['profile', 'activities']);
      return { action: input.action, expiresAt: expiresAt?.toISOString() ?? null, userId: target.id };
    });
    // A ban revokes every token at once (the authenticator also refuses banned users on every request).
    if (input.action === 'ban') await this.sessions.destroyAllFor(result.userId);
    return result;
  }

  /**
   * Suspensions end by themselves (the job runs every minute). One instance does it at a time
   * (transaction-scoped advisory lock); rows an admin is changing right now are skipped and picked up
   * next time. Each lifted suspension gets an automatic 'unsuspend' moderation row and audit entry,
   * attributed to the admin who imposed it. Returns how many were lifted.
   */
  async liftExpiredSuspensions(): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => {
      if (!(await tryJobLock(manager, 'suspensionLifts'))) return 0;
      const lifted = await manager.query<{ id: string; suspendedUntil: Date; adminId: string | null }[]>(
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
        [this.clock.now(), EXPIRY_BATCH],
      );
      // One notify for the batch: it locks every recipient at once, in its own order (see notify).
      await this.notifications.notify(
        manager,
        lifted.flatMap(
          (row) => adminNotifications.moderated(row.id, 'unsuspend', AUTOMATIC_UNSUSPEND_REASON) ?? [],
        ),
      );
      for (const row of lifted) {
        if (!row.adminId) {
          // Suspended outside the panel (no moderation row names an admin): lifted, nobody to attribute.
          this.logger.warn({ userId: row.id }, 'Lifted a suspension no admin action recorded');
          continue;
        }
        await manager.getRepository(ModerationAction).insert({
          userId: row.id,
          adminId: row.adminId,
          action: 'unsuspend',
          reason: AUTOMATIC_UNSUSPEND_REASON,
          duration: null,
          expiresAt: null,
          metadata: { automatic: true },
        });
        await this.audit.record(manager, {
          adminId: row.adminId,
          action: 'moderation_unsuspend',
          targetType: 'user',
          targetId: row.id,
          reason: AUTOMATIC_UNSUSPEND_REASON,
          previousValue: { suspendedUntil: row.suspendedUntil },
          newValue: { suspendedUntil: null },
          metadata: { automatic: true },
        });
      }
      return lifted.length;
    });
  }

  /**
   * Deletes a user (docs/product.md §10, accounts) in one transaction, through the same steps as
   * self-service deletion
   * (AccountDeletionService.deleteWithin: open bets voided and refunded, friendships dropped, the row
   * anonymised to a tombstone), plus the audit entry. Every session ends after the commit; the
   * authenticator already refuses the tombstone from the commit on.
   */
  async deleteUser(adminId: string, userId: string): Promise<void> {
    const deletedId = await inTransaction(this.dataSource, async (manager) => {
      const target = await this.findTarget(manager, userId);
      if (target.isAdmin) throw new ForbiddenError('Administrators cannot be deleted', 'admin_protected');
      await this.deletion.deleteWithin(manager, target.id);
      await this.audit.record(manager, {
        adminId,
        action: 'delete_user',
        targetType: 'user',
        targetId: target.id,
        previousValue: { username: target.username, balance: target.balance },
        newValue: { deleted: true },
      });
      return target.id;
    });
    await this.sessions.destroyAllFor(deletedId);
  }

  async auditLog(limit: number, offset: number): Promise<AuditEntryDto[]> {
    const rows = await this.dataSource.query<(Omit<AuditEntryDto, 'createdAt'> & { createdAt: Date })[]>(
      `SELECT id, "adminId", action, "targetType", "targetId", reason, "previousValue", "newValue", "createdAt"
         FROM admin_audit_log ORDER BY "createdAt" DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  /** A user's own moderation history (warnings, suspensions, bans and their lifting), newest first. */
  async noticesFor(userId: string): Promise<ModerationNoticeDto[]> {
    const rows = await this.dataSource.query<
      {
        id: number;
        action: ModerationNoticeDto['action'];
        reason: string;
        duration: number | null;
        expiresAt: Date | null;
        automatic: boolean;
        createdAt: Date;
      }[]
    >(
      `SELECT id, action, reason, duration, "expiresAt", coalesce((metadata->>'automatic')::boolean, false) AS automatic,
              "createdAt"
         FROM user_moderation_actions WHERE "userId" = $1
        ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
      [userId],
    );
    return rows.map((row) => ({
      ...row,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The user named by id or username (any case), locked for the rest of the transaction. */
  private async findTarget(manager: EntityManager, who: string): Promise<TargetUser> {
    const byId = UUID.test(who);
    const [target] = await manager.query<TargetUser[]>(
      `SELECT id, "isAdmin", balance::text, username, "bannedAt", "suspendedUntil" FROM users
        WHERE ${byId ? 'id = $1::uuid' : 'lower(username) = lower($1)'} AND "deletedAt" IS NULL
        FOR NO KEY UPDATE`,
      [who],
    );
    if (!target) throw new NotFoundError('User not found', 'user_not_found');
    return target;
  }
}

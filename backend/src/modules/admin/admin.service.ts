import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { ForbiddenError, NotFoundError } from '../../common/errors/domain-error.js';
import { negate } from '../../common/money.js';
import { inTransaction } from '../../database/in-transaction.js';
import { SessionStore } from '../auth/session-store.js';
import { AccountDeletionService } from '../settings/account-deletion.service.js';
import { LedgerService } from '../wallet/ledger.service.js';
import { InsufficientBalanceError } from '../wallet/wallet.errors.js';
import { AuditTrail } from './audit-trail.service.js';
import { BalanceAdjustment } from './balance-adjustment.entity.js';
import type {
  AdminAnalyticsDto,
  AdminUserDto,
  AuditEntryDto,
  BalanceAdjustmentDto,
  ModerationActionDto,
} from './dto/admin.dto.js';
import { ModerationAction } from './moderation-action.entity.js';

/** "Until unsuspended": a date far enough away that no expiry job ever reaches it. */
const INDEFINITE = new Date('9999-12-31T00:00:00Z');
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
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditTrail,
    private readonly sessions: SessionStore,
    private readonly deletion: AccountDeletionService,
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

  /** Deposit or withdrawal through the ledger, with its adjustment row and audit entry, in one transaction. */
  async adjustBalance(
    adminId: string,
    input: BalanceAdjustmentDto,
  ): Promise<{ previousBalance: string; newBalance: string }> {
    return inTransaction(this.dataSource, async (manager) => {
      const target = await this.findTarget(manager, input.userId);
      const amount = input.type === 'deposit' ? input.amount : negate(input.amount);
      const [entry] = await this.ledger.post(manager, [
        {
          userId: target.id,
          amount,
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
        amount: input.amount,
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
      });
      return { previousBalance: entry.balanceBefore, newBalance: entry.balanceAfter };
    });
  }

  async moderate(
    adminId: string,
    input: ModerationActionDto,
  ): Promise<{ action: string; expiresAt: string | null }> {
    const now = this.clock.now();
    const result = await inTransaction(this.dataSource, async (manager) => {
      const target = await this.findTarget(manager, input.userId);
      if (target.isAdmin) throw new ForbiddenError('Administrators cannot be moderated', 'admin_protected');
      let expiresAt: Date | null = null;
      const changes: Record<string, Date | null> = {};
      switch (input.action) {
        case 'warn':
          // The warned user is told through their activity feed (the notifications issue will add a bell).
          await manager.query(
            `INSERT INTO bet_activities ("userId", "activityType", description) VALUES ($1, 'moderation_warning', $2)`,
            [target.id, `Warning from an administrator: ${input.reason}`],
          );
          break;
        case 'suspend':
          expiresAt = input.duration ? new Date(now.getTime() + input.duration * 86_400_000) : INDEFINITE;
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
      return { action: input.action, expiresAt: expiresAt?.toISOString() ?? null, userId: target.id };
    });
    // A ban revokes every token at once (the authenticator also refuses banned users on every request).
    if (input.action === 'ban') await this.sessions.destroyAllFor(result.userId);
    return { action: result.action, expiresAt: result.expiresAt };
  }

  /** Suspensions end by themselves; run every minute under an advisory lock so one instance does it. */
  async liftExpiredSuspensions(): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => {
      const [lock] = await manager.query<{ ok: boolean }[]>(
        `SELECT pg_try_advisory_xact_lock($1) AS ok`,
        [0x0b37_0003],
      );
      if (!lock?.ok) return 0;
      const lifted = await manager.query<{ id: string }[]>(
        `WITH lifted AS (
           UPDATE users SET "suspendedUntil" = NULL WHERE "suspendedUntil" IS NOT NULL AND "suspendedUntil" <= $1 RETURNING id)
         SELECT id FROM lifted`,
        [this.clock.now()],
      );
      return lifted.length;
    });
  }

  async deleteUser(adminId: string, userId: string): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
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
    });
    await this.sessions.destroyAllFor(userId);
  }

  async auditLog(limit: number, offset: number): Promise<AuditEntryDto[]> {
    const rows = await this.dataSource.query<(Omit<AuditEntryDto, 'createdAt'> & { createdAt: Date })[]>(
      `SELECT id, "adminId", action, "targetType", "targetId", reason, "previousValue", "newValue", "createdAt"
         FROM admin_audit_log ORDER BY "createdAt" DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
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

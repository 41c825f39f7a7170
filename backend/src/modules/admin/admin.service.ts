import { Injectable, Logger } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { Clock } from '../../common/clock.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../common/errors/domain-error.js';
import { decodeCursor, encodeCursor, pageOf } from '../../common/http/cursor.js';
import { negate } from '../../common/money.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { Transactor, type Tx } from '../../database/transactor.js';
import { SessionStore } from '../auth/index.js';
import { AccountDeletionService } from '../settings/index.js';
import { NotificationsService } from '../notifications/index.js';
import { BetActivityRecorder, BetsDeletionParticipant } from '../bets/index.js';
import { InsufficientBalanceError, LedgerService } from '../wallet/index.js';
import {
  AccountsRepository,
  AccountStanding,
  type ModeratedAccount,
  runningSuspension,
} from '../users/index.js';
import { adminNotifications } from './admin-notifications.js';
import { AuditTrail } from '../audit/index.js';
import { AdminRepository } from './admin.repository.js';
import type {
  AdminAnalyticsDto,
  AdminUserPageDto,
  AuditLogPageDto,
  BalanceAdjustmentDto,
  BalanceAdjustmentResultDto,
  ModerationActionDto,
  ModerationNoticeDto,
  ModerationResultDto,
} from './dto/admin.dto.js';

/** "Until unsuspended": a date far enough away that no expiry job ever reaches it. */
export const INDEFINITE_SUSPENSION = new Date('9999-12-31T00:00:00Z');
/** The largest balance numeric(10,2) holds. */
const MAX_BALANCE = new Decimal('99999999.99');
/** How many expired suspensions one run of the job lifts; the rest wait a minute. */
const EXPIRY_BATCH = 500;
export const AUTOMATIC_UNSUSPEND_REASON = 'Suspension period ended (lifted automatically)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class AdminService {
  private readonly logger = new Logger(AdminService.name);

  constructor(
    private readonly transactor: Transactor,
    private readonly repository: AdminRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditTrail,
    private readonly sessions: SessionStore,
    private readonly deletion: AccountDeletionService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly bets: BetsDeletionParticipant,
    private readonly activities: BetActivityRecorder,
    private readonly standing: AccountStanding,
    private readonly accounts: AccountsRepository,
  ) {}

  async analytics(): Promise<AdminAnalyticsDto> {
    return (
      (await this.repository.analytics()) ?? {
        totalUsers: 0,
        totalBets: 0,
        totalVolume: '0.00',
        activeDisputes: 0,
      }
    );
  }

  /**
   * Scheduled: folds the overview's change rows into one (see AdminRepository.compactTotals), on one instance
   * at a time; answers how many rows it folded.
   */
  async compactTotals(): Promise<number> {
    return this.transactor.run(async (tx) =>
      (await tryJobLock(tx, 'adminTotals')) ? this.repository.compactTotals(tx) : 0,
    );
  }

  /** A page of accounts, newest first, for the panel's Users tab; paged by (createdAt, id). */
  async users(q: string | undefined, limit: number, before?: string): Promise<AdminUserPageDto> {
    const term = (q ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await this.accounts.adminPage(term, limit + 1, decodeCursor(before, ['timestamp', 'uuid']));
    const page = pageOf(rows, limit, (row) => encodeCursor([row.cursorAt, row.id]));
    return {
      items: page.rows.map(({ cursorAt: _cursor, ...row }) => ({
        ...row,
        bannedAt: row.bannedAt?.toISOString() ?? null,
        suspendedUntil: runningSuspension(row.suspendedUntil, this.clock.now()),
        createdAt: row.createdAt.toISOString(),
      })),
      nextBefore: page.nextBefore,
    };
  }

  /**
   * Deposit or withdrawal through the ledger, with its adjustment row and audit entry, in one
   * transaction. The user's row is locked first, so the balance checked is the balance changed.
   */
  async adjustBalance(adminId: string, input: BalanceAdjustmentDto): Promise<BalanceAdjustmentResultDto> {
    return this.transactor.run(async (tx) => {
      const target = await this.findTarget(tx, input.userId);
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
      const [entry] = await this.ledger.post(tx, [
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
      await this.repository.insertBalanceAdjustment(tx, {
        userId: target.id,
        adminId,
        amount: amount.toFixed(2),
        previousBalance: entry.balanceBefore,
        newBalance: entry.balanceAfter,
        reason: input.reason,
        type: input.type,
      });
      await this.audit.record(tx, {
        adminId,
        action: `balance_${input.type}`,
        targetType: 'user',
        targetId: target.id,
        reason: input.reason,
        previousValue: { balance: entry.balanceBefore },
        newValue: { balance: entry.balanceAfter },
        metadata: { amount: amount.toFixed(2), ledgerEntryId: entry.id },
      });
      await this.notifications.notify(tx, [
        adminNotifications.balanceAdjusted(target.id, input.type, amount.toFixed(2), input.reason),
      ]);
      this.notifications.changed(tx, [target.id], ['wallet', 'activities']);
      return { userId: target.id, previousBalance: entry.balanceBefore, newBalance: entry.balanceAfter };
    });
  }

  async moderate(adminId: string, input: ModerationActionDto): Promise<ModerationResultDto> {
    const now = this.clock.now();
    const result = await this.transactor.run(async (tx) => {
      const target = await this.findTarget(tx, input.userId);
      if (target.isAdmin) throw new ForbiddenError('Administrators cannot be moderated', 'admin_protected');
      let expiresAt: Date | null = null;
      const changes: { bannedAt?: Date | null; suspendedUntil?: Date | null } = {};
      switch (input.action) {
        case 'warn':
          // Told by a notification (below) and kept in their activity feed.
          await this.activities.recordWarning(
            tx,
            target.id,
            `Warning from an administrator: ${input.reason}`,
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
          // In the same transaction as the ban: no challenge of theirs can be accepted after it commits.
          await this.bets.voidPendingBetsOf(tx, target.id);
          break;
        case 'unban':
          changes.bannedAt = null;
          break;
      }
      if (Object.keys(changes).length > 0) await this.standing.setStanding(tx, target.id, changes);
      await this.repository.insertModerationAction(tx, {
        userId: target.id,
        adminId,
        action: input.action,
        reason: input.reason,
        duration: input.action === 'suspend' ? (input.duration ?? null) : null,
        expiresAt,
      });
      await this.audit.record(tx, {
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
      if (notice) await this.notifications.notify(tx, [notice]);
      this.notifications.changed(tx, [target.id], ['profile', 'activities']);
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
    return this.transactor.run(async (tx) => {
      if (!(await tryJobLock(tx, 'suspensionLifts'))) return 0;
      const due = await this.standing.liftDueSuspensions(tx, this.clock.now(), EXPIRY_BATCH);
      const suspenders =
        due.length > 0
          ? await this.repository.suspendersOf(
              tx,
              due.map((row) => row.id),
            )
          : null;
      const lifted = due.map((row) => ({ ...row, adminId: suspenders?.get(row.id) ?? null }));
      // One notify for the batch: it locks every recipient at once, in its own order (see notify).
      await this.notifications.notify(
        tx,
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
        await this.repository.insertModerationAction(tx, {
          userId: row.id,
          adminId: row.adminId,
          action: 'unsuspend',
          reason: AUTOMATIC_UNSUSPEND_REASON,
          duration: null,
          expiresAt: null,
          metadata: { automatic: true },
        });
        await this.audit.record(tx, {
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
    const deletedId = await this.transactor.run(async (tx) => {
      const target = await this.findTarget(tx, userId);
      if (target.isAdmin) throw new ForbiddenError('Administrators cannot be deleted', 'admin_protected');
      await this.deletion.deleteWithin(tx, target.id);
      await this.audit.record(tx, {
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

  /** A page of the audit log, most recently recorded first. */
  async auditLog(limit: number, before?: number): Promise<AuditLogPageDto> {
    const rows = await this.audit.log(limit + 1, before ?? null);
    const page = pageOf(rows, limit, (row) => row.id);
    return {
      items: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      nextBefore: page.nextBefore,
    };
  }

  /** A user's own moderation history (warnings, suspensions, bans and their lifting), newest first. */
  async noticesFor(userId: string): Promise<ModerationNoticeDto[]> {
    const rows = await this.repository.noticesFor(userId);
    return rows.map((row) => ({
      ...row,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The user named by id or username (any case), locked for the rest of the transaction. */
  private async findTarget(tx: Tx, who: string): Promise<ModeratedAccount> {
    const target = await this.standing.lockForAdmin(tx, who, UUID.test(who));
    if (!target) throw new NotFoundError('User not found', 'user_not_found');
    return target;
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { inTransaction } from '../../database/in-transaction.js';
import { DisputeResolution } from './dispute-resolution.entity.js';
import { LedgerService } from '../wallet/ledger.service.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { disputedLines } from './bet-activity-lines.js';
import { betNotifications } from './bet-notifications.js';
import { BetTransitions, refundPosting } from './bet-transitions.js';

/** Hours after expiresAt that an active bet with missing or one-sided reports goes to an admin. */
export const REPORTING_GRACE_HOURS = 24;

/** What happens to bets when their time runs out, run every minute by BetDeadlinesJob. */
@Injectable()
export class BetDeadlinesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transitions: BetTransitions,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly clock: Clock,
  ) {}

  /**
   * Scheduled: refunds pending bets nobody accepted in time, and sends active bets still unsettled
   * REPORTING_GRACE_HOURS after their deadline to admin review. Runs once across instances (advisory
   * lock); rows being changed by a user right now are skipped and picked up next time.
   */
  async processDeadlines(): Promise<{ expired: number; disputed: number }> {
    return inTransaction(this.dataSource, async (manager) => {
      if (!(await tryJobLock(manager, 'betDeadlines'))) return { expired: 0, disputed: 0 };
      const now = this.clock.now();
      const due = await manager.query<{ id: number }[]>(
        `SELECT id FROM bets WHERE status = 'pending' AND "expiresAt" <= $1 ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      for (const { id } of due) {
        const bet = await this.transitions.lock(manager, id);
        await this.ledger.post(manager, [refundPosting(bet, bet.creatorId, 'Expired, refunded')]);
        await this.transitions.moveTo(manager, bet, 'expire', {});
        await this.activities.record(manager, bet.id, [
          { userId: bet.creatorId, type: 'bet_expired', description: `Bet expired unanswered: ${bet.title}` },
        ]);
        await this.transitions.announce(manager, bet, betNotifications.expired(bet));
      }
      const overdue = await manager.query<{ id: number }[]>(
        `SELECT id FROM bets WHERE status = 'active' AND "expiresAt" <= $1 ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
        [new Date(now.getTime() - REPORTING_GRACE_HOURS * 3_600_000)],
      );
      for (const { id } of overdue) {
        const bet = await this.transitions.lock(manager, id);
        await this.transitions.moveTo(manager, bet, 'deadline', {
          finalResult: 'disputed',
          resolutionDate: now,
        });
        await manager.getRepository(DisputeResolution).insert({
          betId: bet.id,
          reporterId: bet.creatorResult !== null || bet.opponentId === null ? bet.creatorId : bet.opponentId,
          reason: 'Reporting deadline passed without matching reports',
          status: 'pending',
        });
        await this.activities.record(manager, bet.id, disputedLines(bet));
        await this.transitions.announce(manager, bet, betNotifications.disputed(bet, null));
      }
      return { expired: due.length, disputed: overdue.length };
    });
  }
}

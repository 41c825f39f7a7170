import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { Transactor } from '../../database/transactor.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { disputedLines } from './bet-activity-lines.js';
import { betNotifications } from './bet-notifications.js';
import { BetTransitions, refundPosting } from './bet-transitions.js';
import { BetsRepository } from './bets.repository.js';
import { potNotifications } from './pot-notifications.js';
import { PotsService } from './pots.service.js';

/** Hours after expiresAt that an active bet with missing or one-sided reports goes to an admin. */
export const REPORTING_GRACE_HOURS = 24;

/** What happens to bets when their time runs out, run every minute by BetDeadlinesJob. */
@Injectable()
export class BetDeadlinesService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly transitions: BetTransitions,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly pots: PotsService,
    private readonly clock: Clock,
  ) {}

  /**
   * Scheduled: refunds pending bets nobody accepted in time, and sends active bets still unsettled
   * REPORTING_GRACE_HOURS after their deadline to admin review. Runs once across instances (advisory
   * lock); rows being changed by a user right now are skipped and picked up next time.
   */
  async processDeadlines(): Promise<{ expired: number; disputed: number }> {
    return this.transactor.run(async (tx) => {
      if (!(await tryJobLock(tx, 'betDeadlines'))) return { expired: 0, disputed: 0 };
      const now = this.clock.now();
      const due = await this.bets.unansweredBy(tx, now);
      for (const id of due) {
        const bet = await this.transitions.lock(tx, id);
        await this.ledger.post(tx, [refundPosting(bet, bet.creatorId, 'Expired, refunded')]);
        await this.transitions.moveTo(tx, bet, 'expire', {});
        await this.activities.record(tx, bet.id, [
          { userId: bet.creatorId, type: 'bet_expired', description: `Bet expired unanswered: ${bet.title}` },
        ]);
        await this.transitions.announce(tx, bet, betNotifications.expired(bet));
      }
      const overdue = await this.bets.unsettledSince(
        tx,
        new Date(now.getTime() - REPORTING_GRACE_HOURS * 3_600_000),
      );
      for (const id of overdue) {
        const bet = await this.transitions.lock(tx, id);
        await this.transitions.moveTo(tx, bet, 'deadline', {
          finalResult: 'disputed',
          resolutionDate: now,
        });
        await this.bets.openDispute(
          tx,
          bet.id,
          bet.creatorResult !== null || bet.opponentId === null ? bet.creatorId : bet.opponentId,
          'Reporting deadline passed without matching reports',
        );
        if (bet.kind === 'pot') {
          const seats = await this.pots.seatsOf(tx, bet.id);
          const players = seats.filter((seat) => seat.joinedAt !== null).map((seat) => seat.userId);
          await this.activities.record(
            tx,
            bet.id,
            players.map((userId) => ({
              userId,
              type: 'bet_disputed' as const,
              description: `Bet disputed, under review: ${bet.title}`,
            })),
          );
          await this.pots.announce(tx, bet, potNotifications.disputed(bet, players), seats);
          continue;
        }
        await this.activities.record(tx, bet.id, disputedLines(bet));
        await this.transitions.announce(tx, bet, betNotifications.disputed(bet, null));
      }
      return { expired: due.length, disputed: overdue.length };
    });
  }

  /**
   * Scheduled with the deadlines above: locks the group pots whose join deadline passed (void, and refunded,
   * with fewer than two players or one pick only). Joins racing it queue on the pot's row: each lands before
   * the lock (and plays) or after it (refused, nothing moved).
   */
  async lockDuePots(): Promise<{ locked: number }> {
    return this.transactor.run(async (tx) => {
      if (!(await tryJobLock(tx, 'betDeadlines'))) return { locked: 0 };
      const now = this.clock.now();
      const due = await this.bets.potsToLock(tx, now);
      for (const id of due) await this.pots.lockLocked(tx, await this.transitions.lock(tx, id), now);
      return { locked: due.length };
    });
  }
}

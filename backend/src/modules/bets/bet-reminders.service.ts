import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { Transactor } from '../../database/transactor.js';
import { NotificationsService } from '../notifications/index.js';
import { betNotifications } from './bet-notifications.js';
import { BetParticipantsRepository } from './bet-participants.repository.js';
import { BetsRepository, type RemindedBet } from './bets.repository.js';
import { potNotifications } from './pot-notifications.js';

/** The reminder goes out when between these many hours are left (docs/product.md §9: 0.9 to 1 hour). */
export const REMINDER_WINDOW_HOURS = { from: 0.9, to: 1 } as const;
const HOUR_MS = 3_600_000;

/**
 * Expiring-bet reminders: an hour before a bet's deadline, whoever still has to act is told once — the
 * opponent of an unanswered challenge, the parties of an active bet who have not reported. "Once" holds
 * across reruns and instances: the job takes an advisory lock, and each bet is stamped `reminderSentAt`
 * in the same transaction as its notifications.
 */
@Injectable()
export class BetRemindersService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly seats: BetParticipantsRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /** Sends the reminders that are due now; returns how many bets were reminded. */
  async sendDue(): Promise<number> {
    return this.transactor.run(async (tx) => {
      if (!(await tryJobLock(tx, 'betReminders'))) return 0;
      const now = this.clock.now().getTime();
      const due = await this.bets.stampReminders(
        tx,
        new Date(now),
        new Date(now + REMINDER_WINDOW_HOURS.from * HOUR_MS),
        new Date(now + REMINDER_WINDOW_HOURS.to * HOUR_MS),
      );
      // A group pot reminds its players who have not reported (a pot still taking players locks first).
      const silent = await this.seats.silentPlayers(
        tx,
        due.filter((bet) => bet.kind === 'pot').map((bet) => bet.id),
      );
      // One notify for the batch: it locks every recipient at once, in its own order (see notify).
      await this.notifications.notify(
        tx,
        due.flatMap((bet) =>
          bet.kind === 'pot'
            ? bet.status === 'active'
              ? potNotifications.reminder(bet, silent.get(bet.id) ?? [])
              : []
            : betNotifications.expiring(bet, stillToAct(bet), bet.status),
        ),
      );
      return due.length;
    });
  }
}

/** Who has something left to do before the deadline. */
export function stillToAct(bet: RemindedBet): string[] {
  if (bet.status === 'pending') return bet.opponentId ? [bet.opponentId] : [];
  const waiting: string[] = [];
  if (bet.creatorResult === null) waiting.push(bet.creatorId);
  if (bet.opponentId !== null && bet.opponentResult === null) waiting.push(bet.opponentId);
  return waiting;
}

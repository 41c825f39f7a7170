import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { inTransaction } from '../../database/in-transaction.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { betNotifications } from './bet-notifications.js';

/** The reminder goes out when between these many hours are left (docs/product.md §9: 0.9 to 1 hour). */
export const REMINDER_WINDOW_HOURS = { from: 0.9, to: 1 } as const;
const HOUR_MS = 3_600_000;

interface DueBet {
  id: number;
  title: string;
  amount: string;
  status: 'pending' | 'active';
  creatorId: string;
  opponentId: string | null;
  creatorResult: string | null;
  opponentResult: string | null;
}

/**
 * Expiring-bet reminders: an hour before a bet's deadline, whoever still has to act is told once — the
 * opponent of an unanswered challenge, the parties of an active bet who have not reported. "Once" holds
 * across reruns and instances: the job takes an advisory lock, and each bet is stamped `reminderSentAt`
 * in the same transaction as its notifications.
 */
@Injectable()
export class BetRemindersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /** Sends the reminders that are due now; returns how many bets were reminded. */
  async sendDue(): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => {
      if (!(await tryJobLock(manager, 'betReminders'))) return 0;
      const now = this.clock.now().getTime();
      // For an UPDATE, TypeORM answers [rows, affected].
      const [due] = await manager.query<[DueBet[], number]>(
        `UPDATE bets SET "reminderSentAt" = $1
          WHERE id IN (SELECT id FROM bets
                        WHERE status IN ('pending', 'active') AND "reminderSentAt" IS NULL
                          AND "expiresAt" > $2 AND "expiresAt" <= $3
                        ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED)
          RETURNING id, title, amount::text AS amount, status, "creatorId", "opponentId",
                    "creatorResult", "opponentResult"`,
        [
          new Date(now),
          new Date(now + REMINDER_WINDOW_HOURS.from * HOUR_MS),
          new Date(now + REMINDER_WINDOW_HOURS.to * HOUR_MS),
        ],
      );
      // One notify for the batch: it locks every recipient at once, in its own order (see notify).
      await this.notifications.notify(
        manager,
        due.flatMap((bet) => betNotifications.expiring(bet, stillToAct(bet), bet.status)),
      );
      return due.length;
    });
  }
}

/** Who has something left to do before the deadline. */
export function stillToAct(bet: DueBet): string[] {
  if (bet.status === 'pending') return bet.opponentId ? [bet.opponentId] : [];
  const waiting: string[] = [];
  if (bet.creatorResult === null) waiting.push(bet.creatorId);
  if (bet.opponentId !== null && bet.opponentResult === null) waiting.push(bet.opponentId);
  return waiting;
}

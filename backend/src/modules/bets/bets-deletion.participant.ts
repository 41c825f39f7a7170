import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TxOrManager } from '../../database/transactor.js';
import { type AccountDeletionParticipant, AccountDeletionParticipants } from '../users/index.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { betNotifications } from './bet-notifications.js';
import { BetTransitions, partiesOf, refundPosting } from './bet-transitions.js';
import { BetsRepository } from './bets.repository.js';
import { PotsService } from './pots.service.js';
import { RefereeService } from './referee.service.js';

/**
 * The bets side of deleting an account, inside the deletion's transaction: pending bets cancelled with the
 * creator refunded, active and disputed bets voided with both stakes refunded, and the bets they referee handed
 * on (docs/product.md, "Referee bets").
 */
@Injectable()
export class BetsDeletionParticipant implements AccountDeletionParticipant, OnModuleInit {
  readonly name = 'bets';
  readonly order = 10;

  constructor(
    private readonly participants: AccountDeletionParticipants,
    private readonly bets: BetsRepository,
    private readonly transitions: BetTransitions,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly pots: PotsService,
    private readonly referees?: RefereeService,
  ) {}

  onModuleInit(): void {
    this.participants.register(this);
  }

  async run(tx: TxOrManager, userId: string): Promise<void> {
    await this.voidOpenBetsOf(tx, userId);
    // Bets they referee (none of which they play) are handed on: a new referee, or an admin.
    await this.referees?.handOverRefereeingOf(tx, userId);
  }

  /**
   * Account deletion: every open bet of the user ends with the stakes returned to whoever put them in.
   * Runs inside the deletion's transaction.
   */
  async voidOpenBetsOf(tx: TxOrManager, userId: string): Promise<number> {
    return this.voidBets(tx, userId, await this.bets.openBetsOf(tx, userId));
  }

  /**
   * A ban, inside the moderation's transaction: every challenge of the person nobody has accepted yet (open
   * links and direct challenges, theirs or to them) ends with the creator refunded, so nobody can stake
   * against an account that will never report. Active and disputed bets go on to their deadlines and
   * admins, as before.
   */
  async voidPendingBetsOf(tx: TxOrManager, userId: string): Promise<number> {
    return this.voidBets(tx, userId, await this.bets.openBetsOf(tx, userId, ['pending']));
  }

  private async voidBets(tx: TxOrManager, userId: string, open: number[]): Promise<number> {
    // Every account the loop refunds is locked first, in id order: voiding an active bet locks both players'
    // stats rows (migration UserStatsCounters), so taking the next bet's accounts only after that would hold
    // one counterparty's stats row while waiting for another's account, and a settlement between those two
    // (which locks the winner's account, then both stats rows) would close the circle.
    await this.ledger.lockAccounts(tx, await this.bets.partiesOfBets(tx, open));
    for (const id of open) {
      const bet = await this.transitions.lock(tx, id);
      if (bet.kind === 'pot') {
        await this.pots.voidLocked(tx, bet, 'a player’s account was closed.');
        continue;
      }
      const refunds = [refundPosting(bet, bet.creatorId, 'Voided, refunded')];
      if (bet.status !== 'pending' && bet.opponentId)
        refunds.push(refundPosting(bet, bet.opponentId, 'Voided, refunded'));
      await this.ledger.post(tx, refunds);
      await this.transitions.moveTo(tx, bet, 'void', {});
      const others = partiesOf(bet).filter((id) => id !== userId);
      await this.activities.record(
        tx,
        bet.id,
        others.map((id) => ({
          userId: id,
          type: 'bet_cancelled',
          description: `Bet cancelled, stake refunded: ${bet.title}`,
        })),
      );
      await this.transitions.announce(tx, bet, betNotifications.voided(bet, others));
    }
    return open.length;
  }
}

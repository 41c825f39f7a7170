import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { Transactor } from '../../database/transactor.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { offerTurn } from './bet-lifecycle.js';
import { BetTransitions, partiesOf } from './bet-transitions.js';
import { BetsRepository } from './bets.repository.js';
import type { Bet } from './bet.entity.js';
import { BetStateError, InvalidBetError, NotYourMoveError } from './bets.errors.js';
import { refereeNotifications } from './referee-notifications.js';

/**
 * Counter-offers on a pending duel (docs/product.md, "Counter-offers"): the side whose turn it is offers the
 * stake the opponent would put in (and the opponent another pick); the other side accepts it (the existing
 * accept), counters back, or declines. The creator's stake, already in escrow, never changes; at most
 * MAX_COUNTER_ROUNDS offers. Each offer is one transaction on the locked bet, so a counter racing an accept or
 * a withdrawal queues behind it and finds the challenge answered (409), changing nothing.
 */
@Injectable()
export class CounterOffersService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly transitions: BetTransitions,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async counter(userId: string, betId: number, opponentAmount: string, opponentPick?: string): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.transitions.lockForParty(tx, betId, userId);
      if (bet.kind === 'pot') throw new BetStateError('Counter-offers are for challenges between two people');
      this.transitions.assertCan(bet, 'counter');
      if (bet.opponentId === null) throw new BetStateError('Nobody has taken this open challenge yet');
      if (bet.expiresAt && bet.expiresAt <= now) throw new BetStateError('This challenge has expired');
      const turn = offerTurn(bet);
      const turnId = turn === 'creator' ? bet.creatorId : bet.opponentId;
      if (userId !== turnId)
        throw new NotYourMoveError('Your offer is with the other side: wait for their answer');
      if (bet.offerRounds >= this.config.MAX_COUNTER_ROUNDS) {
        throw new BetStateError(
          `No more counter-offers: ${this.config.MAX_COUNTER_ROUNDS} at most. Accept or decline this one`,
        );
      }
      await this.transitions.assertMayBet(tx, userId, now);
      const pick = this.pickFor(bet, opponentPick);
      const theirs = new Decimal(opponentAmount).toFixed(2);
      // An offer the opponent could not pay would only fail at acceptance: refused now.
      const balance = await this.ledger.balanceOf(tx, bet.opponentId);
      if (new Decimal(balance ?? 0).lt(theirs)) {
        throw new InvalidBetError(
          userId === bet.opponentId
            ? 'You do not have that much in your wallet'
            : 'Your opponent does not have that much in their wallet',
          'opponentAmount',
        );
      }
      const round = bet.offerRounds + 1;
      await this.bets.insertOffer(tx, {
        betId: bet.id,
        round,
        byUserId: userId,
        opponentAmount: theirs,
        opponentPick: pick,
        at: now,
      });
      const terms = { opponentAmount: theirs, offerBy: userId, offerPick: pick, offerRounds: round };
      await this.transitions.moveTo(tx, bet, 'counter', terms);
      const countered: Bet = { ...bet, ...terms };
      const other = userId === bet.creatorId ? bet.opponentId : bet.creatorId;
      await this.activities.record(
        tx,
        bet.id,
        partiesOf(bet).map((id) => ({
          userId: id,
          type: 'counter_offer' as const,
          description: `${id === userId ? 'You made' : 'You received'} a counter-offer (round ${round}): ${bet.title}`,
        })),
      );
      // The recipient reads the terms from their side: their own stake first.
      const [yours, against] = other === bet.creatorId ? [bet.amount, theirs] : [theirs, bet.amount];
      await this.transitions.announce(
        tx,
        countered,
        refereeNotifications.countered(countered, userId, other, against, yours),
      );
      return countered;
    });
  }

  /**
   * The opponent's pick the offer carries: the one given (an outcome other than the creator's), else the one
   * already offered, else, with two outcomes, the only other one. With more, an opponent's counter must say.
   */
  private pickFor(bet: Bet, given: string | undefined): string | null {
    if (given !== undefined) {
      if (!bet.outcomes.includes(given))
        throw new InvalidBetError('Please select your predicted outcome.', 'opponentPick');
      if (given === bet.creatorPick) {
        throw new InvalidBetError('You must choose a different outcome than the challenger.', 'opponentPick');
      }
      return given;
    }
    if (bet.offerPick !== null) return bet.offerPick;
    const others = bet.outcomes.filter((outcome) => outcome !== bet.creatorPick);
    if (others.length === 1) return others[0] ?? null;
    throw new InvalidBetError('Say which outcome the opponent picks with this offer', 'opponentPick');
  }
}

import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { BadRequestError } from '../../common/errors/domain-error.js';
import { negate } from '../../common/money.js';
import { Transactor, type Tx } from '../../database/transactor.js';
import { AuditTrail } from '../audit/index.js';
import { type LedgerPosting, LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { adminLines, potAdminLines } from './bet-activity-lines.js';
import { betNotifications } from './bet-notifications.js';
import { NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT, settlementPostings } from './bet-outcome.js';
import { BetTransitions } from './bet-transitions.js';
import type { Bet } from './bet.entity.js';
import { BetsRepository } from './bets.repository.js';
import { BetStateError, InvalidBetError } from './bets.errors.js';
import { potNotifications } from './pot-notifications.js';
import { PotsService } from './pots.service.js';

/** An admin's decisions on disputed bets: the first resolution, and changing it later. Each one is audited. */
@Injectable()
export class BetResolutionsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly transitions: BetTransitions,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly audit: AuditTrail,
    private readonly pots: PotsService,
    private readonly clock: Clock,
  ) {}

  /**
   * An admin decides a disputed bet: a winner (both stakes) or a draw (each refunded). Applied once even
   * when two admins race: the second finds the bet no longer disputed.
   */
  async adminResolve(
    adminId: string,
    betId: number,
    winnerId: string | null,
    reason: string,
    outcome?: string,
  ): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.transitions.lock(tx, betId);
      this.transitions.assertCan(bet, 'admin_resolve');
      if (bet.kind === 'pot') return this.decidePot(tx, adminId, bet, outcome, reason, false, now);
      this.assertWinnerIsParty(bet, winnerId);
      await this.ledger.post(tx, settlementPostings(bet, winnerId, 'admin'));
      const finalResult = this.outcomeFor(bet, winnerId);
      await this.transitions.moveTo(tx, bet, 'admin_resolve', {
        finalResult,
        winnerUserId: winnerId,
        resolutionType: 'admin',
        resolutionDate: now,
      });
      await this.bets.closeDispute(tx, bet.id, { adminId, resolution: reason, resolvedAt: now });
      await this.audit.record(tx, {
        adminId,
        action: 'resolve_dispute',
        targetType: 'bet',
        targetId: String(bet.id),
        reason,
        previousValue: { status: 'disputed', winnerUserId: null },
        newValue: { status: 'completed', winnerUserId: winnerId, finalResult },
      });
      await this.activities.record(tx, bet.id, adminLines(bet, winnerId, 'admin_resolved'));
      await this.transitions.announce(tx, bet, betNotifications.adminDecided(bet, winnerId, false, reason));
      return { ...bet, status: 'completed', winnerUserId: winnerId, finalResult, resolutionType: 'admin' };
    });
  }

  /**
   * An admin changes the winner of a dispute they resolved: the previous payout (or draw refunds) is
   * reversed and the new one paid, in one transaction. A reversal may take a balance below zero.
   */
  async editResolution(
    adminId: string,
    betId: number,
    winnerId: string | null,
    reason: string,
    outcome?: string,
  ): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.transitions.lock(tx, betId);
      this.transitions.assertCan(bet, 'admin_reresolve');
      if (bet.resolutionType !== 'admin') {
        throw new BetStateError('Only a dispute resolved by an admin can be changed');
      }
      if (bet.kind === 'pot') return this.decidePot(tx, adminId, bet, outcome, reason, true, now);
      this.assertWinnerIsParty(bet, winnerId);
      if (winnerId === bet.winnerUserId) {
        throw new BadRequestError('The bet is already resolved that way', 'resolution_unchanged');
      }
      const reversal: LedgerPosting[] = settlementPostings(bet, bet.winnerUserId, 'admin').map((posting) => ({
        ...posting,
        amount: negate(posting.amount),
        type: 'payout_reversal',
        // Says what is taken back: a draw's refund reads differently from a winner's payout in the wallet.
        description: `Decision changed, ${bet.winnerUserId === null ? 'refund' : 'payout'} taken back: ${bet.title}`,
        allowNegative: true,
      }));
      await this.ledger.post(tx, [...reversal, ...settlementPostings(bet, winnerId, 'admin')]);
      const finalResult = this.outcomeFor(bet, winnerId);
      const previous = { winnerUserId: bet.winnerUserId, finalResult: bet.finalResult };
      await this.transitions.moveTo(tx, bet, 'admin_reresolve', {
        finalResult,
        winnerUserId: winnerId,
        resolutionDate: now,
      });
      await this.audit.record(tx, {
        adminId,
        action: 'edit_resolution',
        targetType: 'bet',
        targetId: String(bet.id),
        reason,
        previousValue: previous,
        newValue: { winnerUserId: winnerId, finalResult },
      });
      await this.activities.record(tx, bet.id, adminLines(bet, winnerId, 'admin_reresolved'));
      await this.transitions.announce(tx, bet, betNotifications.adminDecided(bet, winnerId, true, reason));
      return { ...bet, winnerUserId: winnerId, finalResult };
    });
  }

  /** An admin decides (or changes the decision on) a group pot by its outcome; audited as a duel's. */
  private async decidePot(
    tx: Tx,
    adminId: string,
    bet: Bet,
    outcome: string | undefined,
    reason: string,
    change: boolean,
    now: Date,
  ): Promise<Bet> {
    if (outcome === undefined) {
      throw new InvalidBetError('Choose the outcome that happened, or no clear outcome', 'outcome');
    }
    const decided = outcome === NO_CLEAR_OUTCOME ? NO_CLEAR_OUTCOME_RESULT : outcome;
    const previous = { status: bet.status, finalResult: change ? bet.finalResult : null };
    const nets = await this.pots.decide(tx, bet, decided, change, now);
    if (!change) await this.bets.closeDispute(tx, bet.id, { adminId, resolution: reason, resolvedAt: now });
    await this.audit.record(tx, {
      adminId,
      action: change ? 'edit_resolution' : 'resolve_dispute',
      targetType: 'bet',
      targetId: String(bet.id),
      reason,
      previousValue: previous,
      newValue: { status: 'completed', finalResult: decided },
    });
    await this.activities.record(tx, bet.id, potAdminLines(bet, nets, change));
    await this.pots.announce(tx, bet, potNotifications.settled(bet, nets, true));
    return { ...bet, status: 'completed', finalResult: decided, resolutionType: 'admin' };
  }

  /** The outcome text that makes `winnerId` the winner, or NO_CLEAR_OUTCOME_RESULT. */
  private outcomeFor(bet: Bet, winnerId: string | null): string {
    if (winnerId === null) return NO_CLEAR_OUTCOME_RESULT;
    return (winnerId === bet.creatorId ? bet.creatorPick : bet.opponentPick) ?? NO_CLEAR_OUTCOME_RESULT;
  }

  private assertWinnerIsParty(bet: Bet, winnerId: string | null): void {
    if (winnerId !== null && winnerId !== bet.creatorId && winnerId !== bet.opponentId) {
      throw new InvalidBetError('The winner must be the creator or the opponent of this bet', 'winnerId');
    }
  }
}

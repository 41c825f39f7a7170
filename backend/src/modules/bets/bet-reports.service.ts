import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { formatDollars } from '../../common/money.js';
import { Transactor } from '../../database/transactor.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder, type ActivityLine } from './bet-activity.recorder.js';
import { disputedLines, settledLines } from './bet-activity-lines.js';
import { betNotifications } from './bet-notifications.js';
import {
  NO_CLEAR_OUTCOME_RESULT,
  interpretReport,
  settlementPostings,
  stakeOf,
  winnerOf,
  type BetParties,
} from './bet-outcome.js';
import { nextRefereeStage, refereeStage } from './bet-lifecycle.js';
import { BetTransitions } from './bet-transitions.js';
import { BetsRepository } from './bets.repository.js';
import { BetStateError, InvalidBetError } from './bets.errors.js';
import { PotsService } from './pots.service.js';
import type { SubmitResultResponseDto } from './dto/bet-actions.dto.js';

/** What the reporter whose report settled the bet is told: what happened to their money. */
export function settledMessage(bet: BetParties, winnerId: string | null, userId: string): string {
  if (winnerId === null) return 'Draw: both stakes came back.';
  const other = userId === bet.creatorId ? (bet.opponentId ?? '') : bet.creatorId;
  return winnerId === userId
    ? `You won ${formatDollars(stakeOf(bet, other))}!`
    : `You lost: your ${formatDollars(stakeOf(bet, userId))} stake went to the winner.`;
}

/**
 * Each party reports the outcome of an active bet, in one transaction on the locked bet: the first report
 * waits for the other; matching reports settle it through the ledger; disagreeing ones, once the reporter
 * confirms, make it a dispute for an admin (docs/money.md, "Escrow").
 */
@Injectable()
export class BetReportsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly transitions: BetTransitions,
    private readonly pots: PotsService,
    private readonly clock: Clock,
  ) {}

  async submitResult(
    userId: string,
    betId: number,
    result: string,
    confirmed: boolean,
  ): Promise<SubmitResultResponseDto> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.transitions.lockForParty(tx, betId, userId);
      this.transitions.assertCan(bet, 'report');
      // A referee bet is the referee's to call, unless they stayed silent and it fell back to the players.
      if (nextRefereeStage(refereeStage(bet), 'report') === null) {
        throw new BetStateError('The referee calls this bet: their call will show here');
      }
      await this.transitions.assertMayBet(tx, userId, now);
      if (bet.kind === 'pot') return this.pots.report(tx, bet, userId, result, confirmed);
      const outcome = interpretReport(bet, userId, result);
      if (outcome === null)
        throw new InvalidBetError("That result is not one of this bet's outcomes", 'result');
      const isCreator = userId === bet.creatorId;
      const theirReport = isCreator ? bet.opponentResult : bet.creatorResult;
      const mine = isCreator ? { creatorResult: outcome } : { opponentResult: outcome };

      // Every report is the reporter's own event, the one that settles or disputes the bet too.
      const reported: ActivityLine = {
        userId,
        type: 'result_submitted',
        description: `Result submitted: ${bet.title}`,
      };
      if (theirReport === null) {
        await this.transitions.moveTo(tx, bet, 'report', mine);
        await this.activities.record(tx, bet.id, [reported]);
        await this.transitions.announce(tx, bet, betNotifications.resultSubmitted(bet, userId));
        return { success: true, status: 'active', message: 'Your outcome has been recorded.' };
      }

      if (theirReport === outcome) {
        const winnerId = winnerOf(bet, outcome);
        await this.ledger.post(tx, settlementPostings(bet, winnerId, 'mutual'));
        await this.transitions.moveTo(tx, bet, 'settle', {
          ...mine,
          finalResult: outcome,
          winnerUserId: winnerId,
          resolutionType: 'mutual',
          resolutionDate: now,
        });
        await this.activities.record(tx, bet.id, [reported, ...settledLines(bet, winnerId)]);
        await this.transitions.announce(tx, bet, betNotifications.settled(bet, winnerId, userId));
        const balance = await this.ledger.balanceOf(tx, userId);
        return {
          success: true,
          status: 'completed',
          winnerUserId: winnerId,
          message: settledMessage(bet, winnerId, userId),
          balance,
        };
      }

      if (!confirmed) {
        // Nothing changes until the reporter confirms they really disagree.
        return {
          success: false,
          needsConfirmation: true,
          conflictingOutcome: theirReport === NO_CLEAR_OUTCOME_RESULT ? 'No Clear Outcome' : theirReport,
          status: 'active',
        };
      }
      await this.transitions.moveTo(tx, bet, 'dispute', {
        ...mine,
        finalResult: 'disputed',
        resolutionDate: now,
      });
      await this.bets.openDispute(
        tx,
        bet.id,
        userId,
        `Reports disagree: ${isCreator ? outcome : theirReport} (creator) vs ${isCreator ? theirReport : outcome} (opponent)`,
      );
      await this.activities.record(tx, bet.id, [reported, ...disputedLines(bet)]);
      await this.transitions.announce(tx, bet, betNotifications.disputed(bet, userId));
      return {
        success: true,
        status: 'disputed',
        message: 'Dispute in progress – admin will review this bet',
      };
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { Transactor, type Tx, type TxOrManager } from '../../database/transactor.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { settledLines } from './bet-activity-lines.js';
import { betNotifications } from './bet-notifications.js';
import { nextRefereeStage, refereeStage, type RefereeAction } from './bet-lifecycle.js';
import { NO_CLEAR_OUTCOME_RESULT, NO_CLEAR_OUTCOME, settlementPostings, winnerOf } from './bet-outcome.js';
import { BetTransitions, partiesOf } from './bet-transitions.js';
import type { Bet } from './bet.entity.js';
import { BetsRepository } from './bets.repository.js';
import { BetNotFoundError, BetStateError, InvalidBetError, NotYourMoveError } from './bets.errors.js';
import { potNotifications } from './pot-notifications.js';
import { joinedSeats } from './pot-settlement.js';
import { PotsService } from './pots.service.js';
import { RefereeRepository, type RefereeRecord } from './referee.repository.js';
import { NotFoundError } from '../../common/errors/domain-error.js';
import { RelationsService } from '../friends/index.js';
import { isVisible } from '../users/index.js';
import { callLines, duelCallConsequences, potCallConsequences } from './referee-call.js';
import { RefereeRules } from './referee-rules.js';
import { refereeNotifications } from './referee-notifications.js';

const HOUR = 3_600_000;

const STAGE_MESSAGES: Partial<Record<RefereeAction, string>> = {
  name_referee: 'This bet already has a referee who agreed',
  referee_accept: 'You are not being asked to referee this bet',
  referee_decline: 'You are not being asked to referee this bet',
  call: 'This bet cannot be called now: it is not waiting for your call',
  accept_call: 'There is no call to accept on this bet',
  appeal: 'There is no call to appeal on this bet',
};

/**
 * Referee bets (docs/product.md, "Referee bets"), each step one transaction on the locked bet: the referee takes
 * or declines the role (the creator names another after a decline), calls the bet with a note, the players
 * accept or appeal the call, and the jobs settle unappealed calls when the window ends and deal with a
 * referee who stays silent. The referee never stakes: only the players' escrow moves.
 */
@Injectable()
export class RefereeService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly referees: RefereeRepository,
    private readonly rules: RefereeRules,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly transitions: BetTransitions,
    private readonly pots: PotsService,
    private readonly relations: RelationsService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async acceptRole(userId: string, betId: number): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.lockForReferee(tx, betId, userId);
      this.assertStage(bet, 'referee_accept');
      this.transitions.assertCan(bet, 'referee_accept');
      await this.transitions.assertMayBet(tx, userId, now);
      await this.transitions.moveTo(tx, bet, 'referee_accept', { refereeAcceptedAt: now });
      const players = await this.playersOf(tx, bet, true);
      await this.activities.record(tx, bet.id, [
        { userId, type: 'referee_answered', description: `You agreed to referee: ${bet.title}` },
      ]);
      await this.transitions.announceTo(
        tx,
        [...players, userId],
        refereeNotifications.answered(bet, userId, true, players),
      );
      return { ...bet, refereeAcceptedAt: now };
    });
  }

  /** The referee says no: the bet waits for the creator to name another, or to withdraw it (refunded). */
  async declineRole(userId: string, betId: number): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const bet = await this.lockForReferee(tx, betId, userId);
      this.assertStage(bet, 'referee_decline');
      await this.transitions.moveTo(tx, bet, 'referee_decline', { refereeId: null, refereeAcceptedAt: null });
      await this.activities.record(tx, bet.id, [
        {
          userId: bet.creatorId,
          type: 'referee_answered',
          description: `The referee declined: ${bet.title}`,
        },
      ]);
      const players = await this.playersOf(tx, bet, true);
      await this.transitions.announceTo(
        tx,
        [...players, userId],
        refereeNotifications.answered(bet, userId, false, players),
      );
      return { ...bet, refereeId: null, refereeAcceptedAt: null };
    });
  }

  /** The creator names a (new) referee for a pending referee bet whose referee declined or has not answered. */
  async nameReferee(userId: string, betId: number, refereeId: string): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.transitions.lockForParty(tx, betId, userId);
      if (bet.creatorId !== userId)
        throw new NotYourMoveError('Only the person who created this bet names its referee');
      this.assertStage(bet, 'name_referee');
      this.transitions.assertCan(bet, 'name_referee');
      await this.rules.assertMayReferee(tx, bet.creatorId, refereeId, await this.seatedOf(tx, bet), now);
      await this.transitions.moveTo(tx, bet, 'name_referee', { refereeId, refereeAcceptedAt: null });
      const named = { ...bet, refereeId, refereeAcceptedAt: null };
      await this.activities.record(tx, bet.id, [
        { userId: refereeId, type: 'referee_asked', description: `Asked to referee: ${bet.title}` },
      ]);
      await this.transitions.announceTo(tx, [userId, refereeId], refereeNotifications.asked(named));
      return named;
    });
  }

  /**
   * The referee calls the bet: an outcome (or no clear outcome; for a duel a player's id means their pick) and
   * a note. Nothing is paid yet: the players see what the call means for them and may appeal until appealUntil.
   */
  async call(userId: string, betId: number, result: string, note: string): Promise<Bet> {
    const trimmed = note.trim();
    if (trimmed.length < 10)
      throw new InvalidBetError('Say in a few words why (10 characters at least)', 'note');
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.lockForReferee(tx, betId, userId);
      this.transitions.assertCan(bet, 'call');
      this.assertStage(bet, 'call');
      await this.transitions.assertMayBet(tx, userId, now);
      const outcome = this.interpretCall(bet, result);
      const appealUntil = new Date(now.getTime() + this.config.REFEREE_APPEAL_HOURS * HOUR);
      const called: Bet = { ...bet, callResult: outcome, callNote: trimmed, calledAt: now, appealUntil };
      await this.transitions.moveTo(tx, bet, 'call', {
        callResult: outcome,
        callNote: trimmed,
        calledAt: now,
        appealUntil,
      });
      const consequences = await this.consequences(tx, called, outcome);
      await this.activities.record(tx, bet.id, callLines(bet.title, userId, consequences.keys()));
      await this.transitions.announceTo(
        tx,
        [...consequences.keys(), userId],
        refereeNotifications.called(called, outcome, consequences, appealUntil),
      );
      return called;
    });
  }

  /** A player accepts the call; once every player has, it settles without waiting for the window. */
  async acceptCall(userId: string, betId: number): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.lockForPlayer(tx, betId, userId, 'The players accept the call, not the referee');
      this.transitions.assertCan(bet, 'accept_call');
      this.assertStage(bet, 'accept_call');
      const players = await this.playersOf(tx, bet, false);
      if (!players.includes(userId)) throw new NotYourMoveError('Only the players can accept the call');
      if (!(await this.referees.acceptCall(tx, bet.id, userId, now))) return bet;
      return this.settleCall(tx, bet, now);
    });
  }

  /** A player appeals within the window: the bet becomes a dispute for an admin, with the call beside it. */
  async appeal(userId: string, betId: number, statement: string): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const bet = await this.lockForPlayer(tx, betId, userId, 'The referee cannot appeal their own call');
      this.transitions.assertCan(bet, 'appeal');
      this.assertStage(bet, 'appeal');
      const players = await this.playersOf(tx, bet, false);
      if (!players.includes(userId)) throw new NotYourMoveError('Only the players can appeal the call');
      if (bet.appealUntil && bet.appealUntil <= now) {
        throw new BetStateError('The time to appeal this call has passed');
      }
      await this.transitions.moveTo(tx, bet, 'appeal', { finalResult: 'disputed', resolutionDate: now });
      const call = bet.callResult === NO_CLEAR_OUTCOME_RESULT ? 'no clear outcome' : bet.callResult;
      await this.bets.openDispute(
        tx,
        bet.id,
        userId,
        `Appeal against the referee's call (${call}): ${bet.callNote}`,
      );
      await this.referees.writeStatement(tx, bet.id, userId, statement.trim());
      await this.activities.record(
        tx,
        bet.id,
        players.map((id) => ({
          userId: id,
          type: 'bet_disputed' as const,
          description: `${id === userId ? 'You appealed the call' : 'The call was appealed'}, under review: ${bet.title}`,
        })),
      );
      const others = [...players, bet.refereeId ?? ''].filter((id) => id !== userId && id !== '');
      await this.transitions.announceTo(
        tx,
        [...others, userId],
        refereeNotifications.appealed(bet, userId, others),
      );
      return { ...bet, status: 'disputed', finalResult: 'disputed' };
    });
  }

  /**
   * Scheduled: settles the calls whose appeal window ended unappealed, reminds silent referees halfway through
   * the silence allowed, and lets the bets of referees silent for all of it fall back (a duel to its players'
   * reports, a pot to an admin). Once across instances (advisory lock); busy rows wait for the next run.
   */
  async processDue(): Promise<{ settled: number; reminded: number; lapsed: number }> {
    return this.transactor.run(async (tx) => {
      if (!(await tryJobLock(tx, 'refereeCalls'))) return { settled: 0, reminded: 0, lapsed: 0 };
      const now = this.clock.now();
      const due = await this.referees.callsDue(tx, now);
      for (const id of due) await this.settleCall(tx, await this.transitions.lock(tx, id), now);
      const silence = this.config.REFEREE_SILENCE_HOURS * HOUR;
      const lapsing = await this.referees.uncalledSince(tx, new Date(now.getTime() - silence), false);
      for (const id of lapsing) await this.lapse(tx, await this.transitions.lock(tx, id), now);
      const toRemind = await this.referees.uncalledSince(tx, new Date(now.getTime() - silence / 2), true);
      for (const id of toRemind) {
        const bet = await this.transitions.lock(tx, id);
        await this.referees.stampReminder(tx, bet.id, now);
        await this.transitions.announceTo(tx, [], refereeNotifications.reminder(bet));
      }
      return { settled: due.length, reminded: toRemind.length, lapsed: lapsing.length };
    });
  }

  /**
   * Account deletion, in its transaction: a bet the person referees is handed on. A pending one needs a new
   * referee (the creator names one or withdraws); one under way goes to an admin.
   */
  async handOverRefereeingOf(tx: TxOrManager, userId: string): Promise<number> {
    const open = await this.referees.openRefereeingOf(tx, userId);
    const now = this.clock.now();
    for (const id of open) {
      const bet = await this.transitions.lock(tx, id);
      const players = await this.playersOf(tx, bet, true);
      if (bet.status === 'pending') {
        await this.transitions.moveTo(tx, bet, 'referee_decline', {
          refereeId: null,
          refereeAcceptedAt: null,
        });
        await this.transitions.announceTo(
          tx,
          players,
          refereeNotifications.answered(bet, userId, false, players),
        );
        continue;
      }
      await this.transitions.moveTo(tx, bet, 'deadline', { finalResult: 'disputed', resolutionDate: now });
      await this.bets.openDispute(
        tx,
        bet.id,
        bet.creatorId,
        "The referee's account was closed before it settled",
      );
      await this.transitions.announceTo(tx, players, refereeNotifications.lapsed(bet, players, true));
    }
    return open.length;
  }

  /**
   * A referee's record, for their profile and the referee picker, as their activity privacy setting allows
   * the viewer (the counts are 0 and `visible` false otherwise); an unknown person is 404.
   */
  async recordFor(
    viewer: { id: string; isAdmin: boolean },
    userId: string,
  ): Promise<RefereeRecord & { userId: string; visible: boolean }> {
    return this.transactor.read(async (tx) => {
      const visibility = await this.referees.activityVisibilityOf(tx, userId);
      if (visibility === undefined) throw new NotFoundError('User not found', 'user_not_found');
      const relation = (await this.relations.relationsOf(viewer, [userId])).get(userId) ?? 'stranger';
      if (!isVisible(visibility ?? undefined, relation)) {
        return { userId, visible: false, calls: 0, appealed: 0, overturned: 0 };
      }
      return { userId, visible: true, ...(await this.referees.recordOf(tx, userId)) };
    });
  }

  /** Pays the call out (locked bet, in the caller's transaction) and completes the bet. */
  private async settleCall(tx: TxOrManager, bet: Bet, now: Date): Promise<Bet> {
    const outcome = bet.callResult ?? NO_CLEAR_OUTCOME_RESULT;
    if (bet.kind === 'pot') {
      const seats = joinedSeats(await this.pots.seatsOf(tx, bet.id));
      const nets = await this.pots.settle(tx, bet, seats, outcome, 'referee', now);
      await this.pots.announce(tx, bet, potNotifications.settled(bet, nets, false));
      return { ...bet, status: 'completed', finalResult: outcome, resolutionType: 'referee' };
    }
    const winnerId = winnerOf(bet, outcome);
    await this.ledger.post(tx, settlementPostings(bet, winnerId, 'mutual'));
    await this.transitions.moveTo(tx, bet, 'settle', {
      finalResult: outcome,
      winnerUserId: winnerId,
      resolutionType: 'referee',
      resolutionDate: now,
    });
    await this.activities.record(tx, bet.id, settledLines(bet, winnerId));
    // Nobody in the bet settled it: both players hear (betNotifications.settled leaves out the settler).
    await this.transitions.announce(tx, bet, [
      ...betNotifications.settled(bet, winnerId, bet.creatorId),
      ...betNotifications.settled(bet, winnerId, bet.opponentId ?? ''),
    ]);
    return {
      ...bet,
      status: 'completed',
      finalResult: outcome,
      winnerUserId: winnerId,
      resolutionType: 'referee',
    };
  }

  /** The referee stayed silent past REFEREE_SILENCE_HOURS after the deadline. */
  private async lapse(tx: TxOrManager, bet: Bet, now: Date): Promise<void> {
    const players = await this.playersOf(tx, bet, false);
    if (bet.kind === 'pot') {
      await this.transitions.moveTo(tx, bet, 'referee_lapse', {
        refereeLapsedAt: now,
        finalResult: 'disputed',
        resolutionDate: now,
      });
      await this.bets.openDispute(tx, bet.id, bet.creatorId, 'The referee did not call it in time');
    } else {
      // The players' reporting grace (BetDeadlinesService) runs from now, not from the long-past deadline.
      await this.transitions.moveTo(tx, bet, 'referee_lapse', {
        refereeLapsedAt: now,
        resolutionType: 'mutual',
      });
    }
    await this.activities.record(
      tx,
      bet.id,
      players.map((userId) => ({
        userId,
        type: 'bet_disputed' as const,
        description: `The referee did not call it: ${bet.title}`,
      })),
    );
    await this.transitions.announceTo(
      tx,
      [...players, bet.refereeId ?? ''].filter((id) => id !== ''),
      refereeNotifications.lapsed(bet, players, bet.kind === 'pot'),
    );
  }

  /** What the call means for each player's money if it stands, as one sentence each. */
  private async consequences(tx: TxOrManager, bet: Bet, outcome: string): Promise<Map<string, string>> {
    if (bet.kind === 'pot') return potCallConsequences(bet, await this.pots.seatsOf(tx, bet.id), outcome);
    return duelCallConsequences(bet, outcome);
  }

  /** The call as an outcome text or NO_CLEAR_OUTCOME_RESULT; a duel's player id stands for that player's pick. */
  private interpretCall(bet: Bet, result: string): string {
    if (result === NO_CLEAR_OUTCOME || result === NO_CLEAR_OUTCOME_RESULT) return NO_CLEAR_OUTCOME_RESULT;
    if (bet.kind === 'duel' && result === bet.creatorId && bet.creatorPick) return bet.creatorPick;
    if (bet.kind === 'duel' && result === bet.opponentId && bet.opponentPick) return bet.opponentPick;
    if (bet.outcomes.includes(result)) return result;
    throw new InvalidBetError("That result is not one of this bet's outcomes", 'result');
  }

  private assertStage(bet: Bet, action: RefereeAction): void {
    if (nextRefereeStage(refereeStage(bet), action) === null) {
      throw new BetStateError(STAGE_MESSAGES[action] ?? 'This bet is not waiting for that');
    }
  }

  /** Locks the bet for its referee (or the person asked to be); anyone else is told it does not exist. */
  private async lockForReferee(tx: TxOrManager, betId: number, userId: string): Promise<Bet> {
    const bet = await this.transitions.lock(tx, betId);
    if (bet.refereeId === userId) return bet;
    if (bet.creatorId === userId || bet.opponentId === userId) {
      throw new NotYourMoveError('Only the referee can do this');
    }
    throw new BetNotFoundError();
  }

  /** Locks the bet for a player; its referee is told `refereeMessage` (403), anyone else it does not exist. */
  private async lockForPlayer(tx: TxOrManager, betId: number, userId: string, refereeMessage: string) {
    const bet = await this.transitions.lock(tx, betId);
    if (bet.refereeId === userId) throw new NotYourMoveError(refereeMessage);
    return this.transitions.lockForParty(tx, betId, userId);
  }

  /** The players: a duel's two parties; a pot's joined seats, or every seat (invitees too) with `invited`. */
  private async playersOf(tx: TxOrManager, bet: Bet, invited: boolean): Promise<string[]> {
    if (bet.kind !== 'pot') return partiesOf(bet);
    const seats = await this.pots.seatsOf(tx, bet.id);
    return (invited ? seats : joinedSeats(seats)).map((seat) => seat.userId);
  }

  /** Everyone seated at the bet (a pot's invitees included): none of them may referee it. */
  private async seatedOf(tx: Tx, bet: Bet): Promise<string[]> {
    return this.playersOf(tx, bet, true);
  }
}

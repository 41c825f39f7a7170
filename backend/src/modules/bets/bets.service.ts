import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { Transactor, type Tx } from '../../database/transactor.js';
import { Clock } from '../../common/clock.js';
import { newLinkCode } from '../../common/random-code.js';
import { RelationsService } from '../friends/index.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder, type ActivityLine } from './bet-activity.recorder.js';
import { betNotifications } from './bet-notifications.js';
import { challengeState } from './bet-lifecycle.js';
import { BetTransitions, partiesOf, refundPosting, stakePosting } from './bet-transitions.js';
import type { Bet } from './bet.entity.js';
import { BetsRepository } from './bets.repository.js';
import {
  BetStateError,
  ChallengeClosedError,
  InvalidBetError,
  NotYourMoveError,
  OwnChallengeError,
} from './bets.errors.js';
import type { CreateBetDto, CreateChallengeDto } from './dto/create-bet.dto.js';
import { nextRefereeStage, offerTurn, refereeStage } from './bet-lifecycle.js';
import { RefereeRules } from './referee-rules.js';
import { refereeNotifications } from './referee-notifications.js';

/** A new challenge's terms, whether sent to a friend or as an open link. */
type PendingTerms = Pick<
  CreateChallengeDto,
  'title' | 'description' | 'amount' | 'duration' | 'outcomes' | 'creatorPick' | 'circleId'
> & { refereeId?: string | null; opponentAmount?: string };

/** The opponent's stake as stored: null when it is the creator's (even money, the spec's shape). */
function unevenStake(amount: string, opponentAmount: string | undefined): string | null {
  if (opponentAmount === undefined) return null;
  const theirs = new Decimal(opponentAmount);
  return theirs.eq(amount) ? null : theirs.toFixed(2);
}
import { PotsService } from './pots.service.js';

/**
 * What players do with bets before they are under way, each in one transaction: the bet row is locked, the state machine asked,
 * money moved through the ledger, and an activity line written for each party. An admin's decisions are
 * in BetResolutionsService, what time does in BetDeadlinesService, an account's deletion in
 * BetsDeletionParticipant; the steps they share in BetTransitions.
 */
@Injectable()
export class BetsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly transitions: BetTransitions,
    private readonly relations: RelationsService,
    private readonly pots: PotsService,
    private readonly clock: Clock,
    private readonly refereeRules: RefereeRules,
  ) {}

  /**
   * A challenge sent to a friend (or anyone whose settings allow it): pending until they answer. With
   * inviteeIds instead of opponentId, a group pot (PotsService).
   */
  async create(creatorId: string, input: CreateBetDto): Promise<Bet> {
    if (input.inviteeIds !== undefined) {
      const { inviteeIds, stake = '', joinBy = '' } = input;
      return this.pots.create(creatorId, { ...input, inviteeIds, stake, joinBy });
    }
    if (input.opponentId === creatorId)
      throw new InvalidBetError('You cannot bet against yourself', 'opponentId');
    this.assertPickIsOutcome(input);
    const refereeId = input.resolutionType === 'referee' ? (input.refereeId ?? null) : null;
    if (input.resolutionType === 'referee' && !refereeId)
      throw new InvalidBetError('Choose a referee', 'refereeId');
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      const opponent = await this.transitions.challengeable(tx, creatorId, input.opponentId, now);
      if (!opponent) {
        throw new InvalidBetError('The opponent you chose does not exist', 'opponentId');
      }
      const settings = opponent.privacySettings as { allowChallengesFrom?: string };
      if (
        settings.allowChallengesFrom === 'friends' &&
        !(await this.relations.areFriends(creatorId, opponent.id, tx))
      ) {
        throw new NotYourMoveError('This person only accepts challenges from friends');
      }
      if (refereeId) await this.refereeRules.assertMayReferee(tx, creatorId, refereeId, [opponent.id], now);
      return this.insertPending(
        tx,
        creatorId,
        { ...input, refereeId, opponentAmount: input.opponentAmount },
        now,
        { opponentId: opponent.id },
      );
    });
  }

  /**
   * An open challenge (docs/product.md, "Open challenge links"): a pending bet with no opponent and a random
   * link code; the creator's stake is escrowed now, as for any challenge. Whoever takes it first by the link
   * becomes the opponent (`takeChallenge`); until then the creator can cancel it, and it expires as any.
   */
  async createOpenChallenge(creatorId: string, input: CreateChallengeDto): Promise<Bet> {
    this.assertPickIsOutcome(input);
    return this.transactor.run(async (tx) => {
      const now = this.clock.now();
      await this.transitions.assertMayBet(tx, creatorId, now);
      return this.insertPending(tx, creatorId, input, now, { challengeCode: newLinkCode() });
    });
  }

  /**
   * The side whose turn it is accepts the challenge on its latest terms: the opponent the creator's (their
   * pick given now), or the creator the opponent's counter-offer (with the pick that offer carried).
   */
  async accept(userId: string, betId: number, pick: string): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const bet = await this.transitions.lockForParty(tx, betId, userId);
      if (bet.kind === 'pot') throw new BetStateError('This is a group pot: join it with your pick');
      const turn = offerTurn(bet);
      if (bet.status === 'pending' && turn === 'creator' && bet.opponentId) {
        if (userId !== bet.creatorId) {
          throw new NotYourMoveError('Your counter-offer is with the challenger: wait for their answer');
        }
        return this.acceptLocked(tx, bet, bet.opponentId, bet.offerPick ?? '', userId);
      }
      if (bet.opponentId !== userId)
        throw new NotYourMoveError('Only the challenged person can accept this bet');
      return this.acceptLocked(tx, bet, userId, pick, userId);
    });
  }

  /**
   * Someone opened an open challenge's link and accepted it: they become the opponent, exactly as if the
   * bet had been sent to them. The bet row is locked first, so of many people accepting at once exactly
   * one gets it; the others wait for the lock, then find it taken (409 challenge_taken).
   */
  async takeChallenge(userId: string, code: string, pick: string): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const bet = await this.transitions.lockChallenge(tx, code);
      if (bet.creatorId === userId) throw new OwnChallengeError();
      // A group pot's link lets the creator's friends join it.
      if (bet.kind === 'pot') return this.pots.joinByLink(tx, bet, userId, pick);
      if (bet.opponentId === userId) throw new BetStateError('You have already accepted this challenge');
      const state = challengeState(bet, this.clock.now());
      if (state !== 'open') throw new ChallengeClosedError(state);
      return this.acceptLocked(tx, bet, userId, pick, userId);
    });
  }

  /** The opponent declines (or denies) a pending challenge; the creator's stake comes back. */
  async decline(userId: string, betId: number): Promise<Bet> {
    return this.endPending(userId, betId, 'decline');
  }

  /** The creator withdraws a challenge nobody has accepted; their stake comes back. */
  async cancel(userId: string, betId: number): Promise<Bet> {
    return this.endPending(userId, betId, 'cancel');
  }

  private async endPending(userId: string, betId: number, action: 'decline' | 'cancel'): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const bet = await this.transitions.lockForParty(tx, betId, userId);
      if (bet.kind === 'pot') {
        return action === 'decline' ? this.pots.decline(userId, bet, tx) : this.pots.cancel(userId, bet, tx);
      }
      // The challenger declines a counter-offer on their turn; the challenged person may always decline.
      const declinesCounter =
        action === 'decline' &&
        bet.status === 'pending' &&
        offerTurn(bet) === 'creator' &&
        bet.creatorId === userId;
      if (action === 'decline' && bet.opponentId !== userId && !declinesCounter) {
        throw new NotYourMoveError('Only the challenged person can decline this bet');
      }
      if (action === 'cancel' && bet.creatorId !== userId) {
        throw new NotYourMoveError('Only the person who created this bet can cancel it');
      }
      this.transitions.assertCan(bet, action);
      await this.ledger.post(tx, [
        refundPosting(
          bet,
          bet.creatorId,
          action === 'decline' ? 'Declined, refunded' : 'Cancelled, refunded',
        ),
      ]);
      const status = await this.transitions.moveTo(tx, bet, action, {});
      await this.activities.record(tx, bet.id, [
        action === 'decline'
          ? { userId: bet.creatorId, type: 'bet_declined', description: `Bet declined: ${bet.title}` }
          : { userId: bet.creatorId, type: 'bet_cancelled', description: `Bet cancelled: ${bet.title}` },
      ]);
      await this.transitions.announce(
        tx,
        bet,
        declinesCounter
          ? betNotifications.cancelled(bet)
          : action === 'decline'
            ? betNotifications.declined(bet)
            : betNotifications.cancelled(bet),
      );
      return { ...bet, status };
    });
  }

  private assertPickIsOutcome(input: { outcomes: string[]; creatorPick: string }): void {
    if (!input.outcomes.includes(input.creatorPick)) {
      throw new InvalidBetError('Your prediction must be one of the outcomes', 'creatorPick');
    }
  }

  /** Writes a new pending bet and escrows the creator's stake, in the caller's transaction. */
  private async insertPending(
    tx: Tx,
    creatorId: string,
    input: PendingTerms,
    now: Date,
    counterpart: { opponentId: string } | { challengeCode: string },
  ): Promise<Bet> {
    const bet = await this.bets.insert(tx, {
      title: input.title,
      description: input.description || null,
      amount: new Decimal(input.amount).toFixed(2),
      creatorId,
      opponentId: 'opponentId' in counterpart ? counterpart.opponentId : null,
      challengeCode: 'challengeCode' in counterpart ? counterpart.challengeCode : null,
      status: 'pending',
      duration: input.duration,
      outcomes: input.outcomes,
      creatorPick: input.creatorPick,
      resolutionType: input.refereeId ? 'referee' : 'mutual',
      refereeId: input.refereeId ?? null,
      opponentAmount: unevenStake(input.amount, input.opponentAmount),
      expiresAt: new Date(now.getTime() + input.duration * 3_600_000),
    });
    await this.ledger.post(tx, [stakePosting(bet, creatorId, 'Insufficient balance for this bet')]);
    const lines: ActivityLine[] = [
      { userId: creatorId, type: 'bet_created', description: `Bet created: ${bet.title}` },
    ];
    if (bet.opponentId) {
      lines.push({
        userId: bet.opponentId,
        type: 'bet_received',
        description: `New challenge received: ${bet.title}`,
      });
    }
    if (bet.refereeId) {
      lines.push({
        userId: bet.refereeId,
        type: 'referee_asked',
        description: `Asked to referee: ${bet.title}`,
      });
    }
    await this.activities.record(tx, bet.id, lines);
    await this.transitions.postInCircle(tx, bet, input.circleId);
    await this.transitions.announceTo(
      tx,
      [...partiesOf(bet), ...(bet.refereeId ? [bet.refereeId] : [])],
      [...betNotifications.received(bet), ...refereeNotifications.asked(bet)],
    );
    return bet;
  }

  /**
   * `userId` accepts the locked pending bet with `pick`: their stake is escrowed and the bet becomes
   * active with them as the opponent (already so for a sent challenge; set now for an open one).
   */
  private async acceptLocked(
    tx: Tx,
    bet: Bet,
    userId: string,
    pick: string,
    acceptedBy: string,
  ): Promise<Bet> {
    const now = this.clock.now();
    this.transitions.assertCan(bet, 'accept');
    if (bet.expiresAt && bet.expiresAt <= now) throw new BetStateError('This challenge has expired');
    if (nextRefereeStage(refereeStage(bet), 'accept') === null) {
      throw new BetStateError('This challenge is waiting for its referee to agree');
    }
    await this.transitions.assertBothMayBet(tx, bet, userId, now);
    if (!bet.outcomes.includes(pick))
      throw new InvalidBetError('Please select your predicted outcome.', 'opponentPick');
    if (pick === bet.creatorPick) {
      throw new InvalidBetError('You must choose a different outcome than the challenger.', 'opponentPick');
    }
    // The opponent's own stake: the creator's amount, or what the accepted offer says.
    await this.ledger.post(tx, [
      stakePosting(
        bet,
        userId,
        acceptedBy === userId
          ? 'Insufficient balance to accept this bet'
          : 'The other side no longer has enough balance for this offer',
        bet.opponentAmount ?? bet.amount,
      ),
    ]);
    await this.transitions.moveTo(tx, bet, 'accept', { opponentId: userId, opponentPick: pick });
    const accepted: Bet = { ...bet, status: 'active', opponentId: userId, opponentPick: pick };
    await this.activities.record(tx, bet.id, [
      { userId: bet.creatorId, type: 'bet_accepted', description: `Bet accepted: ${bet.title}` },
      { userId, type: 'bet_accepted', description: `You accepted a challenge: ${bet.title}` },
    ]);
    await this.transitions.announce(
      tx,
      accepted,
      acceptedBy === userId
        ? betNotifications.accepted(accepted)
        : refereeNotifications.offerAccepted(accepted, acceptedBy, userId),
    );
    return accepted;
  }
}

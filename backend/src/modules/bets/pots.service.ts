import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../../common/clock.js';
import { negate } from '../../common/money.js';
import { newLinkCode } from '../../common/random-code.js';
import { Transactor, type Tx, type TxOrManager } from '../../database/transactor.js';
import { RelationsService } from '../friends/index.js';
import { AccountStanding } from '../users/index.js';
import type { NotificationDraft } from '../notifications/index.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder, type ActivityLine } from './bet-activity.recorder.js';
import { BetParticipantsRepository, type Seat } from './bet-participants.repository.js';
import { NO_CLEAR_OUTCOME_RESULT, NO_CLEAR_OUTCOME } from './bet-outcome.js';
import { BetTransitions, refundPosting, stakePosting } from './bet-transitions.js';
import type { Bet } from './bet.entity.js';
import { BetsRepository } from './bets.repository.js';
import { AccountSuspendedError, BetStateError, InvalidBetError, NotYourMoveError } from './bets.errors.js';
import type { SubmitResultResponseDto } from './dto/bet-actions.dto.js';
import type { CreateBetDto } from './dto/create-bet.dto.js';
import { potNotifications } from './pot-notifications.js';
import { nextRefereeStage, refereeStage } from './bet-lifecycle.js';
import { RefereeRules } from './referee-rules.js';
import { refereeNotifications } from './referee-notifications.js';
import { joinedSeats, potNet, potSettlementPostings, potTotal, settledPotMessage } from './pot-settlement.js';

/** The fields of `POST /api/bets` that make a group pot. */
export type CreatePotInput = Omit<
  CreateBetDto,
  'opponentId' | 'amount' | 'inviteeIds' | 'stake' | 'joinBy' | 'opponentAmount'
> & {
  inviteeIds: string[];
  stake: string;
  joinBy: string;
};

const HOUR = 3_600_000;

/**
 * Group pots (docs/product.md, "Group pots"), each use case one transaction on the locked bet row, so joins,
 * leaves, the lock and the creator's cancel queue on it and each sees the seats the one before left:
 * creating (the creator's stake escrowed), joining (an invitee, or a friend of the creator by the link),
 * declining, leaving, the lock (at joinBy by the deadlines job, or early by the creator; void with fewer than two
 * players or one pick only), cancelling, the players' reports and an admin's decision on a disputed pot.
 */
@Injectable()
export class PotsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly bets: BetsRepository,
    private readonly seats: BetParticipantsRepository,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly transitions: BetTransitions,
    private readonly relations: RelationsService,
    private readonly standing: AccountStanding,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly referees: RefereeRules,
  ) {}

  async create(creatorId: string, input: CreatePotInput): Promise<Bet> {
    const inviteeIds = [...new Set(input.inviteeIds)];
    if (inviteeIds.length !== input.inviteeIds.length)
      throw new InvalidBetError('Invite each friend once', 'inviteeIds');
    if (inviteeIds.includes(creatorId))
      throw new InvalidBetError('You are in the pot already: invite your friends', 'inviteeIds');
    const most = this.config.POT_MAX_PLAYERS - 1;
    if (inviteeIds.length < 2 || inviteeIds.length > most) {
      throw new InvalidBetError(`Invite between 2 and ${most} friends`, 'inviteeIds');
    }
    if (!input.outcomes.includes(input.creatorPick)) {
      throw new InvalidBetError('Your prediction must be one of the outcomes', 'creatorPick');
    }
    const now = this.clock.now();
    const joinBy = new Date(input.joinBy);
    if (joinBy <= now) throw new InvalidBetError('The deadline to join must be in the future', 'joinBy');
    if (joinBy.getTime() - now.getTime() > 8760 * HOUR) {
      throw new InvalidBetError('The deadline to join must be within a year', 'joinBy');
    }
    const relations = await this.relations.relationsOf({ id: creatorId, isAdmin: false }, inviteeIds);
    if (inviteeIds.some((id) => relations.get(id) !== 'friend')) {
      throw new InvalidBetError('You can only invite your friends to a group pot', 'inviteeIds');
    }
    const refereeId = input.resolutionType === 'referee' ? (input.refereeId ?? null) : null;
    if (input.resolutionType === 'referee' && !refereeId) {
      throw new InvalidBetError('Choose a referee', 'refereeId');
    }
    return this.transactor.run(async (tx) => {
      await this.transitions.assertMayBet(tx, creatorId, now);
      if (refereeId) await this.referees.assertMayReferee(tx, creatorId, refereeId, inviteeIds, now);
      const stake = new Decimal(input.stake).toFixed(2);
      const bet = await this.bets.insert(tx, {
        kind: 'pot',
        title: input.title,
        description: input.description || null,
        amount: stake,
        creatorId,
        opponentId: null,
        // The share link, for friends of the creator who were not invited.
        challengeCode: newLinkCode(),
        status: 'pending',
        duration: input.duration,
        outcomes: input.outcomes,
        creatorPick: input.creatorPick,
        resolutionType: refereeId ? 'referee' : 'mutual',
        refereeId,
        joinBy,
        expiresAt: new Date(joinBy.getTime() + input.duration * HOUR),
      });
      await this.ledger.post(tx, [stakePosting(bet, creatorId, 'Insufficient balance for this pot')]);
      await this.seats.seat(tx, bet.id, [
        { userId: creatorId, role: 'creator', pick: input.creatorPick, stake, joinedAt: now },
        ...inviteeIds.map((userId) => ({
          userId,
          role: 'player' as const,
          pick: null,
          stake,
          joinedAt: null,
        })),
      ]);
      // In a circle, as a duel: the creator and everyone invited must be in it (refused: nothing kept).
      if (input.circleId) {
        await this.transitions.postInCircle(tx, bet, input.circleId, await this.seats.seatsOf(tx, bet.id));
      }
      await this.activities.record(tx, bet.id, [
        { userId: creatorId, type: 'bet_created', description: `Group pot created: ${bet.title}` },
        ...inviteeIds.map((userId) => ({
          userId,
          type: 'bet_received' as const,
          description: `Invited to a group pot: ${bet.title}`,
        })),
      ]);
      if (refereeId) {
        await this.activities.record(tx, bet.id, [
          { userId: refereeId, type: 'referee_asked', description: `Asked to referee: ${bet.title}` },
        ]);
      }
      await this.transitions.announceTo(
        tx,
        [creatorId, ...inviteeIds, ...(refereeId ? [refereeId] : [])],
        [...potNotifications.invited(bet, inviteeIds), ...refereeNotifications.asked(bet)],
      );
      return bet;
    });
  }

  /** An invitee joins with their pick; their stake goes into escrow. */
  async join(userId: string, betId: number, pick: string): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const bet = await this.lockPot(tx, betId, userId);
      return this.joinLocked(tx, bet, userId, pick, await this.seats.seatOf(tx, bet.id, userId));
    });
  }

  /** A friend of the creator who was not invited joins by the pot's link (`/c/{code}`). */
  async joinByLink(tx: Tx, bet: Bet, userId: string, pick: string): Promise<Bet> {
    const seat = await this.seats.seatOf(tx, bet.id, userId);
    if (!seat && !(await this.relations.areFriends(bet.creatorId, userId, tx))) {
      throw new NotYourMoveError('Only friends of the person who started this pot can join it');
    }
    return this.joinLocked(tx, bet, userId, pick, seat);
  }

  private async joinLocked(
    tx: TxOrManager,
    bet: Bet,
    userId: string,
    pick: string,
    seat: Seat | null,
  ): Promise<Bet> {
    const now = this.clock.now();
    this.transitions.assertCan(bet, 'join');
    this.assertJoinOpen(bet, now);
    if (seat?.joinedAt) throw new BetStateError('You are in this pot already');
    if (userId === bet.refereeId)
      throw new NotYourMoveError('You referee this pot, so you cannot play in it');
    const standing = await this.standing.standingOf(tx, userId, now);
    if (standing.suspended) throw new AccountSuspendedError();
    if (!standing.active) throw new NotYourMoveError('Your account cannot join pots');
    if (!bet.outcomes.includes(pick))
      throw new InvalidBetError('Please select your predicted outcome.', 'pick');
    const players = joinedSeats(await this.seats.seatsOf(tx, bet.id));
    if (players.length >= this.config.POT_MAX_PLAYERS) {
      throw new BetStateError(`This pot is full: ${this.config.POT_MAX_PLAYERS} players at most`);
    }
    await this.ledger.post(tx, [stakePosting(bet, userId, 'Insufficient balance to join this pot')]);
    await this.seats.join(tx, bet.id, userId, pick, bet.amount, now);
    await this.transitions.moveTo(tx, bet, 'join', {});
    await this.activities.record(tx, bet.id, [
      { userId, type: 'bet_accepted', description: `You joined a group pot: ${bet.title}` },
    ]);
    await this.announce(tx, bet, potNotifications.joined(bet, userId));
    return bet;
  }

  /** An invitee turns the invitation down; nothing of theirs was escrowed. */
  async decline(userId: string, bet: Bet, tx: Tx): Promise<Bet> {
    this.transitions.assertCan(bet, 'decline');
    const seat = await this.seats.seatOf(tx, bet.id, userId);
    if (!seat || seat.role === 'creator') {
      throw new NotYourMoveError('Only an invited player can decline a group pot');
    }
    if (seat.joinedAt) throw new BetStateError('You have joined this pot: leave it instead');
    await this.seats.remove(tx, bet.id, userId);
    await this.transitions.moveTo(tx, bet, 'decline', {});
    await this.activities.record(tx, bet.id, [
      { userId, type: 'bet_declined', description: `You declined a group pot: ${bet.title}` },
    ]);
    await this.announce(tx, bet, []);
    return bet;
  }

  /** A player gives their seat up before the lock; their stake comes back. */
  async leave(userId: string, betId: number): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const bet = await this.lockPot(tx, betId, userId);
      this.transitions.assertCan(bet, 'leave');
      this.assertJoinOpen(bet, this.clock.now());
      if (bet.creatorId === userId) {
        throw new NotYourMoveError('You started this pot: cancel it instead of leaving');
      }
      const seat = await this.seats.seatOf(tx, bet.id, userId);
      if (!seat?.joinedAt) throw new BetStateError('You have not joined this pot');
      await this.ledger.post(tx, [refundPosting(bet, userId, 'Left the pot, refunded')]);
      await this.seats.remove(tx, bet.id, userId);
      await this.transitions.moveTo(tx, bet, 'leave', {});
      await this.activities.record(tx, bet.id, [
        { userId, type: 'bet_cancelled', description: `You left a group pot: ${bet.title}` },
      ]);
      await this.announce(tx, bet, []);
      return bet;
    });
  }

  /** The creator calls the pot off before it locks: every stake comes back. */
  async cancel(userId: string, bet: Bet, tx: Tx): Promise<Bet> {
    if (bet.creatorId !== userId) {
      throw new NotYourMoveError('Only the person who started this pot can cancel it');
    }
    this.transitions.assertCan(bet, 'cancel');
    return this.endWithRefunds(
      tx,
      bet,
      'cancel',
      { label: 'Pot cancelled, refunded', line: 'Group pot cancelled' },
      (seats) =>
        potNotifications.cancelled(
          bet,
          seats.map((seat) => seat.userId).filter((id) => id !== userId),
        ),
    );
  }

  /** The creator starts the pot before its join deadline. */
  async lockEarly(userId: string, betId: number): Promise<Bet> {
    return this.transactor.run(async (tx) => {
      const bet = await this.lockPot(tx, betId, userId);
      if (bet.creatorId !== userId)
        throw new NotYourMoveError('Only the person who started this pot can start it');
      this.transitions.assertCan(bet, 'lock');
      if (nextRefereeStage(refereeStage(bet), 'lock') === null) {
        throw new BetStateError('This pot is waiting for its referee to agree');
      }
      return this.lockLocked(tx, bet, this.clock.now());
    });
  }

  /**
   * Locks the pot: with two players and two different picks at least it is on (the reporting deadline runs
   * from now; invitations nobody took stay seats without a stake, so their people are told the pot is locked
   * rather than that it is gone); otherwise it is void and every stake comes back.
   */
  async lockLocked(tx: TxOrManager, bet: Bet, now: Date): Promise<Bet> {
    // A referee pot cannot start before its referee agreed: at its join deadline without one, it is void.
    if (nextRefereeStage(refereeStage(bet), 'lock') === null) {
      return this.voidLocked(tx, bet, 'its referee did not agree before the deadline to join.');
    }
    const seats = await this.seats.seatsOf(tx, bet.id);
    const players = joinedSeats(seats);
    const picks = new Set(players.map((seat) => seat.pick));
    if (players.length < 2 || picks.size < 2) {
      return this.voidLocked(
        tx,
        bet,
        players.length < 2 ? 'nobody else joined before the deadline.' : 'everybody picked the same outcome.',
      );
    }
    const expiresAt = new Date(now.getTime() + bet.duration * HOUR);
    const status = await this.transitions.moveTo(tx, bet, 'lock', { expiresAt });
    await this.activities.record(
      tx,
      bet.id,
      this.lines(players, 'bet_accepted', `Group pot locked: ${bet.title}`),
    );
    const ids = players.map((seat) => seat.userId);
    await this.announce(tx, bet, potNotifications.locked(bet, ids, ids.length, potTotal(players)), seats);
    return { ...bet, status, expiresAt };
  }

  /**
   * A player reports the outcome (its text, or NO_CLEAR_OUTCOME) of a locked pot. When every player has
   * reported the same, it settles (pot-settlement.ts); a report that disagrees with one already in needs the
   * reporter's confirmation, then sends the pot to an admin.
   */
  async report(
    tx: TxOrManager,
    bet: Bet,
    userId: string,
    result: string,
    confirmed: boolean,
  ): Promise<SubmitResultResponseDto> {
    const now = this.clock.now();
    const outcome =
      result === NO_CLEAR_OUTCOME || result === NO_CLEAR_OUTCOME_RESULT ? NO_CLEAR_OUTCOME_RESULT : result;
    if (outcome !== NO_CLEAR_OUTCOME_RESULT && !bet.outcomes.includes(outcome)) {
      throw new InvalidBetError("That result is not one of this bet's outcomes", 'result');
    }
    const seats = joinedSeats(await this.seats.seatsOf(tx, bet.id));
    if (!seats.some((seat) => seat.userId === userId)) {
      throw new NotYourMoveError('You did not join this pot, so there is nothing for you to report');
    }
    const others = seats.filter((seat) => seat.userId !== userId && seat.result !== null);
    const conflicting = others.find((seat) => seat.result !== outcome);
    const reported: ActivityLine = {
      userId,
      type: 'result_submitted',
      description: `Result submitted: ${bet.title}`,
    };
    if (conflicting && !confirmed) {
      return {
        success: false,
        needsConfirmation: true,
        conflictingOutcome:
          conflicting.result === NO_CLEAR_OUTCOME_RESULT ? 'No Clear Outcome' : (conflicting.result ?? ''),
        status: 'active',
      };
    }
    await this.seats.report(tx, bet.id, userId, outcome, now);
    if (conflicting) {
      await this.transitions.moveTo(tx, bet, 'dispute', { finalResult: 'disputed', resolutionDate: now });
      await this.bets.openDispute(tx, bet.id, userId, 'Reports disagree in a group pot');
      await this.activities.record(tx, bet.id, [
        reported,
        ...this.lines(seats, 'bet_disputed', `Bet disputed, under review: ${bet.title}`),
      ]);
      await this.announce(
        tx,
        bet,
        potNotifications.disputed(
          bet,
          seats.map((seat) => seat.userId),
        ),
        seats,
      );
      return {
        success: true,
        status: 'disputed',
        message: 'Dispute in progress – admin will review this bet',
      };
    }
    if (others.length + 1 < seats.length) {
      await this.transitions.moveTo(tx, bet, 'report', {});
      await this.activities.record(tx, bet.id, [reported]);
      await this.announce(tx, bet, [], seats);
      return { success: true, status: 'active', message: 'Your outcome has been recorded.' };
    }
    // The report comes before the settlement it causes, on the timeline as in time.
    await this.activities.record(tx, bet.id, [reported]);
    const nets = await this.settle(tx, bet, seats, outcome, 'mutual', now);
    await this.announce(
      tx,
      bet,
      potNotifications.settled(
        bet,
        nets.filter((net) => net.userId !== userId),
        false,
      ),
      seats,
    );
    const net = nets.find((entry) => entry.userId === userId)?.net ?? '0.00';
    return {
      success: true,
      status: 'completed',
      winnerUserId: null,
      message: settledPotMessage(net, bet.amount),
      balance: await this.ledger.balanceOf(tx, userId),
    };
  }

  /** Voids the locked pot (pending, active or disputed): every joined stake comes back, everyone is told `why`. */
  async voidLocked(tx: TxOrManager, bet: Bet, why: string): Promise<Bet> {
    return this.endWithRefunds(
      tx,
      bet,
      'void',
      { label: 'Pot void, refunded', line: 'Group pot void' },
      (seats) =>
        potNotifications.voided(
          bet,
          joinedSeats(seats).map((seat) => seat.userId),
          why,
        ),
    );
  }

  /** Ends the pot (cancelled or void) with every joined stake back, a line for each seat, and `drafts` sent. */
  private async endWithRefunds(
    tx: TxOrManager,
    bet: Bet,
    action: 'cancel' | 'void',
    refund: { label: string; line: string },
    drafts: (seats: Seat[]) => NotificationDraft[],
  ): Promise<Bet> {
    const seats = await this.seats.seatsOf(tx, bet.id);
    await this.refundAll(tx, bet, seats, refund.label);
    const status = await this.transitions.moveTo(tx, bet, action, {});
    await this.activities.record(
      tx,
      bet.id,
      this.lines(seats, 'bet_cancelled', `${refund.line}: ${bet.title}`),
    );
    await this.announce(tx, bet, drafts(seats), seats);
    return { ...bet, status };
  }

  /** Pays the pot out on `outcome` and completes it; answers each player's net. */
  async settle(
    tx: TxOrManager,
    bet: Bet,
    seats: Seat[],
    outcome: string,
    kind: 'mutual' | 'admin' | 'referee',
    now: Date,
  ): Promise<{ userId: string; net: string }[]> {
    const postings = potSettlementPostings(bet, seats, outcome, kind);
    await this.ledger.post(tx, postings);
    await this.seats.recordPayouts(tx, bet.id, postings);
    await this.transitions.moveTo(tx, bet, kind === 'admin' ? 'admin_resolve' : 'settle', {
      finalResult: outcome,
      winnerUserId: null,
      resolutionType: kind,
      resolutionDate: now,
    });
    const players = joinedSeats(seats);
    // An admin's decision writes its own lines (potAdminLines), as for a duel.
    if (kind === 'mutual')
      await this.activities.record(
        tx,
        bet.id,
        players.map((seat) => {
          const net = potNet(players, postings, seat.userId);
          return net.startsWith('-')
            ? { userId: seat.userId, type: 'bet_lost' as const, description: `Group pot lost: ${bet.title}` }
            : net === '0.00'
              ? {
                  userId: seat.userId,
                  type: 'bet_draw' as const,
                  description: `Group pot completed with nobody winning, stake refunded: ${bet.title}`,
                }
              : { userId: seat.userId, type: 'bet_won' as const, description: `Group pot won: ${bet.title}` };
        }),
      );
    return players.map((seat) => ({ userId: seat.userId, net: potNet(players, postings, seat.userId) }));
  }

  /**
   * An admin's decision on a disputed pot, or a change of it: the previous payouts (if any) are reversed and the
   * pot paid again on `outcome`, in one transaction; a reversal may take a balance below zero.
   */
  async decide(
    tx: TxOrManager,
    bet: Bet,
    outcome: string,
    change: boolean,
    now: Date,
  ): Promise<{ userId: string; net: string }[]> {
    if (outcome !== NO_CLEAR_OUTCOME_RESULT && !bet.outcomes.includes(outcome)) {
      throw new InvalidBetError('Choose one of the outcomes, or no clear outcome', 'outcome');
    }
    const seats = joinedSeats(await this.seats.seatsOf(tx, bet.id));
    if (!change) return this.settle(tx, bet, seats, outcome, 'admin', now);
    if (bet.finalResult === outcome) {
      throw new InvalidBetError('The pot is already resolved that way', 'outcome');
    }
    const previous = potSettlementPostings(bet, seats, bet.finalResult ?? NO_CLEAR_OUTCOME_RESULT, 'admin');
    const next = potSettlementPostings(bet, seats, outcome, 'admin');
    await this.ledger.post(tx, [
      ...previous.map((posting) => ({
        ...posting,
        amount: negate(posting.amount),
        type: 'payout_reversal' as const,
        description: `Decision changed, ${posting.type === 'bet_refund' ? 'refund' : 'payout'} taken back: ${bet.title}`,
        allowNegative: true,
      })),
      ...next,
    ]);
    await this.seats.recordPayouts(tx, bet.id, next);
    await this.transitions.moveTo(tx, bet, 'admin_reresolve', { finalResult: outcome, resolutionDate: now });
    const players = joinedSeats(seats);
    return players.map((seat) => ({ userId: seat.userId, net: potNet(players, next, seat.userId) }));
  }

  seatsOf(tx: TxOrManager, betId: number): Promise<Seat[]> {
    return this.seats.seatsOf(tx, betId);
  }

  /** Tells the pot's people (every seat) what changed, once the transaction commits. */
  async announce(tx: TxOrManager, bet: Bet, drafts: NotificationDraft[], seats?: Seat[]) {
    const people = (seats ?? (await this.seats.seatsOf(tx, bet.id))).map((seat) => seat.userId);
    await this.transitions.announceTo(tx, [...new Set([bet.creatorId, ...people])], drafts);
  }

  private async lockPot(tx: TxOrManager, betId: number, userId: string): Promise<Bet> {
    const bet = await this.transitions.lockForParty(tx, betId, userId);
    if (bet.kind !== 'pot') throw new BetStateError('This bet is not a group pot');
    return bet;
  }

  private assertJoinOpen(bet: Bet, now: Date): void {
    if (bet.joinBy && bet.joinBy <= now) throw new BetStateError('The deadline to join this pot has passed');
  }

  private async refundAll(tx: TxOrManager, bet: Bet, seats: Seat[], label: string): Promise<void> {
    const postings = joinedSeats(seats).map((seat) => ({
      ...refundPosting(bet, seat.userId, label),
      amount: seat.stake,
    }));
    if (postings.length > 0) await this.ledger.post(tx, postings);
  }

  private lines(
    seats: Pick<Seat, 'userId'>[],
    type: ActivityLine['type'],
    description: string,
  ): ActivityLine[] {
    return seats.map((seat) => ({ userId: seat.userId, type, description }));
  }
}

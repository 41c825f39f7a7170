import { Injectable } from '@nestjs/common';
import type { TxOrManager } from '../../database/transactor.js';
import { negate } from '../../common/money.js';
import { LINK_CODE_SHAPE } from '../../common/random-code.js';
import { AccountStanding, type ChallengeablePerson } from '../users/index.js';
import { type NotificationDraft, NotificationsService } from '../notifications/index.js';
import type { LedgerPosting } from '../wallet/index.js';
import { nextStatus, type BetAction } from './bet-lifecycle.js';
import { stakeOf } from './bet-outcome.js';
import type { Bet, BetStatus } from './bet.entity.js';
import { BetParticipantsRepository, type Seat } from './bet-participants.repository.js';
import { BetsRepository } from './bets.repository.js';
import { CircleFeed } from '../circles/index.js';
import { circleUpdateOf } from './bet-circle-update.js';
import {
  AccountSuspendedError,
  ChallengerSuspendedError,
  BetNotFoundError,
  BetStateError,
  ChallengeNotFoundError,
} from './bets.errors.js';

const STATE_MESSAGES: Partial<Record<BetAction, string>> = {
  accept: 'This challenge is no longer waiting for an answer',
  decline: 'This challenge is no longer waiting for an answer',
  cancel: 'Only a challenge nobody has accepted yet can be cancelled',
  report: 'Results can only be submitted for an active bet',
  admin_resolve: 'Only a disputed bet can be resolved',
  admin_reresolve: 'Only a dispute resolved by an admin can be changed',
  join: 'This pot is no longer taking players',
  leave: 'This pot is locked: stakes stay in until it settles',
  lock: 'Only a pot still taking players can be started',
};

/** Who is in the bet: the creator, and the opponent once there is one. */
export function partiesOf(bet: Bet): string[] {
  return [bet.creatorId, bet.opponentId].filter((id): id is string => id !== null);
}

/** `userId`'s stake going into escrow; `insufficientMessage` if their balance does not cover it. */
export function stakePosting(
  bet: Pick<Bet, 'id' | 'title' | 'amount'>,
  userId: string,
  insufficientMessage: string,
  stake: string = bet.amount,
): LedgerPosting {
  return {
    userId,
    amount: negate(stake),
    type: 'bet_stake',
    referenceType: 'bet',
    referenceId: String(bet.id),
    description: `Stake: ${bet.title}`,
    insufficientMessage,
  };
}

/** A stake coming back from escrow to `userId`. */
export function refundPosting(bet: Bet, userId: string, label: string): LedgerPosting {
  return {
    userId,
    amount: stakeOf(bet, userId),
    type: 'bet_refund',
    referenceType: 'bet',
    referenceId: String(bet.id),
    description: `${label}: ${bet.title}`,
  };
}

/**
 * The steps every bet write shares, whoever makes it (players, admins, the deadlines job, an account's
 * deletion): lock the row, ask the state machine (bet-lifecycle.ts), move the status with an UPDATE
 * conditional on what was read, and announce the change once the transaction commits.
 */
@Injectable()
export class BetTransitions {
  constructor(
    private readonly bets: BetsRepository,
    private readonly seats: BetParticipantsRepository,
    private readonly standing: AccountStanding,
    private readonly notifications: NotificationsService,
    private readonly circles: CircleFeed,
  ) {}

  async lock(tx: TxOrManager, betId: number): Promise<Bet> {
    const bet = await this.bets.lock(tx, betId);
    if (!bet) throw new BetNotFoundError();
    return bet;
  }

  /** Locks the bet; someone who is not a party is told it does not exist. */
  async lockForParty(tx: TxOrManager, betId: number, userId: string): Promise<Bet> {
    const bet = await this.lock(tx, betId);
    if (bet.creatorId === userId || bet.opponentId === userId) return bet;
    // A pot's invitees and players are its seats.
    if (bet.kind === 'pot' && (await this.seats.seatOf(tx, bet.id, userId))) return bet;
    throw new BetNotFoundError();
  }

  /** Locks the open challenge with this link code; an unknown (or malformed) code is 404. */
  async lockChallenge(tx: TxOrManager, code: string): Promise<Bet> {
    if (!LINK_CODE_SHAPE.test(code)) throw new ChallengeNotFoundError();
    const bet = await this.bets.lockByCode(tx, code);
    if (!bet) throw new ChallengeNotFoundError();
    return bet;
  }

  assertCan(bet: Bet, action: BetAction): void {
    if (nextStatus(bet.status, action, bet.kind) === null) {
      throw new BetStateError(STATE_MESSAGES[action] ?? `This bet is ${bet.status}`);
    }
  }

  /** Suspended people may look but not create, accept or report bets (docs/product.md §10, accounts). */
  async assertMayBet(tx: TxOrManager, userId: string, now: Date): Promise<void> {
    if (await this.standing.isSuspended(tx, userId, now)) throw new AccountSuspendedError();
  }

  /**
   * Accepting someone's challenge: the one accepting may bet, and the challenger must be able to report, so
   * not suspended (a ban ends them). Both in one read.
   */
  async assertBothMayBet(tx: TxOrManager, bet: Bet, userId: string, now: Date): Promise<void> {
    const suspended = await this.standing.suspendedAmong(tx, [userId, bet.creatorId], now);
    if (suspended.has(userId)) throw new AccountSuspendedError();
    if (suspended.has(bet.creatorId)) throw new ChallengerSuspendedError();
  }

  /** A new challenge: the challenger may bet, and the person challenged can be; both in one read. */
  async challengeable(
    tx: TxOrManager,
    creatorId: string,
    opponentId: string,
    now: Date,
  ): Promise<ChallengeablePerson | null> {
    const { creatorSuspended, opponent } = await this.standing.challengeableBy(
      tx,
      creatorId,
      opponentId,
      now,
    );
    if (creatorSuspended) throw new AccountSuspendedError();
    return opponent;
  }

  /** Applies a transition with an UPDATE conditional on the status read under the lock. */
  async moveTo(tx: TxOrManager, bet: Bet, action: BetAction, changes: Partial<Bet>): Promise<BetStatus> {
    const status = nextStatus(bet.status, action, bet.kind);
    if (status === null) throw new BetStateError(STATE_MESSAGES[action] ?? `This bet is ${bet.status}`);
    if (!(await this.bets.moveStatus(tx, bet, status, changes))) {
      throw new BetStateError(STATE_MESSAGES[action] ?? 'This bet just changed');
    }
    // A bet posted in a circle: its feed and table follow, in this transaction. The flag on the bet spares
    // every other bet the circle_bets lookup.
    if (bet.postedInCircle) {
      const seats = bet.kind === 'pot' ? await this.seats.seatsOf(tx, bet.id) : [];
      await this.circles.betChanged(tx, circleUpdateOf({ ...bet, ...changes, status }, action, seats));
    }
    return status;
  }

  /**
   * Posts a new bet in the creator's circle (they must be in it, and so must whoever they invite) and marks
   * it posted; nothing when none was chosen. A pot's `seats` are its invitations.
   */
  async postInCircle(
    tx: TxOrManager,
    bet: Bet,
    circleId: string | undefined,
    seats: readonly Seat[] = [],
  ): Promise<void> {
    if (!circleId) return;
    await this.circles.postBet(tx, circleId, bet.creatorId, circleUpdateOf(bet, 'create', seats));
    await this.bets.markPostedInCircle(tx, bet.id);
    bet.postedInCircle = true;
  }

  /**
   * Notifies whom the event concerns and tells both parties' open apps that their bets, wallet and
   * activity changed, and their notifications too: a call to action one of them has just done (accept,
   * report) reads as done on every device; all of it only once the transaction commits.
   */
  async announce(tx: TxOrManager, bet: Bet, drafts: NotificationDraft[]): Promise<void> {
    await this.announceTo(tx, partiesOf(bet), drafts);
  }

  /** As `announce`, to the people given: a group pot's are its seats. */
  async announceTo(tx: TxOrManager, people: string[], drafts: NotificationDraft[]): Promise<void> {
    await this.notifications.notify(tx, drafts);
    this.notifications.changed(tx, people, ['bets', 'wallet', 'activities', 'notifications']);
  }
}

import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { DataSource, type EntityManager } from 'typeorm';
import { tryJobLock } from '../../database/advisory-locks.js';
import { inTransaction } from '../../database/in-transaction.js';
import { Clock } from '../../common/clock.js';
import { BadRequestError } from '../../common/errors/domain-error.js';
import { LINK_CODE_SHAPE, newLinkCode } from '../../common/random-code.js';
import { formatDollars, negate } from '../../common/money.js';
import { DisputeResolution } from '../admin/dispute-resolution.entity.js';
import { AuditTrail } from '../admin/audit-trail.service.js';
import { NotificationsService, type NotificationDraft } from '../notifications/notifications.service.js';
import { User } from '../users/user.entity.js';
import { isSuspended } from '../users/account-standing.js';
import { RelationsService } from '../users/relations.service.js';
import { LedgerService, type LedgerPosting } from '../wallet/ledger.service.js';
import { BetActivityRecorder, type ActivityLine } from './bet-activity.recorder.js';
import { betNotifications } from './bet-notifications.js';
import { challengeState, nextStatus, type BetAction } from './bet-lifecycle.js';
import { DRAW, interpretReport, settlementPostings, winnerOf } from './bet-outcome.js';
import { Bet, type BetStatus } from './bet.entity.js';
import {
  AccountSuspendedError,
  BetNotFoundError,
  BetStateError,
  ChallengeClosedError,
  ChallengeNotFoundError,
  InvalidBetError,
  NotYourMoveError,
  OwnChallengeError,
} from './bets.errors.js';
import type { CreateBetDto, CreateChallengeDto } from './dto/create-bet.dto.js';
import type { SubmitResultResponseDto } from './dto/bet-actions.dto.js';

/** What the reporter whose report settled the bet is told: what happened to their money. */
function settledMessage(amount: string, winnerId: string | null, userId: string): string {
  if (winnerId === null) return 'Draw: both stakes came back.';
  return winnerId === userId
    ? `You won ${formatDollars(amount)}!`
    : `You lost: your ${formatDollars(amount)} stake went to the winner.`;
}

/** Hours after expiresAt that an active bet with missing or one-sided reports goes to an admin. */
export const REPORTING_GRACE_HOURS = 24;

const STATE_MESSAGES: Partial<Record<BetAction, string>> = {
  accept: 'This challenge is no longer waiting for an answer',
  decline: 'This challenge is no longer waiting for an answer',
  cancel: 'Only a challenge nobody has accepted yet can be cancelled',
  report: 'Results can only be submitted for an active bet',
  admin_resolve: 'Only a disputed bet can be resolved',
  admin_reresolve: 'Only a dispute resolved by an admin can be changed',
};

/**
 * Every bet use case, each in one transaction: the bet row is locked, the state machine asked, money
 * moved through the ledger, and an activity line written for each party.
 */
@Injectable()
export class BetsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly activities: BetActivityRecorder,
    private readonly audit: AuditTrail,
    private readonly notifications: NotificationsService,
    private readonly relations: RelationsService,
    private readonly clock: Clock,
  ) {}

  /** A challenge sent to a friend (or anyone whose settings allow it): pending until they answer. */
  async create(creatorId: string, input: CreateBetDto): Promise<Bet> {
    if (input.opponentId === creatorId)
      throw new InvalidBetError('You cannot bet against yourself', 'opponentId');
    this.assertPickIsOutcome(input);
    return inTransaction(this.dataSource, async (manager) => {
      const now = this.clock.now();
      await this.assertNotSuspended(manager, creatorId, now);
      const opponent = await manager.getRepository(User).findOne({
        where: { id: input.opponentId },
        select: { id: true, deletedAt: true, bannedAt: true, privacySettings: true },
      });
      if (!opponent || opponent.deletedAt || opponent.bannedAt) {
        throw new InvalidBetError('The opponent you chose does not exist', 'opponentId');
      }
      const settings = opponent.privacySettings as { allowChallengesFrom?: string };
      if (
        settings.allowChallengesFrom === 'friends' &&
        !(await this.relations.areFriends(creatorId, opponent.id))
      ) {
        throw new NotYourMoveError('This person only accepts challenges from friends');
      }
      return this.insertPending(manager, creatorId, input, now, { opponentId: opponent.id });
    });
  }

  /**
   * An open challenge (docs/product.md, "Open challenge links"): a pending bet with no opponent and a random
   * link code; the creator's stake is escrowed now, as for any challenge. Whoever takes it first by the link
   * becomes the opponent (`takeChallenge`); until then the creator can cancel it, and it expires as any.
   */
  async createOpenChallenge(creatorId: string, input: CreateChallengeDto): Promise<Bet> {
    this.assertPickIsOutcome(input);
    return inTransaction(this.dataSource, async (manager) => {
      const now = this.clock.now();
      await this.assertNotSuspended(manager, creatorId, now);
      return this.insertPending(manager, creatorId, input, now, { challengeCode: newLinkCode() });
    });
  }

  async accept(userId: string, betId: number, pick: string): Promise<Bet> {
    return inTransaction(this.dataSource, async (manager) => {
      const bet = await this.lockForParty(manager, betId, userId);
      if (bet.opponentId !== userId)
        throw new NotYourMoveError('Only the challenged person can accept this bet');
      return this.acceptLocked(manager, bet, userId, pick);
    });
  }

  /**
   * Someone opened an open challenge's link and accepted it: they become the opponent, exactly as if the
   * bet had been sent to them. The bet row is locked first, so of many people accepting at once exactly
   * one gets it; the others wait for the lock, then find it taken (409 challenge_taken).
   */
  async takeChallenge(userId: string, code: string, pick: string): Promise<Bet> {
    return inTransaction(this.dataSource, async (manager) => {
      const bet = await this.lockChallenge(manager, code);
      if (bet.creatorId === userId) throw new OwnChallengeError();
      if (bet.opponentId === userId) throw new BetStateError('You have already accepted this challenge');
      const state = challengeState(bet, this.clock.now());
      if (state !== 'open') throw new ChallengeClosedError(state);
      return this.acceptLocked(manager, bet, userId, pick);
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

  async submitResult(
    userId: string,
    betId: number,
    result: string,
    confirmed: boolean,
  ): Promise<SubmitResultResponseDto> {
    return inTransaction(this.dataSource, async (manager) => {
      const now = this.clock.now();
      const bet = await this.lockForParty(manager, betId, userId);
      this.assertCan(bet, 'report');
      await this.assertNotSuspended(manager, userId, now);
      const outcome = interpretReport(bet, userId, result);
      if (outcome === null)
        throw new InvalidBetError("That result is not one of this bet's outcomes", 'result');
      const isCreator = userId === bet.creatorId;
      const theirReport = isCreator ? bet.opponentResult : bet.creatorResult;
      const mine = isCreator ? { creatorResult: outcome } : { opponentResult: outcome };

      if (theirReport === null) {
        await this.moveTo(manager, bet, 'report', mine);
        await this.activities.record(manager, bet.id, [
          { userId, type: 'result_submitted', description: `Result submitted: ${bet.title}` },
        ]);
        await this.announce(manager, bet, betNotifications.resultSubmitted(bet, userId));
        return { success: true, status: 'active', message: 'Your outcome has been recorded.' };
      }

      if (theirReport === outcome) {
        const winnerId = winnerOf(bet, outcome);
        await this.ledger.post(manager, settlementPostings(bet, winnerId, 'mutual'));
        await this.moveTo(manager, bet, 'settle', {
          ...mine,
          finalResult: outcome,
          winnerUserId: winnerId,
          resolutionType: 'mutual',
          resolutionDate: now,
        });
        await this.activities.record(manager, bet.id, this.settledLines(bet, winnerId));
        await this.announce(manager, bet, betNotifications.settled(bet, winnerId, userId));
        const [me] = await manager.query<{ balance: string }[]>(`SELECT balance FROM users WHERE id = $1`, [
          userId,
        ]);
        return {
          success: true,
          status: 'completed',
          winnerUserId: winnerId,
          message: settledMessage(bet.amount, winnerId, userId),
          balance: me?.balance,
        };
      }

      if (!confirmed) {
        // Nothing changes until the reporter confirms they really disagree.
        return {
          success: false,
          needsConfirmation: true,
          conflictingOutcome: theirReport === DRAW ? 'No Clear Outcome' : theirReport,
          status: 'active',
        };
      }
      await this.moveTo(manager, bet, 'dispute', { ...mine, finalResult: 'disputed', resolutionDate: now });
      await manager.getRepository(DisputeResolution).insert({
        betId: bet.id,
        reporterId: userId,
        reason: `Reports disagree: ${isCreator ? outcome : theirReport} (creator) vs ${isCreator ? theirReport : outcome} (opponent)`,
        status: 'pending',
      });
      await this.activities.record(manager, bet.id, this.disputedLines(bet));
      await this.announce(manager, bet, betNotifications.disputed(bet, userId));
      return {
        success: true,
        status: 'disputed',
        message: 'Dispute in progress – admin will review this bet',
      };
    });
  }

  /**
   * An admin decides a disputed bet: a winner (both stakes) or a draw (each refunded). Applied once even
   * when two admins race: the second finds the bet no longer disputed.
   */
  async adminResolve(adminId: string, betId: number, winnerId: string | null, reason: string): Promise<Bet> {
    return inTransaction(this.dataSource, async (manager) => {
      const now = this.clock.now();
      const bet = await this.lock(manager, betId);
      this.assertCan(bet, 'admin_resolve');
      this.assertWinnerIsParty(bet, winnerId);
      await this.ledger.post(manager, settlementPostings(bet, winnerId, 'admin'));
      const finalResult = this.outcomeFor(bet, winnerId);
      await this.moveTo(manager, bet, 'admin_resolve', {
        finalResult,
        winnerUserId: winnerId,
        resolutionType: 'admin',
        resolutionDate: now,
      });
      await manager.getRepository(DisputeResolution).update(
        { betId: bet.id, status: 'pending' },
        {
          status: 'resolved',
          adminId,
          resolution: reason,
          resolvedAt: now,
        },
      );
      await this.audit.record(manager, {
        adminId,
        action: 'resolve_dispute',
        targetType: 'bet',
        targetId: String(bet.id),
        reason,
        previousValue: { status: 'disputed', winnerUserId: null },
        newValue: { status: 'completed', winnerUserId: winnerId, finalResult },
      });
      await this.activities.record(manager, bet.id, this.adminLines(bet, winnerId, 'admin_resolved'));
      await this.announce(manager, bet, betNotifications.adminDecided(bet, winnerId, false, reason));
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
  ): Promise<Bet> {
    return inTransaction(this.dataSource, async (manager) => {
      const now = this.clock.now();
      const bet = await this.lock(manager, betId);
      this.assertCan(bet, 'admin_reresolve');
      if (bet.resolutionType !== 'admin') {
        throw new BetStateError('Only a dispute resolved by an admin can be changed');
      }
      this.assertWinnerIsParty(bet, winnerId);
      if (winnerId === bet.winnerUserId) {
        throw new BadRequestError('The bet is already resolved that way', 'resolution_unchanged');
      }
      const reversal: LedgerPosting[] = settlementPostings(bet, bet.winnerUserId, 'admin').map((posting) => ({
        ...posting,
        amount: negate(posting.amount),
        type: 'payout_reversal',
        description: `Resolution changed: ${bet.title}`,
        allowNegative: true,
      }));
      await this.ledger.post(manager, [...reversal, ...settlementPostings(bet, winnerId, 'admin')]);
      const finalResult = this.outcomeFor(bet, winnerId);
      const previous = { winnerUserId: bet.winnerUserId, finalResult: bet.finalResult };
      await this.moveTo(manager, bet, 'admin_reresolve', {
        finalResult,
        winnerUserId: winnerId,
        resolutionDate: now,
      });
      await this.audit.record(manager, {
        adminId,
        action: 'edit_resolution',
        targetType: 'bet',
        targetId: String(bet.id),
        reason,
        previousValue: previous,
        newValue: { winnerUserId: winnerId, finalResult },
      });
      await this.activities.record(manager, bet.id, this.adminLines(bet, winnerId, 'admin_reresolved'));
      await this.announce(manager, bet, betNotifications.adminDecided(bet, winnerId, true, reason));
      return { ...bet, winnerUserId: winnerId, finalResult };
    });
  }

  /**
   * Scheduled: refunds pending bets nobody accepted in time, and sends active bets still unsettled
   * REPORTING_GRACE_HOURS after their deadline to admin review. Runs once across instances (advisory
   * lock); rows being changed by a user right now are skipped and picked up next time.
   */
  async processDeadlines(): Promise<{ expired: number; disputed: number }> {
    return inTransaction(this.dataSource, async (manager) => {
      if (!(await tryJobLock(manager, 'betDeadlines'))) return { expired: 0, disputed: 0 };
      const now = this.clock.now();
      const due = await manager.query<{ id: number }[]>(
        `SELECT id FROM bets WHERE status = 'pending' AND "expiresAt" <= $1 ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      for (const { id } of due) {
        const bet = await this.lock(manager, id);
        await this.ledger.post(manager, [this.refund(bet, bet.creatorId, 'Expired, refunded')]);
        await this.moveTo(manager, bet, 'expire', {});
        await this.activities.record(manager, bet.id, [
          { userId: bet.creatorId, type: 'bet_expired', description: `Bet expired unanswered: ${bet.title}` },
        ]);
        await this.announce(manager, bet, betNotifications.expired(bet));
      }
      const overdue = await manager.query<{ id: number }[]>(
        `SELECT id FROM bets WHERE status = 'active' AND "expiresAt" <= $1 ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
        [new Date(now.getTime() - REPORTING_GRACE_HOURS * 3_600_000)],
      );
      for (const { id } of overdue) {
        const bet = await this.lock(manager, id);
        await this.moveTo(manager, bet, 'deadline', { finalResult: 'disputed', resolutionDate: now });
        await manager.getRepository(DisputeResolution).insert({
          betId: bet.id,
          reporterId: bet.creatorResult !== null || bet.opponentId === null ? bet.creatorId : bet.opponentId,
          reason: 'Reporting deadline passed without matching reports',
          status: 'pending',
        });
        await this.activities.record(manager, bet.id, this.disputedLines(bet));
        await this.announce(manager, bet, betNotifications.disputed(bet, null));
      }
      return { expired: due.length, disputed: overdue.length };
    });
  }

  /**
   * Account deletion: every open bet of the user ends with the stakes returned to whoever put them in.
   * Runs inside the deletion's transaction.
   */
  async voidOpenBetsOf(manager: EntityManager, userId: string): Promise<number> {
    const open = await manager.query<{ id: number }[]>(
      `SELECT id FROM bets WHERE ("creatorId" = $1 OR "opponentId" = $1) AND status IN ('pending', 'active', 'disputed') ORDER BY id`,
      [userId],
    );
    for (const { id } of open) {
      const bet = await this.lock(manager, id);
      const refunds = [this.refund(bet, bet.creatorId, 'Voided, refunded')];
      if (bet.status !== 'pending' && bet.opponentId)
        refunds.push(this.refund(bet, bet.opponentId, 'Voided, refunded'));
      await this.ledger.post(manager, refunds);
      await this.moveTo(manager, bet, 'void', {});
      const others = this.parties(bet).filter((id) => id !== userId);
      await this.activities.record(
        manager,
        bet.id,
        others.map((id) => ({
          userId: id,
          type: 'bet_cancelled',
          description: `Bet cancelled, stake refunded: ${bet.title}`,
        })),
      );
      await this.announce(manager, bet, betNotifications.voided(bet, others));
    }
    return open.length;
  }

  private async endPending(userId: string, betId: number, action: 'decline' | 'cancel'): Promise<Bet> {
    return inTransaction(this.dataSource, async (manager) => {
      const bet = await this.lockForParty(manager, betId, userId);
      if (action === 'decline' && bet.opponentId !== userId) {
        throw new NotYourMoveError('Only the challenged person can decline this bet');
      }
      if (action === 'cancel' && bet.creatorId !== userId) {
        throw new NotYourMoveError('Only the person who created this bet can cancel it');
      }
      this.assertCan(bet, action);
      await this.ledger.post(manager, [
        this.refund(bet, bet.creatorId, action === 'decline' ? 'Declined, refunded' : 'Cancelled, refunded'),
      ]);
      const status = await this.moveTo(manager, bet, action, {});
      await this.activities.record(manager, bet.id, [
        action === 'decline'
          ? { userId: bet.creatorId, type: 'bet_declined', description: `Bet declined: ${bet.title}` }
          : { userId: bet.creatorId, type: 'bet_cancelled', description: `Bet cancelled: ${bet.title}` },
      ]);
      await this.announce(
        manager,
        bet,
        action === 'decline' ? betNotifications.declined(bet) : betNotifications.cancelled(bet),
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
    manager: EntityManager,
    creatorId: string,
    input: CreateChallengeDto,
    now: Date,
    counterpart: { opponentId: string } | { challengeCode: string },
  ): Promise<Bet> {
    const repository = manager.getRepository(Bet);
    const bet = await repository.save(
      repository.create({
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
        resolutionType: 'mutual',
        expiresAt: new Date(now.getTime() + input.duration * 3_600_000),
      }),
    );
    await this.ledger.post(manager, [
      {
        userId: creatorId,
        amount: negate(bet.amount),
        type: 'bet_stake',
        referenceType: 'bet',
        referenceId: String(bet.id),
        description: `Stake: ${bet.title}`,
        insufficientMessage: 'Insufficient balance for this bet',
      },
    ]);
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
    await this.activities.record(manager, bet.id, lines);
    await this.announce(manager, bet, betNotifications.received(bet));
    return bet;
  }

  /**
   * `userId` accepts the locked pending bet with `pick`: their stake is escrowed and the bet becomes
   * active with them as the opponent (already so for a sent challenge; set now for an open one).
   */
  private async acceptLocked(manager: EntityManager, bet: Bet, userId: string, pick: string): Promise<Bet> {
    const now = this.clock.now();
    this.assertCan(bet, 'accept');
    if (bet.expiresAt && bet.expiresAt <= now) throw new BetStateError('This challenge has expired');
    await this.assertNotSuspended(manager, userId, now);
    if (!bet.outcomes.includes(pick))
      throw new InvalidBetError('Please select your predicted outcome.', 'opponentPick');
    if (pick === bet.creatorPick) {
      throw new InvalidBetError('You must choose a different outcome than the challenger.', 'opponentPick');
    }
    await this.ledger.post(manager, [
      {
        userId,
        amount: negate(bet.amount),
        type: 'bet_stake',
        referenceType: 'bet',
        referenceId: String(bet.id),
        description: `Stake: ${bet.title}`,
        insufficientMessage: 'Insufficient balance to accept this bet',
      },
    ]);
    await this.moveTo(manager, bet, 'accept', { opponentId: userId, opponentPick: pick });
    const accepted: Bet = { ...bet, status: 'active', opponentId: userId, opponentPick: pick };
    await this.activities.record(manager, bet.id, [
      { userId: bet.creatorId, type: 'bet_accepted', description: `Bet accepted: ${bet.title}` },
      { userId, type: 'bet_accepted', description: `You accepted a challenge: ${bet.title}` },
    ]);
    await this.announce(manager, accepted, betNotifications.accepted(accepted));
    return accepted;
  }

  /**
   * Notifies whom the event concerns and tells both parties' open apps that their bets, wallet and
   * activity changed; all of it only once the transaction commits.
   */
  private async announce(manager: EntityManager, bet: Bet, drafts: NotificationDraft[]): Promise<void> {
    await this.notifications.notify(manager, drafts);
    this.notifications.changed(manager, this.parties(bet), ['bets', 'wallet', 'activities']);
  }

  private refund(bet: Bet, userId: string, label: string): LedgerPosting {
    return {
      userId,
      amount: bet.amount,
      type: 'bet_refund',
      referenceType: 'bet',
      referenceId: String(bet.id),
      description: `${label}: ${bet.title}`,
    };
  }

  /** The outcome text that makes `winnerId` the winner, or DRAW. */
  private outcomeFor(bet: Bet, winnerId: string | null): string {
    if (winnerId === null) return DRAW;
    return (winnerId === bet.creatorId ? bet.creatorPick : bet.opponentPick) ?? DRAW;
  }

  private assertWinnerIsParty(bet: Bet, winnerId: string | null): void {
    if (winnerId !== null && winnerId !== bet.creatorId && winnerId !== bet.opponentId) {
      throw new InvalidBetError('The winner must be the creator or the opponent of this bet', 'winnerId');
    }
  }

  private assertCan(bet: Bet, action: BetAction): void {
    if (nextStatus(bet.status, action) === null) {
      throw new BetStateError(STATE_MESSAGES[action] ?? `This bet is ${bet.status}`);
    }
  }

  /** Applies a transition with an UPDATE conditional on the status read under the lock. */
  private async moveTo(
    manager: EntityManager,
    bet: Bet,
    action: BetAction,
    changes: Partial<Bet>,
  ): Promise<BetStatus> {
    const status = nextStatus(bet.status, action);
    if (status === null) throw new BetStateError(STATE_MESSAGES[action] ?? `This bet is ${bet.status}`);
    const result = await manager
      .createQueryBuilder()
      .update(Bet)
      .set({ ...changes, status })
      .where('id = :id AND status = :from', { id: bet.id, from: bet.status })
      .execute();
    if (result.affected !== 1) throw new BetStateError(STATE_MESSAGES[action] ?? 'This bet just changed');
    return status;
  }

  private async lock(manager: EntityManager, betId: number): Promise<Bet> {
    const bet = await this.lockOne(manager, 'bet.id = :betId', { betId });
    if (!bet) throw new BetNotFoundError();
    return bet;
  }

  /** The one bet matching `where`, locked for the rest of the transaction (other writers wait). */
  private lockOne(
    manager: EntityManager,
    where: string,
    parameters: Record<string, unknown>,
  ): Promise<Bet | null> {
    return manager
      .getRepository(Bet)
      .createQueryBuilder('bet')
      .setLock('for_no_key_update')
      .where(where, parameters)
      .getOne();
  }

  /** Locks the bet; someone who is not a party is told it does not exist. */
  private async lockForParty(manager: EntityManager, betId: number, userId: string): Promise<Bet> {
    const bet = await this.lock(manager, betId);
    if (bet.creatorId !== userId && bet.opponentId !== userId) throw new BetNotFoundError();
    return bet;
  }

  /** Locks the open challenge with this link code; an unknown (or malformed) code is 404. */
  private async lockChallenge(manager: EntityManager, code: string): Promise<Bet> {
    if (!LINK_CODE_SHAPE.test(code)) throw new ChallengeNotFoundError();
    const bet = await this.lockOne(manager, 'bet.challengeCode = :code', { code });
    if (!bet) throw new ChallengeNotFoundError();
    return bet;
  }

  private async assertNotSuspended(manager: EntityManager, userId: string, now: Date): Promise<void> {
    if (await isSuspended(manager, userId, now)) throw new AccountSuspendedError();
  }

  private parties(bet: Bet): string[] {
    return [bet.creatorId, bet.opponentId].filter((id): id is string => id !== null);
  }

  private settledLines(bet: Bet, winnerId: string | null): ActivityLine[] {
    return this.parties(bet).map((userId) =>
      winnerId === null
        ? {
            userId,
            type: 'bet_draw',
            description: `Bet completed with no clear outcome, stake refunded: ${bet.title}`,
          }
        : userId === winnerId
          ? { userId, type: 'bet_won', description: `Bet won: ${bet.title}` }
          : { userId, type: 'bet_lost', description: `Bet lost: ${bet.title}` },
    );
  }

  private disputedLines(bet: Bet): ActivityLine[] {
    return this.parties(bet).map((userId) => ({
      userId,
      type: 'bet_disputed',
      description: `Bet disputed, under review: ${bet.title}`,
    }));
  }

  private adminLines(
    bet: Bet,
    winnerId: string | null,
    type: 'admin_resolved' | 'admin_reresolved',
  ): ActivityLine[] {
    return this.parties(bet).map((userId) => ({
      userId,
      type,
      description:
        winnerId === null
          ? `Dispute resolved by admin as a draw, stake refunded: ${bet.title}`
          : userId === winnerId
            ? `Dispute resolved by admin in your favor: ${bet.title}`
            : `Dispute resolved by admin, bet lost: ${bet.title}`,
    }));
  }
}

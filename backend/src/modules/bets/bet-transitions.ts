import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LINK_CODE_SHAPE } from '../../common/random-code.js';
import { NotificationsService, type NotificationDraft } from '../notifications/notifications.service.js';
import type { LedgerPosting } from '../wallet/ledger.service.js';
import { nextStatus, type BetAction } from './bet-lifecycle.js';
import { Bet, type BetStatus } from './bet.entity.js';
import { BetNotFoundError, BetStateError, ChallengeNotFoundError } from './bets.errors.js';

const STATE_MESSAGES: Partial<Record<BetAction, string>> = {
  accept: 'This challenge is no longer waiting for an answer',
  decline: 'This challenge is no longer waiting for an answer',
  cancel: 'Only a challenge nobody has accepted yet can be cancelled',
  report: 'Results can only be submitted for an active bet',
  admin_resolve: 'Only a disputed bet can be resolved',
  admin_reresolve: 'Only a dispute resolved by an admin can be changed',
};

/** Who is in the bet: the creator, and the opponent once there is one. */
export function partiesOf(bet: Bet): string[] {
  return [bet.creatorId, bet.opponentId].filter((id): id is string => id !== null);
}

/** A stake coming back from escrow to `userId`. */
export function refundPosting(bet: Bet, userId: string, label: string): LedgerPosting {
  return {
    userId,
    amount: bet.amount,
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
  constructor(private readonly notifications: NotificationsService) {}

  async lock(manager: EntityManager, betId: number): Promise<Bet> {
    const bet = await this.lockOne(manager, 'bet.id = :betId', { betId });
    if (!bet) throw new BetNotFoundError();
    return bet;
  }

  /** Locks the bet; someone who is not a party is told it does not exist. */
  async lockForParty(manager: EntityManager, betId: number, userId: string): Promise<Bet> {
    const bet = await this.lock(manager, betId);
    if (bet.creatorId !== userId && bet.opponentId !== userId) throw new BetNotFoundError();
    return bet;
  }

  /** Locks the open challenge with this link code; an unknown (or malformed) code is 404. */
  async lockChallenge(manager: EntityManager, code: string): Promise<Bet> {
    if (!LINK_CODE_SHAPE.test(code)) throw new ChallengeNotFoundError();
    const bet = await this.lockOne(manager, 'bet.challengeCode = :code', { code });
    if (!bet) throw new ChallengeNotFoundError();
    return bet;
  }

  assertCan(bet: Bet, action: BetAction): void {
    if (nextStatus(bet.status, action) === null) {
      throw new BetStateError(STATE_MESSAGES[action] ?? `This bet is ${bet.status}`);
    }
  }

  /** Applies a transition with an UPDATE conditional on the status read under the lock. */
  async moveTo(
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

  /**
   * Notifies whom the event concerns and tells both parties' open apps that their bets, wallet and
   * activity changed; all of it only once the transaction commits.
   */
  async announce(manager: EntityManager, bet: Bet, drafts: NotificationDraft[]): Promise<void> {
    await this.notifications.notify(manager, drafts);
    this.notifications.changed(manager, partiesOf(bet), ['bets', 'wallet', 'activities']);
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
}

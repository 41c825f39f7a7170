import { automock, newTestService, type TestService } from '../../testing/unit.js';
import { NotificationsService } from '../notifications/index.js';
import { AccountStanding } from '../users/index.js';
import { BetParticipantsRepository } from './bet-participants.repository.js';
import { BetTransitions } from './bet-transitions.js';
import { CircleFeed } from '../circles/index.js';
import type { Bet } from './bet.entity.js';
import { BetsRepository } from './bets.repository.js';

export const CREATOR = '00000000-0000-4000-8000-00000000000c';
export const OPPONENT = '00000000-0000-4000-8000-00000000000d';
export const STRANGER = '00000000-0000-4000-8000-00000000000e';

/** A pending challenge from CREATOR to OPPONENT, with `overrides`. */
export function aBet(overrides: Partial<Bet> = {}): Bet {
  const created = new Date('2026-03-01T11:00:00Z');
  return {
    id: 7,
    title: 'Rain tomorrow',
    kind: 'duel',
    description: null,
    amount: '25.00',
    creatorId: CREATOR,
    opponentId: OPPONENT,
    challengeCode: null,
    status: 'pending',
    duration: 24,
    outcomes: ['Rain', 'Dry'],
    creatorPick: 'Rain',
    opponentPick: null,
    creatorResult: null,
    opponentResult: null,
    finalResult: null,
    resolutionType: 'mutual',
    winnerUserId: null,
    resolutionDate: null,
    expiresAt: new Date(created.getTime() + 24 * 3_600_000),
    joinBy: null,
    reminderSentAt: null,
    postedInCircle: false,
    refereeId: null,
    refereeAcceptedAt: null,
    callResult: null,
    callNote: null,
    calledAt: null,
    appealUntil: null,
    refereeRemindedAt: null,
    refereeLapsedAt: null,
    opponentAmount: null,
    offerBy: null,
    offerPick: null,
    offerRounds: 0,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

export type BetsTest<S> = TestService<S> & {
  bets: jest.Mocked<BetsRepository>;
  standing: jest.Mocked<AccountStanding>;
  notifications: jest.Mocked<NotificationsService>;
  /** The bet the repository finds under its lock (null: none), and whether the conditional update wins. */
  given(bet: Bet | null, updateWins?: boolean): void;
};

/**
 * A bets service over fakes of the bets repository, the suspension check and notifications, with the real
 * BetTransitions between them: the state machine, the party checks and the conditional update's refusal are
 * part of what is tested.
 */
export function newBetsTest<S>(type: new (...args: never[]) => S): BetsTest<S> {
  const bets = automock(BetsRepository);
  const standing = automock(AccountStanding);
  const notifications = automock(NotificationsService);
  standing.isSuspended.mockResolvedValue(false);
  // The one-statement checks answer as the single checks a test sets up would.
  standing.suspendedAmong.mockImplementation(async (tx, userIds, now) => {
    const suspended = new Set<string>();
    for (const id of userIds) if (await standing.isSuspended(tx, id, now)) suspended.add(id);
    return suspended;
  });
  standing.challengeableBy.mockImplementation(async (tx, creatorId, opponentId, now) => ({
    creatorSuspended: await standing.isSuspended(tx, creatorId, now),
    opponent: await standing.challengeable(tx, opponentId),
  }));
  const transitions = new BetTransitions(
    bets,
    automock(BetParticipantsRepository),
    standing,
    notifications,
    automock(CircleFeed),
  );
  const test = newTestService(type, [
    [BetsRepository, bets],
    [AccountStanding, standing],
    [NotificationsService, notifications],
    [BetTransitions, transitions],
  ]);
  return {
    ...test,
    bets,
    standing,
    notifications,
    given(bet, updateWins = true) {
      bets.lock.mockResolvedValue(bet);
      bets.lockByCode.mockResolvedValue(bet);
      bets.moveStatus.mockResolvedValue(updateWins);
    },
  };
}

/** The order in which the fakes were asked to lock, move money and change the status. */
export function writeOrder(
  test: BetsTest<unknown>,
  ledgerPost: { mock: { invocationCallOrder: number[] } },
): string[] {
  const steps: [string, number[]][] = [
    ['lock', test.bets.lock.mock.invocationCallOrder],
    ['ledger', ledgerPost.mock.invocationCallOrder],
    ['status', test.bets.moveStatus.mock.invocationCallOrder],
  ];
  return steps
    .flatMap(([name, order]) => order.map((at) => [name, at] as const))
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
}

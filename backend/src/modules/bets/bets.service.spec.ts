import { TX } from '../../testing/unit.js';
import { RelationsService } from '../friends/index.js';
import type { PrivacySettings } from '../users/index.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import type { Bet } from './bet.entity.js';
import { aBet, CREATOR, newBetsTest, OPPONENT, STRANGER, writeOrder } from './bets.fakes.js';
import {
  AccountSuspendedError,
  BetNotFoundError,
  BetStateError,
  ChallengeClosedError,
  InvalidBetError,
  NotYourMoveError,
  OwnChallengeError,
} from './bets.errors.js';
import { BetsService } from './bets.service.js';

const input = {
  opponentId: OPPONENT,
  title: 'Rain tomorrow',
  amount: '25',
  duration: 24,
  outcomes: ['Rain', 'Dry'],
  creatorPick: 'Rain',
};

function setup() {
  const test = newBetsTest(BetsService);
  const ledger = test.mock(LedgerService);
  const activities = test.mock(BetActivityRecorder);
  const relations = test.mock(RelationsService);
  test.standing.challengeable.mockResolvedValue({ id: OPPONENT, privacySettings: {} as PrivacySettings });
  test.bets.insert.mockImplementation(async (_tx, bet) => ({ ...aBet(), ...bet, id: 7 }));
  return { ...test, ledger, activities, relations };
}

const activityTypes = (activities: jest.Mocked<BetActivityRecorder>) =>
  activities.record.mock.calls.flatMap(([, , lines]) => lines.map((line) => `${line.type} → ${line.userId}`));

describe('BetsService.create', () => {
  it('writes a pending bet, then escrows the creator’s stake and tells the opponent', async () => {
    const test = setup();
    const bet = await test.sut.create(CREATOR, input);
    expect(test.bets.insert).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        status: 'pending',
        amount: '25.00',
        creatorId: CREATOR,
        opponentId: OPPONENT,
        challengeCode: null,
        expiresAt: new Date(test.clock.at.getTime() + 24 * 3_600_000),
      }),
    );
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      {
        userId: CREATOR,
        amount: '-25.00',
        type: 'bet_stake',
        referenceType: 'bet',
        referenceId: String(bet.id),
        description: 'Stake: Rain tomorrow',
        insufficientMessage: 'Insufficient balance for this bet',
      },
    ]);
    expect(activityTypes(test.activities)).toEqual([
      `bet_created → ${CREATOR}`,
      `bet_received → ${OPPONENT}`,
    ]);
    expect(test.notifications.notify).toHaveBeenCalledTimes(1);
    expect(test.transactor.runs).toBe(1);
  });

  it('refuses a bet against oneself, and a pick that is not an outcome, before opening a transaction', async () => {
    const test = setup();
    await expect(test.sut.create(CREATOR, { ...input, opponentId: CREATOR })).rejects.toEqual(
      new InvalidBetError('You cannot bet against yourself', 'opponentId'),
    );
    await expect(test.sut.create(CREATOR, { ...input, creatorPick: 'Snow' })).rejects.toEqual(
      new InvalidBetError('Your prediction must be one of the outcomes', 'creatorPick'),
    );
    expect(test.transactor.runs).toBe(0);
  });

  it('refuses a suspended creator, and writes nothing', async () => {
    const test = setup();
    test.standing.isSuspended.mockResolvedValue(true);
    await expect(test.sut.create(CREATOR, input)).rejects.toBeInstanceOf(AccountSuspendedError);
    expect(test.bets.insert).not.toHaveBeenCalled();
    expect(test.ledger.post).not.toHaveBeenCalled();
  });

  it('refuses an opponent who is gone (deleted, banned or never was)', async () => {
    const test = setup();
    test.standing.challengeable.mockResolvedValue(null);
    await expect(test.sut.create(CREATOR, input)).rejects.toEqual(
      new InvalidBetError('The opponent you chose does not exist', 'opponentId'),
    );
  });

  it('lets someone who takes challenges from friends only be challenged by friends only', async () => {
    const test = setup();
    test.standing.challengeable.mockResolvedValue({
      id: OPPONENT,
      privacySettings: { allowChallengesFrom: 'friends' } as PrivacySettings,
    });
    test.relations.areFriends.mockResolvedValue(false);
    await expect(test.sut.create(CREATOR, input)).rejects.toEqual(
      new NotYourMoveError('This person only accepts challenges from friends'),
    );
    expect(test.relations.areFriends).toHaveBeenCalledWith(CREATOR, OPPONENT, TX);
    expect(test.bets.insert).not.toHaveBeenCalled();

    test.relations.areFriends.mockResolvedValue(true);
    await expect(test.sut.create(CREATOR, input)).resolves.toMatchObject({ status: 'pending' });
  });
});

describe('BetsService.createOpenChallenge', () => {
  it('writes a pending bet with a link code and no opponent, and escrows the stake', async () => {
    const test = setup();
    await test.sut.createOpenChallenge(CREATOR, input);
    expect(test.bets.insert).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ opponentId: null, challengeCode: expect.any(String) as string }),
    );
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [expect.objectContaining({ amount: '-25.00' })]);
    expect(activityTypes(test.activities)).toEqual([`bet_created → ${CREATOR}`]);
  });
});

describe('BetsService.accept', () => {
  it('locks the bet, escrows the opponent’s stake, then makes it active with their pick', async () => {
    const test = setup();
    test.given(aBet());
    const accepted = await test.sut.accept(OPPONENT, 7, 'Dry');
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        userId: OPPONENT,
        amount: '-25.00',
        type: 'bet_stake',
        insufficientMessage: 'Insufficient balance to accept this bet',
      }),
    ]);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ status: 'pending' }),
      'active',
      {
        opponentId: OPPONENT,
        opponentPick: 'Dry',
      },
    );
    expect(writeOrder(test, test.ledger.post)).toEqual(['lock', 'ledger', 'status']);
    expect(accepted).toMatchObject({ status: 'active', opponentPick: 'Dry' });
  });

  it.each<[string, string, Bet | null, string, unknown]>([
    ['a bet that does not exist', OPPONENT, null, 'Dry', new BetNotFoundError()],
    ['a bet between two others', STRANGER, aBet(), 'Dry', new BetNotFoundError()],
    [
      'one’s own challenge',
      CREATOR,
      aBet(),
      'Dry',
      new NotYourMoveError('Only the challenged person can accept this bet'),
    ],
    [
      'a bet already answered',
      OPPONENT,
      aBet({ status: 'active' }),
      'Dry',
      new BetStateError('This challenge is no longer waiting for an answer'),
    ],
    [
      'an expired challenge',
      OPPONENT,
      aBet({ expiresAt: new Date('2026-03-01T12:00:00Z') }),
      'Dry',
      new BetStateError('This challenge has expired'),
    ],
    [
      'a pick that is not an outcome',
      OPPONENT,
      aBet(),
      'Snow',
      new InvalidBetError('Please select your predicted outcome.', 'opponentPick'),
    ],
    [
      'the challenger’s own pick',
      OPPONENT,
      aBet(),
      'Rain',
      new InvalidBetError('You must choose a different outcome than the challenger.', 'opponentPick'),
    ],
  ])('refuses %s, moving no money', async (_case, userId, bet, pick, error) => {
    const test = setup();
    test.given(bet);
    await expect(test.sut.accept(userId, 7, pick)).rejects.toEqual(error);
    expect(test.ledger.post).not.toHaveBeenCalled();
    expect(test.bets.moveStatus).not.toHaveBeenCalled();
  });

  it('refuses a suspended opponent', async () => {
    const test = setup();
    test.given(aBet());
    test.standing.isSuspended.mockResolvedValue(true);
    await expect(test.sut.accept(OPPONENT, 7, 'Dry')).rejects.toBeInstanceOf(AccountSuspendedError);
    expect(test.ledger.post).not.toHaveBeenCalled();
  });

  it('refuses when the conditional update finds the bet changed (the money rolls back with it)', async () => {
    const test = setup();
    test.given(aBet(), false);
    await expect(test.sut.accept(OPPONENT, 7, 'Dry')).rejects.toEqual(
      new BetStateError('This challenge is no longer waiting for an answer'),
    );
    expect(test.notifications.notify).not.toHaveBeenCalled();
  });
});

describe('BetsService.takeChallenge', () => {
  const open = () => aBet({ opponentId: null, challengeCode: 'abcdefghijklmnop' });

  it('makes whoever takes the link the opponent', async () => {
    const test = setup();
    test.given(open());
    const taken = await test.sut.takeChallenge(STRANGER, 'abcdefghijklmnop', 'Dry');
    expect(test.bets.moveStatus).toHaveBeenCalledWith(TX, expect.anything(), 'active', {
      opponentId: STRANGER,
      opponentPick: 'Dry',
    });
    expect(taken.opponentId).toBe(STRANGER);
  });

  it('refuses one’s own challenge, and one already taken', async () => {
    const test = setup();
    test.given(open());
    await expect(test.sut.takeChallenge(CREATOR, 'abcdefghijklmnop', 'Dry')).rejects.toBeInstanceOf(
      OwnChallengeError,
    );
    test.given(aBet({ challengeCode: 'abcdefghijklmnop', status: 'active', opponentId: OPPONENT }));
    await expect(test.sut.takeChallenge(STRANGER, 'abcdefghijklmnop', 'Dry')).rejects.toBeInstanceOf(
      ChallengeClosedError,
    );
    expect(test.ledger.post).not.toHaveBeenCalled();
  });
});

describe('BetsService.decline and cancel', () => {
  it('declines: the creator’s stake comes back, then the bet is declined', async () => {
    const test = setup();
    test.given(aBet());
    const declined = await test.sut.decline(OPPONENT, 7);
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        userId: CREATOR,
        amount: '25.00',
        type: 'bet_refund',
        description: 'Declined, refunded: Rain tomorrow',
      }),
    ]);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(TX, expect.anything(), 'declined', {});
    expect(writeOrder(test, test.ledger.post)).toEqual(['lock', 'ledger', 'status']);
    expect(declined.status).toBe('declined');
    expect(activityTypes(test.activities)).toEqual([`bet_declined → ${CREATOR}`]);
  });

  it('cancels: the creator withdraws and is refunded', async () => {
    const test = setup();
    test.given(aBet());
    await test.sut.cancel(CREATOR, 7);
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        userId: CREATOR,
        type: 'bet_refund',
        description: 'Cancelled, refunded: Rain tomorrow',
      }),
    ]);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(TX, expect.anything(), 'cancelled', {});
  });

  it.each([
    [
      'the creator declining',
      'decline',
      CREATOR,
      aBet(),
      new NotYourMoveError('Only the challenged person can decline this bet'),
    ],
    [
      'the opponent cancelling',
      'cancel',
      OPPONENT,
      aBet(),
      new NotYourMoveError('Only the person who created this bet can cancel it'),
    ],
    [
      'cancelling an accepted bet',
      'cancel',
      CREATOR,
      aBet({ status: 'active' }),
      new BetStateError('Only a challenge nobody has accepted yet can be cancelled'),
    ],
    [
      'declining twice',
      'decline',
      OPPONENT,
      aBet({ status: 'declined' }),
      new BetStateError('This challenge is no longer waiting for an answer'),
    ],
  ] as const)('refuses %s, refunding nothing', async (_case, action, userId, bet, error) => {
    const test = setup();
    test.given(bet);
    await expect(test.sut[action](userId, 7)).rejects.toEqual(error);
    expect(test.ledger.post).not.toHaveBeenCalled();
  });
});

import { TX } from '../../testing/unit.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import type { Bet } from './bet.entity.js';
import { aBet, CREATOR, newBetsTest, OPPONENT } from './bets.fakes.js';
import { BetsDeletionParticipant } from './bets-deletion.participant.js';

function setup(bets: Bet[]) {
  const test = newBetsTest(BetsDeletionParticipant);
  test.bets.openBetsOf.mockResolvedValue(bets.map((bet) => bet.id));
  test.bets.lock.mockImplementation(async (_tx, id) => bets.find((bet) => bet.id === id) ?? null);
  test.bets.moveStatus.mockResolvedValue(true);
  return { ...test, ledger: test.mock(LedgerService), activities: test.mock(BetActivityRecorder) };
}

describe('BetsDeletionParticipant.voidOpenBetsOf', () => {
  it('returns every stake to whoever put it in: the creator’s of a pending bet, both of an active one', async () => {
    const test = setup([aBet({ id: 1 }), aBet({ id: 2, status: 'active', opponentPick: 'Dry' })]);
    expect(await test.sut.voidOpenBetsOf(TX, OPPONENT)).toBe(2);
    expect(test.bets.openBetsOf).toHaveBeenCalledWith(TX, OPPONENT);
    expect(
      test.ledger.post.mock.calls.map(([, postings]) => postings.map((p) => `${p.userId} ${p.amount}`)),
    ).toEqual([[`${CREATOR} 25.00`], [`${CREATOR} 25.00`, `${OPPONENT} 25.00`]]);
    expect(test.bets.moveStatus.mock.calls.map(([, , status]) => status)).toEqual(['cancelled', 'cancelled']);
  });

  it('tells only the other party, never the account being deleted', async () => {
    const test = setup([aBet({ id: 2, status: 'disputed', opponentPick: 'Dry' })]);
    await test.sut.voidOpenBetsOf(TX, CREATOR);
    expect(test.activities.record).toHaveBeenCalledWith(TX, 2, [
      {
        userId: OPPONENT,
        type: 'bet_cancelled',
        description: 'Bet cancelled, stake refunded: Rain tomorrow',
      },
    ]);
    const recipients = test.notifications.notify.mock.calls.flatMap(([, drafts]) =>
      drafts.map((d) => d.userId),
    );
    expect(recipients).toEqual([OPPONENT]);
  });
});

import { circleUpdateOf } from './bet-circle-update.js';
import type { Seat } from './bet-participants.repository.js';
import { aBet } from './bets.fakes.js';

const seat = (userId: string, overrides: Partial<Seat> = {}): Seat => ({
  betId: 9,
  userId,
  role: 'player',
  pick: 'Ana',
  stake: '10.00',
  result: null,
  joinedAt: new Date('2026-11-20T10:00:00Z'),
  reportedAt: null,
  payout: null,
  ...overrides,
});

describe('circleUpdateOf a group pot', () => {
  const pot = aBet({ id: 9, kind: 'pot', amount: '10.00', opponentId: null });

  it('shows everyone invited while it takes players, and the players who joined from the lock', () => {
    const seats = [seat('a', { role: 'creator' }), seat('b'), seat('c', { joinedAt: null, pick: null })];
    expect(circleUpdateOf({ ...pot, status: 'pending' }, 'create', seats).players).toEqual([
      { userId: 'a', reported: false },
      { userId: 'b', reported: false },
      { userId: 'c', reported: false },
    ]);
    const locked = circleUpdateOf({ ...pot, status: 'active' }, 'lock', [
      seats[0],
      { ...seats[1], result: 'Ana' },
      seats[2],
    ]);
    expect(locked).toMatchObject({
      kind: 'pot',
      results: null,
      players: [{ userId: 'a' }, { userId: 'b', reported: true }],
    });
    expect(locked.players).toHaveLength(2);
  });

  it('gives each player of a settled pot what came back minus their stake', () => {
    const resolutionDate = new Date('2026-11-21T10:00:00Z');
    const update = circleUpdateOf({ ...pot, status: 'completed', resolutionDate }, 'settle', [
      seat('a', { payout: '15.00' }),
      seat('b', { payout: '15.00' }),
      seat('c', { pick: 'Ben', payout: '0.00' }),
    ]);
    expect(update.results).toEqual([
      { userId: 'a', result: 'won', net: '5.00' },
      { userId: 'b', result: 'won', net: '5.00' },
      { userId: 'c', result: 'lost', net: '-10.00' },
    ]);
    expect(update.decidedAt).toEqual(resolutionDate);
    const refunded = circleUpdateOf({ ...pot, status: 'completed', resolutionDate }, 'settle', [
      seat('a', { payout: '10.00' }),
      seat('c', { pick: 'Ben', payout: '10.00' }),
    ]);
    expect(refunded.results?.map((result) => result.result)).toEqual(['draw', 'draw']);
  });
});

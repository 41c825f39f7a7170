import fc from 'fast-check';
import { fromCents, toCents } from '../../common/money.js';
import { splitPot } from './pot-split.js';

/** Up to 20 players, each with a stake of 0.01 .. 99,999,999.99, and which of them picked right. */
const potArbitrary = fc
  .array(fc.record({ cents: fc.bigInt({ min: 1n, max: 9_999_999_999n }), won: fc.boolean() }), {
    minLength: 1,
    maxLength: 20,
  })
  .filter((players) => players.some((player) => player.won));

function potOf(players: { cents: bigint; won: boolean }[]) {
  const pot = players.reduce((sum, player) => sum + player.cents, 0n);
  const winners = players
    .map((player, index) => ({ userId: `u${index}`, stake: fromCents(player.cents), won: player.won }))
    .filter((player) => player.won)
    .map(({ userId, stake }) => ({ userId, stake }));
  return { pot, winners };
}

describe('splitPot', () => {
  it('pays non-negative amounts that sum to the pot exactly, each within a cent of the proportional share', () => {
    fc.assert(
      fc.property(potArbitrary, (players) => {
        const { pot, winners } = potOf(players);
        const payouts = splitPot(fromCents(pot), winners);
        expect(payouts.map((payout) => payout.userId)).toEqual(winners.map((winner) => winner.userId));
        const paid = payouts.map((payout) => toCents(payout.amount));
        expect(paid.every((cents) => cents >= 0n)).toBe(true);
        expect(paid.reduce((sum, cents) => sum + cents, 0n)).toBe(pot);
        const staked = winners.reduce((sum, winner) => sum + toCents(winner.stake), 0n);
        winners.forEach((winner, index) => {
          // |paid - pot*stake/staked| < 1 cent, compared in whole numbers: |paid*staked - pot*stake| < staked.
          const gap = paid[index] * staked - pot * toCents(winner.stake);
          expect(gap < staked && -gap < staked).toBe(true);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the leftover cents to the largest remainders, ties to whoever joined first', () => {
    // 100.00 among three equal stakes: 33.33 each and one cent left, which goes to the first to join.
    expect(
      splitPot('100.00', [
        { userId: 'first', stake: '10.00' },
        { userId: 'second', stake: '10.00' },
        { userId: 'third', stake: '10.00' },
      ]),
    ).toEqual([
      { userId: 'first', amount: '33.34' },
      { userId: 'second', amount: '33.33' },
      { userId: 'third', amount: '33.33' },
    ]);
    // 10.00 split 1:2 -> 3.333.. and 6.666..: the larger remainder (the second) gets the cent.
    expect(
      splitPot('10.00', [
        { userId: 'a', stake: '1.00' },
        { userId: 'b', stake: '2.00' },
      ]),
    ).toEqual([
      { userId: 'a', amount: '3.33' },
      { userId: 'b', amount: '6.67' },
    ]);
  });

  it('pays a single winner the whole pot', () => {
    expect(splitPot('240.00', [{ userId: 'only', stake: '60.00' }])).toEqual([
      { userId: 'only', amount: '240.00' },
    ]);
  });

  it('refuses a split without winners', () => {
    expect(() => splitPot('10.00', [])).toThrow();
  });
});

describe('cents', () => {
  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -9_999_999_999n, max: 9_999_999_999n }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
    );
    expect(toCents('12.3')).toBe(1230n);
    expect(fromCents(-5n)).toBe('-0.05');
  });
});

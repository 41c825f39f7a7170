import { fromCents, toCents } from '../../common/money.js';

/** A player who picked the winning outcome, in the order they joined the pot. */
export interface PotWinner {
  userId: string;
  stake: string;
}

export interface PotPayout {
  userId: string;
  amount: string;
}

/**
 * Splits a pot among its winners in proportion to their stakes, exact to the cent (docs/money.md, "Group
 * pots"). Each winner first gets the floor of their proportional share in cents; the cents left over (fewer
 * than the number of winners) go one each to the winners with the largest remainders, ties to whoever joined
 * first (`winners` is in join order). The payouts are never negative, sum to `pot` exactly, and each is
 * within one cent of the proportional share.
 */
export function splitPot(pot: string, winners: readonly PotWinner[]): PotPayout[] {
  const total = toCents(pot);
  const stakes = winners.map((winner) => toCents(winner.stake));
  const staked = stakes.reduce((sum, stake) => sum + stake, 0n);
  if (winners.length === 0 || total < 0n || staked <= 0n || stakes.some((stake) => stake < 0n)) {
    throw new Error('a pot is split among winners with positive stakes');
  }
  const shares = stakes.map((stake, index) => ({
    index,
    cents: (total * stake) / staked,
    remainder: (total * stake) % staked,
  }));
  let leftover = total - shares.reduce((sum, share) => sum + share.cents, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (leftover === 0n) break;
    share.cents += 1n;
    leftover -= 1n;
  }
  return shares.map((share) => ({
    userId: winners[share.index].userId,
    amount: fromCents(share.cents),
  }));
}

import { Decimal } from 'decimal.js';
import { formatDollars } from '../../common/money.js';
import type { LedgerPosting } from '../wallet/index.js';
import { NO_CLEAR_OUTCOME_RESULT } from './bet-outcome.js';
import { splitPot } from './pot-split.js';

interface PotBet {
  id: number;
  title: string;
}

interface PotSeat {
  userId: string;
  pick: string | null;
  stake: string;
  joinedAt: Date | null;
}

/** The seats that put a stake in, in the order they joined (what the split's tie rule goes by). */
export function joinedSeats<T extends PotSeat>(seats: readonly T[]): T[] {
  return seats.filter((seat) => seat.joinedAt !== null);
}

/** The whole pot: every joined stake. */
export function potTotal(seats: readonly PotSeat[]): string {
  return joinedSeats(seats)
    .reduce((sum, seat) => sum.plus(seat.stake), new Decimal(0))
    .toFixed(2);
}

/**
 * What settling the pot on `outcome` pays (docs/money.md, "Group pots"): the whole pot split among the
 * players who picked it (pot-split.ts); every stake back for no clear outcome (NO_CLEAR_OUTCOME_RESULT) or an outcome nobody
 * picked.
 */
export function potSettlementPostings(
  bet: PotBet,
  seats: readonly PotSeat[],
  outcome: string,
  kind: 'mutual' | 'admin' | 'referee',
): LedgerPosting[] {
  const reference = { referenceType: 'bet', referenceId: String(bet.id) };
  const players = joinedSeats(seats);
  const winners = outcome === NO_CLEAR_OUTCOME_RESULT ? [] : players.filter((seat) => seat.pick === outcome);
  if (winners.length === 0) {
    return players.map((seat) => ({
      userId: seat.userId,
      amount: seat.stake,
      type: 'bet_refund' as const,
      description: `Nobody won, refunded: ${bet.title}`,
      ...reference,
    }));
  }
  return splitPot(potTotal(players), winners).map((payout) => ({
    userId: payout.userId,
    amount: payout.amount,
    type: 'bet_payout' as const,
    description: `${kind === 'admin' ? 'Won (admin decision)' : 'Won'}: ${bet.title}`,
    ...reference,
  }));
}

/** What each player's money came to on `outcome`: their payout (or refund) minus their stake. */
export function potNet(
  seats: readonly PotSeat[],
  postings: readonly LedgerPosting[],
  userId: string,
): string {
  const seat = seats.find((candidate) => candidate.userId === userId);
  const back = postings
    .filter((posting) => posting.userId === userId)
    .reduce((sum, posting) => sum.plus(posting.amount), new Decimal(0));
  return back.minus(seat?.stake ?? 0).toFixed(2);
}

/** What the player whose report settled a pot is told, from their net on it and the pot's stake. */
export function settledPotMessage(net: string, stake: string): string {
  if (net.startsWith('-')) return `You lost: your ${formatDollars(stake)} stake went to the winners.`;
  return net === '0.00' ? 'Nobody won: every stake came back.' : `You won ${formatDollars(net)}!`;
}

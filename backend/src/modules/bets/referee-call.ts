import { formatDollars } from '../../common/money.js';
import type { ActivityLine } from './bet-activity.recorder.js';
import { type BetParties, stakeOf, winnerOf } from './bet-outcome.js';
import { joinedSeats, potNet, potSettlementPostings } from './pot-settlement.js';

type PotSeats = Parameters<typeof potSettlementPostings>[1];

/** What a referee's call on a duel means for each party's money if it stands, one sentence each. */
export function duelCallConsequences(bet: BetParties, outcome: string): Map<string, string> {
  const winnerId = winnerOf(bet, outcome);
  const said = new Map<string, string>();
  for (const userId of [bet.creatorId, bet.opponentId]) {
    if (userId === null) continue;
    const other = userId === bet.creatorId ? (bet.opponentId ?? '') : bet.creatorId;
    said.set(
      userId,
      winnerId === null
        ? 'If it stands, both stakes come back.'
        : winnerId === userId
          ? `If it stands, you win ${formatDollars(stakeOf(bet, other))}.`
          : `If it stands, your ${formatDollars(stakeOf(bet, userId))} stake goes to the other side.`,
    );
  }
  return said;
}

/** The same for each player who joined a pot, from what settling it on `outcome` would pay. */
export function potCallConsequences(
  bet: { id: number; title: string },
  seats: PotSeats,
  outcome: string,
): Map<string, string> {
  const joined = joinedSeats(seats);
  const postings = potSettlementPostings(bet, joined, outcome, 'mutual');
  const said = new Map<string, string>();
  for (const seat of joined) {
    const net = potNet(joined, postings, seat.userId);
    said.set(
      seat.userId,
      net.startsWith('-')
        ? `If it stands, your ${formatDollars(seat.stake)} stake goes to the winners.`
        : net === '0.00'
          ? 'If it stands, every stake comes back.'
          : `If it stands, you win ${formatDollars(net)}.`,
    );
  }
  return said;
}

/** The activity lines a call leaves: the referee's own and each player's. */
export function callLines(title: string, refereeId: string, players: Iterable<string>): ActivityLine[] {
  return [...players, refereeId].map((userId) => ({
    userId,
    type: 'bet_called',
    description: `${userId === refereeId ? 'You called' : 'The referee called'}: ${title}`,
  }));
}

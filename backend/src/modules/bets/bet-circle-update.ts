import { Decimal } from 'decimal.js';
import type { CircleBetUpdate } from '../circles/circle-bet-update.js';
import type { Bet } from './bet.entity.js';

/**
 * What a circle's feed is told about a bet after `action` (the bet as it now is): its players, whether
 * each has reported, and once decided who won what (the winner gains the loser's stake; a draw, nothing).
 */
export function circleUpdateOf(bet: Bet, action: string): CircleBetUpdate {
  const players = [
    { userId: bet.creatorId, reported: bet.creatorResult !== null },
    ...(bet.opponentId ? [{ userId: bet.opponentId, reported: bet.opponentResult !== null }] : []),
  ];
  const decided = bet.status === 'completed' && bet.opponentId !== null;
  const stake = new Decimal(bet.amount);
  return {
    betId: bet.id,
    title: bet.title,
    amount: stake.toFixed(2),
    status: bet.status,
    action,
    players,
    results: decided
      ? players.map(({ userId }) =>
          bet.winnerUserId === null
            ? { userId, result: 'draw' as const, net: '0.00' }
            : userId === bet.winnerUserId
              ? { userId, result: 'won' as const, net: stake.toFixed(2) }
              : { userId, result: 'lost' as const, net: stake.negated().toFixed(2) },
        )
      : null,
    decidedAt: decided ? (bet.resolutionDate ?? null) : null,
  };
}

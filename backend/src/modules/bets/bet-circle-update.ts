import { Decimal } from 'decimal.js';
import type { CircleBetUpdate } from '../circles/index.js';
import type { Seat } from './bet-participants.repository.js';
import type { Bet } from './bet.entity.js';

/**
 * What a circle's feed is told about a bet after `action` (the bet as it now is): its players, whether
 * each has reported, and once decided who won what (the winner gains the loser's stake; a draw, nothing).
 */
export function circleUpdateOf(bet: Bet, action: string, seats: readonly Seat[] = []): CircleBetUpdate {
  if (bet.kind === 'pot') return potCircleUpdateOf(bet, action, seats);
  const players = [
    { userId: bet.creatorId, reported: bet.creatorResult !== null },
    ...(bet.opponentId ? [{ userId: bet.opponentId, reported: bet.opponentResult !== null }] : []),
  ];
  const decided = bet.status === 'completed' && bet.opponentId !== null;
  const stake = new Decimal(bet.amount);
  return {
    betId: bet.id,
    kind: 'duel',
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

/**
 * A group pot's update: while it takes players, everyone invited or joined; from the lock on, the players who
 * joined. Once settled, each player's net is what came back to their seat minus their stake (payouts are
 * recorded before the pot's status moves): a winner's share, a loser's stake gone, a refund a draw.
 */
function potCircleUpdateOf(bet: Bet, action: string, seats: readonly Seat[]): CircleBetUpdate {
  const inPot = bet.status === 'pending' ? seats : seats.filter((seat) => seat.joinedAt !== null);
  const decided = bet.status === 'completed';
  return {
    betId: bet.id,
    kind: 'pot',
    title: bet.title,
    amount: new Decimal(bet.amount).toFixed(2),
    status: bet.status,
    action,
    players: inPot.map((seat) => ({ userId: seat.userId, reported: seat.result !== null })),
    results: decided
      ? inPot.map((seat) => {
          const net = new Decimal(seat.payout ?? 0).minus(seat.stake);
          return {
            userId: seat.userId,
            result:
              net.isPositive() && !net.isZero()
                ? ('won' as const)
                : net.isZero()
                  ? ('draw' as const)
                  : ('lost' as const),
            net: net.toFixed(2),
          };
        })
      : null,
    decidedAt: decided ? (bet.resolutionDate ?? null) : null,
  };
}

import type { ActivityLine } from './bet-activity.recorder.js';
import type { Bet } from './bet.entity.js';
import { partiesOf } from './bet-transitions.js';

/** The activity lines a bet's ending writes for each party: what they read on their activity list. */
export function settledLines(bet: Bet, winnerId: string | null): ActivityLine[] {
  return partiesOf(bet).map((userId) =>
    winnerId === null
      ? {
          userId,
          type: 'bet_draw',
          description: `Bet completed with no clear outcome, stake refunded: ${bet.title}`,
        }
      : userId === winnerId
        ? { userId, type: 'bet_won', description: `Bet won: ${bet.title}` }
        : { userId, type: 'bet_lost', description: `Bet lost: ${bet.title}` },
  );
}

export function disputedLines(bet: Bet): ActivityLine[] {
  return partiesOf(bet).map((userId) => ({
    userId,
    type: 'bet_disputed',
    description: `Bet disputed, under review: ${bet.title}`,
  }));
}

export function adminLines(
  bet: Bet,
  winnerId: string | null,
  type: 'admin_resolved' | 'admin_reresolved',
): ActivityLine[] {
  // A changed decision says so: the first one's line stays, and this one must not read as a repeat of it.
  const changed = type === 'admin_reresolved';
  return partiesOf(bet).map((userId) => ({
    userId,
    type,
    description:
      winnerId === null
        ? `${changed ? 'Admin changed the decision to a draw' : 'Dispute resolved by admin as a draw'}, stake refunded: ${bet.title}`
        : userId === winnerId
          ? `${changed ? 'Admin changed the decision, now' : 'Dispute resolved by admin'} in your favor: ${bet.title}`
          : `${changed ? 'Admin changed the decision' : 'Dispute resolved by admin'}, bet lost: ${bet.title}`,
  }));
}

/**
 * A group pot's lines when an admin decides it or changes the decision, by what it came to for each player
 * (their net): in their favour, lost, or refunded as nobody won (a draw).
 */
export function potAdminLines(
  bet: Pick<Bet, 'title'>,
  nets: readonly { userId: string; net: string }[],
  changed: boolean,
): ActivityLine[] {
  const type = changed ? ('admin_reresolved' as const) : ('admin_resolved' as const);
  const decided = changed ? 'Admin changed the decision' : 'Dispute resolved by admin';
  return nets.map(({ userId, net }) => ({
    userId,
    type,
    // Worded as a duel's (adminLines), so the activity list reads them alike.
    description: net.startsWith('-')
      ? `${decided}, group pot lost: ${bet.title}`
      : net === '0.00'
        ? `${changed ? 'Admin changed the decision to a draw' : 'Dispute resolved by admin as a draw'}, nobody won, stake refunded: ${bet.title}`
        : `${decided}${changed ? ', now' : ''} in your favor: ${bet.title}`,
  }));
}

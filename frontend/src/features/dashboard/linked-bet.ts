import type { Bet } from '../bets/types';

/** `?bet=<id>` as a bet id, or null when absent or not a positive integer. */
export function linkedBetId(param: string | null): number | null {
  if (param === null || !/^[1-9]\d{0,15}$/.test(param)) return null;
  return Number(param);
}

/**
 * The dialog a notification's link (`/?bet=<id>`) opens: acceptance when the viewer is the opponent
 * of the pending bet, the result dialog when the bet is active and theirs; otherwise none.
 */
export function dialogForLinkedBet(bet: Bet, viewerId: string): 'accept' | 'result' | null {
  if (bet.status === 'pending') return bet.opponentId === viewerId ? 'accept' : null;
  if (bet.status === 'active') {
    return bet.creatorId === viewerId || bet.opponentId === viewerId ? 'result' : null;
  }
  return null;
}

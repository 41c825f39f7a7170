import { formatMoney } from '../../../lib/money';
import { timeLeft } from '../../../lib/time';
import type { BetResult } from '../bet-result';
import { displayName, NO_CLEAR_OUTCOME_RESULT, type Bet } from '../types';

/** A seat at a pot: a player, their pick and stake, their report, and after settling what came back. */
export type PotSeat = Bet['participants'][number];

export function isPot(bet: Pick<Bet, 'kind'>): boolean {
  return bet.kind === 'pot';
}

/** The viewer's seat, when they have one (an invitation not taken is a seat too, not yet joined). */
export function seatOf(bet: Bet, viewerId: string): PotSeat | null {
  return bet.participants.find((seat) => seat.userId === viewerId) ?? null;
}

/** The players who are in: their stake is in the pot. */
export function joinedSeats(bet: Bet): PotSeat[] {
  return bet.participants.filter((seat) => seat.joinedAt !== null);
}

/** Invited people who have not answered yet. */
export function invitedSeats(bet: Bet): PotSeat[] {
  return bet.participants.filter((seat) => seat.joinedAt === null);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (value: number) => (value / 100).toFixed(2);

/** Everything the players have put in, in dollars ("40.00"). */
export function potTotal(bet: Bet): string {
  return dollars(joinedSeats(bet).reduce((sum, seat) => sum + cents(seat.stake), 0));
}

/**
 * The pot split among those who picked `outcome`, by the server's rule (docs/money.md, "Splitting a pot"):
 * each gets the floor of their proportional share in cents, the cents left over go one each to the largest
 * remainders, ties to whoever joined first. Empty when nobody picked it (then every stake comes back).
 */
export function splitIf(bet: Bet, outcome: string): Map<string, string> {
  const winners = joinedSeats(bet).filter((seat) => seat.pick === outcome);
  const total = cents(potTotal(bet));
  const staked = winners.reduce((sum, seat) => sum + cents(seat.stake), 0);
  const shares = new Map<string, string>();
  if (staked <= 0) return shares;
  const parts = winners.map((seat, index) => ({
    userId: seat.userId,
    index,
    cents: Math.floor((total * cents(seat.stake)) / staked),
    remainder: (total * cents(seat.stake)) % staked,
  }));
  let leftover = total - parts.reduce((sum, part) => sum + part.cents, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (leftover === 0) break;
    part.cents += 1;
    leftover -= 1;
  }
  for (const part of parts) shares.set(part.userId, dollars(part.cents));
  return shares;
}

/** What a player takes home if their own pick happens (their stake included), or null before they pick. */
export function winningsIfRight(bet: Bet, seat: PotSeat): string | null {
  if (!seat.pick || seat.joinedAt === null) return null;
  return splitIf(bet, seat.pick).get(seat.userId) ?? null;
}

/** What the pot did to a seat's money: what came back minus the stake, in dollars (signed), once settled. */
export function seatNet(seat: PotSeat): number | null {
  if (seat.payout === null || seat.joinedAt === null) return null;
  return (cents(seat.payout) - cents(seat.stake)) / 100;
}

/** How a pot ended for the viewer: Won / Lost with the amount, Draw when their stake came back. */
export function potResultOf(bet: Bet, viewerId: string): BetResult | null {
  switch (bet.status) {
    case 'disputed':
      return { label: 'Disputed', color: 'warning', net: null };
    case 'declined':
      return { label: 'Declined', color: 'default', net: null };
    case 'cancelled':
      return { label: 'Cancelled', color: 'default', net: null };
    case 'expired':
      return { label: 'Expired', color: 'default', net: null };
    case 'pending':
    case 'active':
      return null;
    case 'completed': {
      const seat = seatOf(bet, viewerId);
      const net = seat ? seatNet(seat) : null;
      if (net === null || net === 0) return { label: 'Draw', color: 'default', net: null };
      return net > 0
        ? { label: 'Won', color: 'success', net: `+${formatMoney(net)}` }
        : { label: 'Lost', color: 'error', net: `-${formatMoney(-net)}` };
    }
  }
}

/** A player's report as people say it. */
export function potReportText(report: string | null): string {
  if (report === null) return 'not yet';
  return report === NO_CLEAR_OUTCOME_RESULT ? 'no clear outcome' : report;
}

/** Where the pot stands, in one sentence for the viewer. */
export function potStateInWords(bet: Bet, viewerId: string, now = new Date()): string {
  const seat = seatOf(bet, viewerId);
  const players = joinedSeats(bet).length;
  const pot = `$${formatMoney(potTotal(bet))}`;
  switch (bet.status) {
    case 'pending':
      if (seat && seat.joinedAt === null)
        return `You are invited: join with your pick before it locks (${timeLeft(bet.joinBy, now)}).`;
      return `Taking players: ${players} in so far, ${pot} in the pot (${timeLeft(bet.joinBy, now)} to join).`;
    case 'active': {
      const waiting = joinedSeats(bet).filter((player) => player.result === null).length;
      return `The pot is on: ${players} players, ${pot}. Every player reports the outcome once it is decided (${waiting} still to report, ${timeLeft(bet.expiresAt, now)}).`;
    }
    case 'disputed':
      return 'Dispute in progress – admin will review this bet';
    case 'declined':
    case 'cancelled':
    case 'expired':
      return 'The pot did not go ahead: every stake went back.';
    case 'completed': {
      const how = bet.resolutionType === 'admin' ? ' An admin decided it.' : '';
      const result = potResultOf(bet, viewerId);
      const happened =
        bet.finalResult && bet.finalResult !== NO_CLEAR_OUTCOME_RESULT
          ? `${bet.finalResult} happened. `
          : 'No clear outcome. ';
      if (result?.label === 'Won') return `${happened}You won $${result.net?.slice(1)}.${how}`;
      if (result?.label === 'Lost') return `${happened}You lost $${result.net?.slice(1)}.${how}`;
      return `${happened}Your stake came back.${how}`;
    }
  }
}

/** Anyone seated at a bet (a duel's two, a pot's players), by name: for receipts and statements. */
export function seatNameOf(bet: Bet, userId: string): string {
  if (userId === bet.creatorId) return displayName(bet.creator);
  if (userId === bet.opponentId) return displayName(bet.opponent);
  return displayName(bet.participants.find((seat) => seat.userId === userId)?.person);
}

import { formatMoney } from '../../lib/money';
import { joinedSeats, seatOf, splitIf } from './pot/pot-result';
import { displayName, NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT, type Bet } from './types';

type Stakes = Pick<Bet, 'amount' | 'opponentAmount' | 'creatorId'>;

const cents = (amount: string) => Math.round(Number(amount) * 100);
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A reduced ratio stays readable up to this ("5 to 2"); past it the odds are said as "3.33 to 1". */
const PLAIN_RATIO_MAX = 20;

/**
 * Two stakes as friends say odds, the larger first whoever reads it: $30 against $10 is "3 to 1" for both
 * sides, $25 against $10 "5 to 2", $10 against $10 "even money". Only a reading of the stakes: nothing is
 * computed from it (docs/money.md).
 */
export function oddsText(first: string, second: string): string {
  const [big, small] = [cents(first), cents(second)].sort((x, y) => y - x) as [number, number];
  if (small <= 0) return '';
  if (big === small) return 'even money';
  const divisor = gcd(big, small);
  const [x, y] = [big / divisor, small / divisor];
  if (x <= PLAIN_RATIO_MAX && y <= PLAIN_RATIO_MAX) return `${x} to ${y}`;
  return `${Math.round((big / small) * 100) / 100} to 1`;
}

/** The opponent's stake: its own when uneven, else the creator's. */
export const opponentStakeOf = (bet: Pick<Bet, 'amount' | 'opponentAmount'>): string =>
  bet.opponentAmount ?? bet.amount;

export const isUneven = (bet: Pick<Bet, 'amount' | 'opponentAmount'>): boolean =>
  bet.opponentAmount !== null &&
  bet.opponentAmount !== undefined &&
  cents(bet.opponentAmount) !== cents(bet.amount);

/** A side's own stake and what it can win (the other side's stake); the creator's side unless viewer is the opponent. */
export function stakesFor(bet: Stakes, viewerId: string): { mine: string; theirs: string } {
  const creatorStake = bet.amount;
  const opponentStake = opponentStakeOf(bet);
  return viewerId === bet.creatorId
    ? { mine: creatorStake, theirs: opponentStake }
    : { mine: opponentStake, theirs: creatorStake };
}

/** "You put $10.00 to win $30.00 (3 to 1)", or "$25.00 each" for even money: the stake line of cards and pages. */
export function stakeLine(bet: Stakes, viewerId: string | null): string {
  if (!isUneven(bet)) return `$${formatMoney(bet.amount)} each`;
  if (viewerId === null)
    return `$${formatMoney(bet.amount)} against $${formatMoney(opponentStakeOf(bet))} (${oddsText(bet.amount, opponentStakeOf(bet))})`;
  const { mine, theirs } = stakesFor(bet, viewerId);
  return `You put $${formatMoney(mine)} to win $${formatMoney(theirs)} (${oddsText(mine, theirs)})`;
}

/** An offer's terms as the viewer reads them: "Your $10.00 against their $30.00 (3 to 1)". */
export function offerLine(
  bet: Pick<Bet, 'amount' | 'creatorId'>,
  opponentAmount: string,
  viewerId: string,
): string {
  const { mine, theirs } = stakesFor({ ...bet, opponentAmount }, viewerId);
  return `Your $${formatMoney(mine)} against their $${formatMoney(theirs)} (${oddsText(mine, theirs)}): you can win $${formatMoney(theirs)}`;
}

/** A call as people say it: the outcome's text, or "no clear outcome". */
export function callText(result: string): string {
  return result === NO_CLEAR_OUTCOME_RESULT || result === NO_CLEAR_OUTCOME
    ? 'no clear outcome'
    : `“${result}”`;
}

/**
 * What a duel's call means for a player's money if it stands, as the server words it in the bet_called
 * notification: the winner takes the other side's stake, a loser's stake goes, no clear outcome gives both back.
 */
export function callConsequence(bet: Bet, result: string, viewerId: string): string {
  if (bet.kind === 'pot') return potCallConsequence(bet, result, viewerId);
  const winnerId =
    result === bet.creatorPick ? bet.creatorId : result === bet.opponentPick ? bet.opponentId : null;
  if (winnerId === null) return 'If it stands, both stakes come back.';
  const { mine, theirs } = stakesFor(bet, viewerId);
  return winnerId === viewerId
    ? `If it stands, you win $${formatMoney(theirs)}.`
    : `If it stands, your $${formatMoney(mine)} stake goes to the other side.`;
}

/** For the referee: what each player's money does if the call is made (they see it before they call). */
export function callConsequenceForEach(bet: Bet, result: string): string {
  if (bet.kind === 'pot') {
    const shares = splitIf(bet, result);
    if (shares.size === 0 || shares.size === joinedSeats(bet).length)
      return 'Nobody wins: every stake goes back to its player.';
    const names = joinedSeats(bet)
      .filter((seat) => shares.has(seat.userId))
      .map((seat) => `${displayName(seat.person)} $${formatMoney(shares.get(seat.userId))}`);
    return `The pot is split: ${names.join(', ')}; the other players’ stakes go to them.`;
  }
  const winnerId =
    result === bet.creatorPick ? bet.creatorId : result === bet.opponentPick ? bet.opponentId : null;
  if (winnerId === null) return 'Nobody wins: both stakes go back to the players.';
  const winner = winnerId === bet.creatorId ? bet.creator : bet.opponent;
  const loser = winnerId === bet.creatorId ? bet.opponent : bet.creator;
  const { mine, theirs } = stakesFor(bet, winnerId);
  return `${displayName(winner)} wins $${formatMoney(theirs)} (${displayName(loser)}’s stake) and gets their own $${formatMoney(mine)} back.`;
}

/** A pot player's share if the call stands: the split among those who picked it, or every stake back. */
function potCallConsequence(bet: Bet, result: string, viewerId: string): string {
  const shares = splitIf(bet, result);
  const seat = seatOf(bet, viewerId);
  if (shares.size === 0 || shares.size === joinedSeats(bet).length)
    return 'If it stands, every stake comes back.';
  const share = shares.get(viewerId);
  if (share !== undefined) return `If it stands, you get $${formatMoney(share)} from the pot.`;
  return `If it stands, your $${formatMoney(seat?.stake ?? bet.amount)} stake goes to the winners.`;
}

/** At most 5 offers, both sides together (the server's MAX_COUNTER_ROUNDS). */
export const MAX_COUNTER_ROUNDS = 5;

export function roundsLeft(bet: Pick<Bet, 'offers'>): number {
  return Math.max(0, MAX_COUNTER_ROUNDS - (bet.offers?.length ?? 0));
}

/** The opponent's pick in the latest offer that named one (a counter keeps it unless it changes it). */
export function opponentPickOffered(bet: Pick<Bet, 'offers'>): string | null {
  const offers = bet.offers ?? [];
  for (let index = offers.length - 1; index >= 0; index -= 1) {
    const pick = offers[index]?.opponentPick;
    if (pick) return pick;
  }
  return null;
}

/** Whose answer a pending challenge waits for: the opponent's first, the creator's after an opponent's counter. */
export function offerTurn(bet: Pick<Bet, 'creatorId' | 'offerBy'>): 'creator' | 'opponent' {
  return bet.offerBy && bet.offerBy !== bet.creatorId ? 'creator' : 'opponent';
}

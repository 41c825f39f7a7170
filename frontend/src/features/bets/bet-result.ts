import { formatMoney } from '../../lib/money';
import { isPot, potResultOf } from './pot/pot-result';
import { opponentStakeOf, stakesFor } from './stakes';
import { displayName, NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT, type Bet } from './types';

export type ResultLabel = 'Won' | 'Lost' | 'Draw' | 'Disputed' | 'Declined' | 'Cancelled' | 'Expired';

export interface BetResult {
  label: ResultLabel;
  color: 'success' | 'error' | 'default' | 'warning';
  /** What the bet did to the viewer's money, signed ("+25.00", "-25.00"), or null when nothing moved for good. */
  net: string | null;
}

/**
 * How a finished (or disputed) bet ended for the viewer: the completed-card badge of the product
 * (Won / Lost / Draw / Disputed) plus the endings of challenges that never started.
 */
export function resultOf(bet: Bet, viewerId: string): BetResult | null {
  if (isPot(bet)) return potResultOf(bet, viewerId);
  // Each side's own stake: a win gains the other side's, a loss costs one's own (uneven stakes).
  const { mine, theirs } = stakesFor(bet, viewerId);
  switch (bet.status) {
    case 'disputed':
      return { label: 'Disputed', color: 'warning', net: null };
    case 'declined':
      return { label: 'Declined', color: 'default', net: null };
    case 'cancelled':
      return { label: 'Cancelled', color: 'default', net: null };
    case 'expired':
      return { label: 'Expired', color: 'default', net: null };
    case 'completed':
      if (bet.winnerUserId === null) return { label: 'Draw', color: 'default', net: null };
      return bet.winnerUserId === viewerId
        ? { label: 'Won', color: 'success', net: `+${formatMoney(theirs)}` }
        : { label: 'Lost', color: 'error', net: `-${formatMoney(mine)}` };
    case 'pending':
    case 'active':
      return null;
  }
}

export type Choice = 'WIN' | 'LOSE' | typeof NO_CLEAR_OUTCOME;

/** The viewer's and the other party's picks, and the other party. */
export function sides(bet: Bet, viewerId: string) {
  const isCreator = bet.creatorId === viewerId;
  return {
    other: isCreator ? bet.opponent : bet.creator,
    otherId: isCreator ? bet.opponentId : bet.creatorId,
    myPick: isCreator ? bet.creatorPick : bet.opponentPick,
    theirPick: isCreator ? bet.opponentPick : bet.creatorPick,
  };
}

/**
 * An outcome that happened, as the report the product sends: the viewer's pick is a win, the other's a
 * loss, and an outcome nobody picked is no clear outcome (both stakes come back).
 */
export function choiceForOutcome(bet: Bet, viewerId: string, outcome: string): Choice {
  const { myPick, theirPick } = sides(bet, viewerId);
  if (outcome === myPick) return 'WIN';
  if (outcome === theirPick) return 'LOSE';
  return NO_CLEAR_OUTCOME;
}

/** How a report stands against what the other party has already reported. */
export type Agreement = 'first' | 'agrees' | 'differs';

export function agreementOf(bet: Bet, viewerId: string, choice: Choice): Agreement {
  const { myPick, theirPick } = sides(bet, viewerId);
  const theirs = bet.creatorId === viewerId ? bet.opponentResult : bet.creatorResult;
  if (theirs === null) return 'first';
  const mine = choice === 'WIN' ? myPick : choice === 'LOSE' ? theirPick : NO_CLEAR_OUTCOME_RESULT;
  return mine === theirs ? 'agrees' : 'differs';
}

/**
 * What a report means in money, said before it is sent, against what the other party already reported:
 * the first report waits for them, a matching one settles the bet now, a different one starts a dispute.
 */
export function consequenceOf(bet: Bet, viewerId: string, choice: Choice): string {
  const { other } = sides(bet, viewerId);
  const name = displayName(other);
  const pot = formatMoney(Number(bet.amount) + Number(opponentStakeOf(bet)));
  const theirs = bet.creatorId === viewerId ? bet.opponentResult : bet.creatorResult;
  switch (agreementOf(bet, viewerId, choice)) {
    case 'differs':
      return `${name} reported ${theirs === NO_CLEAR_OUTCOME_RESULT ? 'No Clear Outcome' : theirs}. A different report puts the bet in dispute: an admin decides, and both stakes stay in escrow until then.`;
    case 'agrees':
      switch (choice) {
        case 'WIN':
          return `${name} reported the same: the bet settles now and the $${pot} pot is paid to you.`;
        case 'LOSE':
          return `${name} reported the same: the bet settles now and ${name} receives $${pot} from the pot.`;
        case NO_CLEAR_OUTCOME:
          return `${name} reported no clear outcome too: the bet settles now and both stakes come back.`;
      }
      break;
    case 'first':
      break;
  }
  switch (choice) {
    case 'WIN':
      return `You won $${formatMoney(stakesFor(bet, viewerId).theirs)}: the $${pot} pot is paid to you once ${name} agrees.`;
    case 'LOSE':
      return `You lost: ${name} receives $${pot} from the pot once ${name} agrees.`;
    case NO_CLEAR_OUTCOME:
      return `Draw: both stakes come back once ${name} agrees.`;
  }
}

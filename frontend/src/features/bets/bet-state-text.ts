import { timeLeft } from '../../lib/time';
import { resultOf, sides } from './bet-result';
import { isPot, potStateInWords } from './pot/pot-result';
import { displayName, isOpenLink, NO_CLEAR_OUTCOME_RESULT, type Bet } from './types';

/** A report as people say it: "Reds", "no clear outcome". */
export function reportText(report: string | null): string {
  if (report === null) return 'not yet';
  return report === NO_CLEAR_OUTCOME_RESULT ? 'no clear outcome' : report;
}

/** Where the bet stands, in one sentence for the viewer. */
export function stateInWords(bet: Bet, viewerId: string, now = new Date()): string {
  if (isPot(bet)) return potStateInWords(bet, viewerId, now);
  const { other } = sides(bet, viewerId);
  const name = displayName(other);
  const isParty = bet.creatorId === viewerId || bet.opponentId === viewerId;
  switch (bet.status) {
    case 'pending':
      if (!isParty)
        return `Waiting for ${displayName(bet.opponent)} to answer (${timeLeft(bet.expiresAt, now)}).`;
      if (isOpenLink(bet))
        return `Waiting for someone to accept your link (${timeLeft(bet.expiresAt, now)}).`;
      return bet.opponentId === viewerId
        ? `${name} challenged you. Accept or decline before it expires (${timeLeft(bet.expiresAt, now)}).`
        : bet.offerBy && bet.offerBy !== bet.creatorId
          ? `${name} made a counter-offer: accept it, counter back or decline (${timeLeft(bet.expiresAt, now)}).`
          : `Waiting for ${name} to accept (${timeLeft(bet.expiresAt, now)}).`;
    case 'active':
      if (bet.resolutionType === 'referee')
        return bet.call
          ? 'The referee has called it: it settles when the appeal window ends, or once every player accepts the call.'
          : `The bet is on. The referee calls it once it is decided (${timeLeft(bet.expiresAt, now)}).`;
      return `The bet is on. Both report the result once it is decided (${timeLeft(bet.expiresAt, now)}).`;
    case 'disputed':
      return bet.call
        ? 'The call was appealed – an admin will review this bet'
        : 'Dispute in progress – admin will review this bet';
    case 'declined':
      return 'The challenge was declined; the stake went back to the challenger.';
    case 'cancelled':
      return 'The challenge was withdrawn before anyone accepted; the stake went back.';
    case 'expired':
      return 'Nobody accepted in time; the stake went back to the challenger.';
    case 'completed': {
      const result = resultOf(bet, viewerId);
      const how = bet.resolutionType === 'admin' ? ' An admin decided it.' : '';
      if (!isParty) {
        return bet.winnerUserId === null
          ? `Draw: both stakes came back.${how}`
          : `${displayName(bet.winner)} won.${how}`;
      }
      if (result?.label === 'Won') return `You won $${result.net?.slice(1)}.${how}`;
      if (result?.label === 'Lost') return `You lost $${result.net?.slice(1)} to ${name}.${how}`;
      return `Draw: both stakes came back.${how}`;
    }
  }
}

import type { Schemas } from '../../api/schemas';
import { personName } from '../../lib/person-name';

/** The API's shapes for bets, generated from the backend's OpenAPI document (src/api/schemas.ts). */
export type Bet = Schemas['BetDto'];
export type BetStatus = Bet['status'];
export type BetParty = Schemas['BetPartyDto'];
export type CreateBetInput = Schemas['CreateBetDto'];
export type SubmitResultResponse = Schemas['SubmitResultResponseDto'];
export type BetEvent = Schemas['BetEventDto'];
export type BetReceipt = Schemas['BetReceiptDto'];
export type DisputeStatement = Schemas['DisputeStatementDto'];
export type BetDispute = Schemas['BetDisputeDto'];
/** GET /api/bets/{id}/page: everything a bet's page shows. */
export type BetPageData = Schemas['BetPageDto'];

export { NO_CLEAR_OUTCOME, NO_CLEAR_OUTCOME_RESULT } from '../../api/outcomes';

export type { HistoryFilter } from '../../api/enhanced-api';

/** The app's one way to name a person (lib/person-name), under the name the bets feature has long used. */
export const displayName: (party: BetParty | null | undefined) => string = personName;

/** A challenge sent as a link that nobody has taken yet: it has no opponent to name. */
export function isOpenLink(bet: Pick<Bet, 'opponentId' | 'challengeCode'>): boolean {
  return !bet.opponentId && Boolean(bet.challengeCode);
}

/** The other side of a bet as the viewer sees it: an open challenge nobody has taken yet says so. */
export function otherSideName(
  bet: Pick<Bet, 'opponent' | 'opponentId' | 'challengeCode'>,
  other: BetParty | null,
): string {
  if (!other && isOpenLink(bet)) return 'anyone with the link';
  return displayName(other);
}

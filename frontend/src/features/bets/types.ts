export type BetStatus =
  'pending' | 'active' | 'completed' | 'disputed' | 'declined' | 'cancelled' | 'expired';

export interface BetParty {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  email?: string | null;
}

export interface Bet {
  id: number;
  title: string;
  description: string | null;
  amount: string;
  outcomes: string[];
  creatorId: string;
  opponentId: string | null;
  creator: BetParty;
  opponent: BetParty | null;
  creatorPick: string | null;
  opponentPick: string | null;
  creatorResult: string | null;
  opponentResult: string | null;
  finalResult: string | null;
  winnerUserId: string | null;
  winner: BetParty | null;
  status: BetStatus;
  resolutionType: string;
  duration: number;
  createdAt: string;
  expiresAt: string | null;
  resolutionDate: string | null;
  /** An open challenge's link code (`/c/{code}`), for its creator only; null for a bet sent to a friend. */
  challengeCode?: string | null;
}

export interface CreateBetInput {
  opponentId: string;
  amount: string;
  title: string;
  description: string;
  outcomes: string[];
  duration: number;
  creatorPick: string;
  resolutionType: 'mutual';
}

export interface SubmitResultResponse {
  success: boolean;
  needsConfirmation?: boolean;
  conflictingOutcome?: string;
  status: string;
  message?: string;
  /** When the report settled the bet: the winner (null for a draw) and the reporter's new balance. */
  winnerUserId?: string | null;
  balance?: string;
}

export interface BetEvent {
  at: string;
  type: string;
  text: string;
}

export interface BetReceipt {
  id: string;
  userId: string;
  type: 'bet_stake' | 'bet_refund' | 'bet_payout' | 'payout_reversal';
  amount: string;
  balanceAfter: string;
  description: string | null;
  createdAt: string;
}

export interface DisputeStatement {
  userId: string;
  text: string;
  /** https:// evidence links; shown as links that open in a new tab without a referrer. */
  links: string[];
  createdAt: string;
  updatedAt: string;
}

export interface BetDispute {
  openedAt: string;
  reporterId: string;
  status: 'pending' | 'resolved';
  decidedAt: string | null;
  decisionReason: string | null;
  statements: DisputeStatement[];
}

/** GET /api/bets/{id}/page: everything a bet's page shows. */
export interface BetPageData {
  bet: Bet;
  viewerRole: 'creator' | 'opponent' | 'admin';
  timeline: BetEvent[];
  receipts: BetReceipt[];
  dispute: BetDispute | null;
  /** Admins only: each party's disputes so far and how they ended for them. */
  disputeHistory: { userId: string; disputes: number; won: number; lost: number; drawn: number }[];
}

export interface HistoryFilter {
  status?: BetStatus;
  opponentId?: string;
}

export interface LedgerEntry {
  id: string;
  type: string;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
  description: string | null;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: string;
}

export interface WalletSummary {
  available: string;
  inPlay: string;
  total: string;
  currency: 'USD';
}

/** A person's display name: names when visible, else the username, else 'Unknown'. */
export function displayName(party: BetParty | null | undefined): string {
  if (!party) return 'Unknown';
  const name = [party.firstName, party.lastName].filter(Boolean).join(' ');
  return name || party.username || party.email || 'Unknown';
}

/** The other side of a bet as the viewer sees it: an open challenge nobody has taken yet says so. */
export function otherSideName(
  bet: Pick<Bet, 'opponent' | 'opponentId' | 'challengeCode'>,
  other: BetParty | null,
): string {
  if (!other && !bet.opponentId && bet.challengeCode) return 'anyone with the link';
  return displayName(other);
}

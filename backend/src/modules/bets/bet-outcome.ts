import { Decimal } from 'decimal.js';
import type { LedgerPosting } from '../wallet/index.js';

/** What a report or a call sends for "nobody clearly won" (the spec's outcome value). */
export const NO_CLEAR_OUTCOME = 'NO_CLEAR_OUTCOME';
/** What a bet stores for it, in creatorResult / opponentResult / finalResult and a call: the spec's read value. */
export const NO_CLEAR_OUTCOME_RESULT = 'no_clear_outcome';

export interface BetParties {
  id: number;
  title: string;
  amount: string;
  /** The opponent's stake when uneven (docs/money.md, "Uneven stakes"); null or absent: the same as amount. */
  opponentAmount?: string | null;
  creatorId: string;
  opponentId: string | null;
  creatorPick: string | null;
  opponentPick: string | null;
  outcomes: string[];
}

/**
 * What a report says happened, as an outcome text or NO_CLEAR_OUTCOME_RESULT. A report is the reporter's own id (I won),
 * the other party's id (I lost), NO_CLEAR_OUTCOME, or one of the bet's outcome texts. Null: not a
 * valid report for this bet.
 */
export function interpretReport(bet: BetParties, reporterId: string, result: string): string | null {
  const isCreator = reporterId === bet.creatorId;
  const mine = isCreator ? bet.creatorPick : bet.opponentPick;
  const theirs = isCreator ? bet.opponentPick : bet.creatorPick;
  const otherId = isCreator ? bet.opponentId : bet.creatorId;
  if (result === NO_CLEAR_OUTCOME || result === NO_CLEAR_OUTCOME_RESULT) return NO_CLEAR_OUTCOME_RESULT;
  if (result === reporterId) return mine;
  if (otherId !== null && result === otherId) return theirs;
  return bet.outcomes.includes(result) ? result : null;
}

/** Who an outcome makes the winner: the party who picked it, or nobody (a draw, or an outcome neither picked). */
export function winnerOf(bet: BetParties, outcome: string): string | null {
  if (outcome === NO_CLEAR_OUTCOME_RESULT) return null;
  if (outcome === bet.creatorPick) return bet.creatorId;
  if (outcome === bet.opponentPick) return bet.opponentId;
  return null;
}

/** What `userId` put in: the creator's stake is `amount`, the opponent's their own (opponentAmount, if uneven). */
export function stakeOf(
  bet: Pick<BetParties, 'amount' | 'opponentAmount' | 'opponentId'>,
  userId: string,
): string {
  return userId === bet.opponentId && bet.opponentAmount ? bet.opponentAmount : bet.amount;
}

/** Both stakes: what the winner of a duel takes, exact to the cent. */
export function duelPot(bet: Pick<BetParties, 'amount' | 'opponentAmount'>): string {
  return new Decimal(bet.amount).plus(bet.opponentAmount ?? bet.amount).toFixed(2);
}

/** The ledger postings that release a bet's escrow: both stakes to the winner, or each stake back. */
export function settlementPostings(
  bet: BetParties,
  winnerId: string | null,
  kind: 'mutual' | 'admin',
): LedgerPosting[] {
  const reference = { referenceType: 'bet', referenceId: String(bet.id) };
  if (winnerId === null) {
    return [bet.creatorId, bet.opponentId]
      .filter((id): id is string => id !== null)
      .map((userId) => ({
        userId,
        amount: stakeOf(bet, userId),
        type: 'bet_refund' as const,
        description: `Draw refund: ${bet.title}`,
        ...reference,
      }));
  }
  return [
    {
      userId: winnerId,
      amount: duelPot(bet),
      type: 'bet_payout',
      description: `${kind === 'admin' ? 'Won (admin decision)' : 'Won'}: ${bet.title}`,
      ...reference,
    },
  ];
}

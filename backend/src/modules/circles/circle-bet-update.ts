/**
 * What bets tells circles about a bet posted in a circle, in the transaction of the bet's change: the feed
 * keeps its own copy of the bet from these (circles never reads the bets table), and the leaderboard
 * applies `results` when the bet is decided.
 */
export interface CircleBetUpdate {
  betId: number;
  /** A duel (two people) or a group pot (its players). */
  kind: 'duel' | 'pot';
  title: string;
  /** Each player's stake, dollars with 2 decimals. */
  amount: string;
  /** The bet's status after the change. */
  status: string;
  /**
   * What happened, in the bet state machine's words: `create` for a new bet, then `accept`, `settle`,
   * `admin_resolve`, `admin_reresolve`, `deadline` (reports overdue), or any other transition (a pot's
   * `join`, `lock`, `void`, `cancel`...).
   */
  action: string;
  /** Everyone in the bet so far, and whether they have reported its outcome. */
  players: { userId: string; reported: boolean }[];
  /** For a decided bet (settled or decided by an admin): each player's result and net gain. */
  results: { userId: string; result: 'won' | 'lost' | 'draw'; net: string }[] | null;
  /** When it was decided. */
  decidedAt: Date | null;
}

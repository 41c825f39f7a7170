import type { TxOrManager } from '../../database/transactor.js';
import { betRecordOf, type BetRecordRow, type ProfitPointRow } from '../bets/index.js';
import { countAcceptedFriends } from '../friends/index.js';
import type { UserAnalyticsDto } from './analytics.controller.js';

export type { ProfitPointRow } from '../bets/index.js';

/** The user-stats figures as SQL hands them over: the record bets keeps, and the friends count. */
export type UserFiguresRow = BetRecordRow & { friends: number };

export type UserFigures = Omit<UserAnalyticsDto, 'recentActivity'>;

/** The answer's figures from SQL's rows; `history` newest first, as both the kept read and its oracle give it. */
export function toUserFigures(row: UserFiguresRow | undefined, history: ProfitPointRow[]): UserFigures {
  const won = row?.won ?? 0;
  const lost = row?.lost ?? 0;
  return {
    winRate: won + lost === 0 ? 0 : Math.round((won / (won + lost)) * 1000) / 10,
    profitLoss: row?.profit ?? '0.00',
    totalBetsCreated: row?.total ?? 0,
    totalBetsWon: won,
    totalBetsLost: lost,
    currentStreak: row?.current_streak ?? 0,
    longestWinStreak: row?.longest_streak ?? 0,
    avgBetAmount: row?.avg ?? '0.00',
    activeBets: row?.active ?? 0,
    pendingBets: row?.pending ?? 0,
    totalAmountWagered: row?.wagered ?? '0.00',
    totalAmountWon: row?.paid ?? '0.00',
    friendsCount: row?.friends ?? 0,
    profitHistory: [...history]
      .reverse()
      .map((point) => ({ date: point.date.toISOString(), cumulative: point.cumulative })),
  };
}

/**
 * The figures of `GET /api/analytics/user-stats`: the record bets keeps (two statements) and the friends count
 * friends keeps (one), in the caller's read.
 */
export async function readUserFigures(tx: TxOrManager, userId: string): Promise<UserFigures> {
  const { row, history } = await betRecordOf(tx, userId);
  const friends = await countAcceptedFriends(tx, userId);
  return toUserFigures(row && { ...row, friends }, history);
}

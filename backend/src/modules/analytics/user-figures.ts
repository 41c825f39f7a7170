import type { UserAnalyticsDto } from './analytics.controller.js';

/** The user-stats figures as SQL hands them over: counts as integers, money as numeric(12,2) text. */
export interface UserFiguresRow {
  won: number;
  lost: number;
  total: number;
  active: number;
  pending: number;
  wagered: string;
  avg: string;
  profit: string;
  paid: string;
  friends: number;
  current_streak: number;
  longest_streak: number;
}

/** One point of the profit history: a decided bet's date and the running profit after it. */
export interface ProfitPointRow {
  date: Date;
  cumulative: string;
}

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

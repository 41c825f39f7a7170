import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivitiesService } from '../activities/activities.service.js';
import type { UserAnalyticsDto } from './analytics.controller.js';

interface StatsRow {
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

@Injectable()
export class AnalyticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activities: ActivitiesService,
  ) {}

  /** All figures come from one SQL statement (streaks by gaps-and-islands), plus the recent activity list. */
  async userStats(userId: string): Promise<UserAnalyticsDto> {
    const [row] = await this.dataSource.query<StatsRow[]>(
      `WITH mine AS (
         SELECT * FROM bets WHERE "creatorId" = $1 OR "opponentId" = $1
       ), decided AS (
         SELECT ("winnerUserId" = $1) AS won,
                row_number() OVER (ORDER BY "resolutionDate" DESC NULLS LAST, id DESC) AS rn
           FROM mine WHERE status = 'completed' AND "winnerUserId" IS NOT NULL
       ), runs AS (
         SELECT won, rn - row_number() OVER (PARTITION BY won ORDER BY rn) AS grp FROM decided
       )
       SELECT
         (SELECT count(*) FROM decided WHERE won)::int AS won,
         (SELECT count(*) FROM decided WHERE NOT won)::int AS lost,
         (SELECT count(*) FROM mine WHERE status IN ('active', 'disputed', 'completed'))::int AS total,
         (SELECT count(*) FROM mine WHERE status IN ('active', 'disputed'))::int AS active,
         (SELECT count(*) FROM mine WHERE status = 'pending')::int AS pending,
         (SELECT coalesce(sum(amount), 0) FROM mine WHERE status IN ('active', 'disputed', 'completed'))::numeric(12,2)::text AS wagered,
         (SELECT coalesce(round(avg(amount), 2), 0) FROM mine WHERE status IN ('active', 'disputed', 'completed'))::numeric(12,2)::text AS avg,
         (SELECT coalesce(sum(CASE WHEN "winnerUserId" = $1 THEN amount ELSE -amount END), 0)
            FROM mine WHERE status = 'completed' AND "winnerUserId" IS NOT NULL)::numeric(12,2)::text AS profit,
         (SELECT coalesce(sum(amount), 0) FROM transactions
           WHERE "userId" = $1 AND type IN ('bet_payout', 'payout_reversal'))::numeric(12,2)::text AS paid,
         (SELECT count(*) FROM friendships
           WHERE status = 'accepted' AND ("requesterId" = $1 OR "addresseeId" = $1))::int AS friends,
         (SELECT count(*) FROM runs WHERE won AND grp = 0)::int AS current_streak,
         (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM runs WHERE won GROUP BY grp) s)::int AS longest_streak`,
      [userId],
    );
    const recent = await this.activities.recent(userId, 5);
    const history = await this.dataSource.query<{ date: Date; cumulative: string }[]>(
      `SELECT date, cumulative FROM (
         SELECT "resolutionDate" AS date, id,
                (sum(CASE WHEN "winnerUserId" = $1 THEN amount ELSE -amount END)
                   OVER (ORDER BY "resolutionDate", id))::numeric(12,2)::text AS cumulative
           FROM bets
          WHERE status = 'completed' AND "winnerUserId" IS NOT NULL AND ("creatorId" = $1 OR "opponentId" = $1)
       ) running ORDER BY date DESC, id DESC LIMIT 100`,
      [userId],
    );
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
      profitHistory: history
        .reverse()
        .map((point) => ({ date: point.date.toISOString(), cumulative: point.cumulative })),
      recentActivity: recent.map((entry) => ({
        description: entry.description,
        date: entry.createdAt,
        amount: entry.amount,
      })),
    };
  }
}

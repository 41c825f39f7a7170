import { Injectable, Logger } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import { Clock } from '../../common/clock.js';
import { tryJobLock } from '../../database/advisory-locks.js';
import { Transactor, type Tx, type TxOrManager } from '../../database/transactor.js';
import { NotificationsService } from '../notifications/index.js';
import type { PeopleView } from './circle-people.js';
import {
  CirclesRepository,
  type ResultRow,
  type SeasonLength,
  type SeasonRow,
  type StandingRow,
} from './circles.repository.js';
import type { SeasonDto, StandingDto } from './dto/circle.dto.js';

/** Seasons ended per job run; the rest wait for the next minute. */
const ROLLOVER_BATCH = 200;

/** The end of a season starting at `from`: next Monday 00:00 UTC, the 1st of next month, or as long as the last. */
export function seasonEnd(length: SeasonLength, from: Date, previousDays?: number): Date {
  const day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  if (length === 'weekly') {
    const daysToMonday = (8 - new Date(day).getUTCDay()) % 7 || 7;
    return new Date(day + daysToMonday * 86_400_000);
  }
  if (length === 'custom' && previousDays !== undefined) {
    return new Date(from.getTime() + Math.max(1, previousDays) * 86_400_000);
  }
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
}

/** The current streak read off the newest results: wins (positive) or losses (negative) in a row. */
export function streakOf(results: readonly ('won' | 'lost' | 'draw')[]): number {
  const [head] = results;
  if (!head || head === 'draw') return 0;
  let count = 0;
  for (const result of results) {
    if (result !== head) break;
    count++;
  }
  return head === 'won' ? count : -count;
}

/** Late reports and lost disputes together: none is reliable, one or two worth watching, more unreliable. */
export function reliabilityOf(lateReports: number, disputesLost: number): StandingDto['reliability'] {
  const slips = lateReports + disputesLost;
  return slips === 0 ? 'reliable' : slips <= 2 ? 'watch' : 'unreliable';
}

export function seasonDto(season: SeasonRow): SeasonDto {
  return {
    number: season.number,
    startsAt: season.startsAt.toISOString(),
    endsAt: season.endsAt.toISOString(),
    endedAt: season.endedAt ? season.endedAt.toISOString() : null,
    winnerId: season.winnerId,
  };
}

export function standingDtos(rows: StandingRow[], people: PeopleView): StandingDto[] {
  return rows.map((row, index) => {
    const decided = row.won + row.lost + row.drawn;
    return {
      rank: index + 1,
      person: people.person(row.userId),
      net: people.moneyVisible(row.userId) ? new Decimal(row.net).toFixed(2) : null,
      won: row.won,
      lost: row.lost,
      drawn: row.drawn,
      winRate: decided === 0 ? null : Math.round((100 * row.won) / decided),
      streak: row.streak,
      reliability: reliabilityOf(row.lateReports, row.disputesLost),
      lateReports: row.lateReports,
      disputesLost: row.disputesLost,
    };
  });
}

/**
 * Seasons and the leaderboard's read model (docs/product.md, "Seasons and the leaderboard"): results are
 * added to the standings as bets are decided, taken back exactly when an admin changes a decision, and a
 * due season is closed once across instances (advisory lock, then an update conditional on it being open).
 */
@Injectable()
export class CircleSeasons {
  private readonly logger = new Logger(CircleSeasons.name);

  constructor(
    private readonly transactor: Transactor,
    private readonly repository: CirclesRepository,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async start(
    tx: Tx,
    circleId: string,
    length: SeasonLength,
    number: number,
    from: Date,
    previousDays?: number,
  ) {
    return this.repository.insertSeason(tx, circleId, number, from, seasonEnd(length, from, previousDays));
  }

  /** The season open now, read under a share lock; a rollover that just closed it hands over the next one. */
  async current(tx: TxOrManager, circleId: string): Promise<SeasonRow> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const season = await this.repository.openSeason(tx, circleId, true);
      if (season) return season;
    }
    throw new Error(`circle ${circleId} has no open season`);
  }

  /** A decided bet's results go into the season open now; the streaks move with them. */
  async apply(tx: TxOrManager, circleId: string, rows: Omit<ResultRow, 'seasonId'>[]): Promise<void> {
    if (rows.length === 0) return;
    const season = await this.current(tx, circleId);
    const results = rows.map((row) => ({ ...row, seasonId: season.id }));
    await this.repository.insertResults(tx, results);
    await this.repository.addToStandings(tx, results, 1);
    await this.restreak(tx, results);
  }

  /**
   * An admin changed a decision: the bet's old results are taken back and the new ones applied to the same
   * season at the same moment, so every counter and streak ends as if the new decision had been the first.
   */
  async reapply(
    tx: TxOrManager,
    betId: number,
    rows: Omit<ResultRow, 'seasonId' | 'decidedAt'>[],
  ): Promise<void> {
    const old = await this.repository.deleteResults(tx, betId);
    const [first] = old;
    if (!first) return;
    await this.repository.addToStandings(tx, old, -1);
    const results = rows.map((row) => ({ ...row, seasonId: first.seasonId, decidedAt: first.decidedAt }));
    await this.repository.insertResults(tx, results);
    await this.repository.addToStandings(tx, results, 1);
    await this.restreak(tx, [...old, ...results]);
  }

  async lateReports(tx: TxOrManager, circleId: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const season = await this.current(tx, circleId);
    await this.repository.addLateReports(tx, season.id, userIds);
  }

  /** Ends every due season (job: every minute). Returns how many it ended; 0 on the instances that skip. */
  async rollOver(): Promise<number> {
    return this.transactor.run(async (tx) => {
      if (!(await tryJobLock(tx, 'circleSeasons'))) return 0;
      const now = this.clock.now();
      let ended = 0;
      for (const season of await this.repository.dueSeasons(tx, now, ROLLOVER_BATCH)) {
        if (await this.end(tx, season, now)) ended++;
      }
      if (ended > 0) this.logger.log({ ended }, 'Circle seasons rolled over');
      return ended;
    });
  }

  /**
   * Closes one season: the winner is the top of the final table (net winnings, then more bets won, then
   * fewer lost, then the longest-standing member) among members with at least one decided bet; the table is
   * posted to the feed, the trophy awarded, and the next season starts from zero.
   */
  private async end(tx: Tx, season: SeasonRow, now: Date): Promise<boolean> {
    const circle = await this.repository.lockCircle(tx, season.circleId);
    if (!circle) return false;
    const table = await this.repository.standings(tx, season.circleId, season.id);
    const winner = table.find((row) => row.won + row.lost + row.drawn > 0) ?? null;
    if (!(await this.repository.endSeason(tx, season.id, now, winner?.userId ?? null))) return false;
    if (winner) await this.repository.insertTrophy(tx, season.id, season.circleId, winner.userId, now);
    const itemId = await this.repository.insertFeedItem(
      tx,
      season.circleId,
      'season_ended',
      null,
      { seasonNumber: season.number, winnerId: winner?.userId ?? null, table },
      now,
    );
    const days = Math.round((season.endsAt.getTime() - season.startsAt.getTime()) / 86_400_000);
    await this.start(tx, season.circleId, circle.seasonLength, season.number + 1, now, days);
    const members = await this.repository.memberIds(tx, season.circleId);
    this.notifications.circleChanged(tx, members, { circleId: season.circleId, itemId, change: 'item' });
    return true;
  }

  private async restreak(tx: TxOrManager, results: Pick<ResultRow, 'seasonId' | 'userId'>[]): Promise<void> {
    const seen = new Set<string>();
    for (const { seasonId, userId } of results) {
      const key = `${seasonId}:${userId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await this.repository.setStreak(
        tx,
        seasonId,
        userId,
        streakOf(await this.repository.recentResults(tx, seasonId, userId)),
      );
    }
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';

export type CircleRole = 'owner' | 'co_owner' | 'member';
export type SeasonLength = 'weekly' | 'monthly' | 'custom';
export type FeedKind = 'challenged' | 'accepted' | 'locked' | 'settled' | 'decided' | 'void' | 'season_ended';

export interface CircleRow {
  id: string;
  name: string;
  inviteCode: string;
  seasonLength: SeasonLength;
  pictureVersion: string | null;
  createdAt: Date;
}

export interface MemberRow {
  userId: string;
  role: CircleRole;
  joinedAt: Date;
}

export interface SeasonRow {
  id: number;
  circleId: string;
  number: number;
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  winnerId: string | null;
}

export interface PlayerState {
  userId: string;
  reported: boolean;
  result: 'won' | 'lost' | 'draw' | null;
  net: string | null;
}

export interface CircleBetRow {
  betId: number;
  circleId: string;
  title: string;
  amount: string;
  status: string;
  players: PlayerState[];
}

export interface FeedItemRow {
  id: number;
  circleId: string;
  kind: FeedKind;
  betId: number | null;
  data: unknown;
  createdAt: Date;
}

export interface CommentRow {
  id: number;
  itemId: number;
  authorId: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

export interface StandingRow {
  userId: string;
  net: string;
  won: number;
  lost: number;
  drawn: number;
  streak: number;
  lateReports: number;
  disputesLost: number;
  joinedAt: Date;
}

export interface ResultRow {
  betId: number;
  userId: string;
  seasonId: number;
  result: 'won' | 'lost' | 'draw';
  net: string;
  lostDispute: boolean;
  decidedAt: Date;
}

const CIRCLE_COLUMNS = `c.id, c.name, c."inviteCode", c."seasonLength", c."pictureVersion", c."createdAt"`;

/**
 * Every statement on the circles tables (and only on them): membership, invitations, seasons, the feed and
 * its copy of posted bets, comments, reactions and the leaderboard's read model. Decides nothing.
 */
@Injectable()
export class CirclesRepository {
  constructor(private readonly dataSource: DataSource) {}

  // ---- circles and members

  async insertCircle(tx: TxOrManager, name: string, code: string): Promise<CircleRow> {
    const [row] = await queryIn<CircleRow[]>(
      tx,
      `INSERT INTO circles AS c (name, "inviteCode") VALUES ($1, $2) RETURNING ${CIRCLE_COLUMNS}`,
      [name, code],
    );
    if (!row) throw new Error('circle insert returned nothing');
    return row;
  }

  async circle(tx: TxOrManager, id: string): Promise<CircleRow | null> {
    const [row] = await queryIn<CircleRow[]>(tx, `SELECT ${CIRCLE_COLUMNS} FROM circles c WHERE c.id = $1`, [
      id,
    ]);
    return row ?? null;
  }

  /** Locks the circle row: membership changes of one circle queue here (the member cap holds). */
  async lockCircle(tx: TxOrManager, id: string): Promise<CircleRow | null> {
    const [row] = await queryIn<CircleRow[]>(
      tx,
      `SELECT ${CIRCLE_COLUMNS} FROM circles c WHERE c.id = $1 FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  async circleByCode(tx: TxOrManager, code: string): Promise<CircleRow | null> {
    const [row] = await queryIn<CircleRow[]>(
      tx,
      `SELECT ${CIRCLE_COLUMNS} FROM circles c WHERE c."inviteCode" = $1`,
      [code],
    );
    return row ?? null;
  }

  async updateCircle(
    tx: TxOrManager,
    id: string,
    changes: { name?: string; seasonLength?: SeasonLength; inviteCode?: string },
  ): Promise<void> {
    await queryIn(
      tx,
      `UPDATE circles SET name = COALESCE($2, name), "seasonLength" = COALESCE($3, "seasonLength"),
              "inviteCode" = COALESCE($4, "inviteCode")
        WHERE id = $1`,
      [id, changes.name ?? null, changes.seasonLength ?? null, changes.inviteCode ?? null],
    );
  }

  async setPicture(
    tx: TxOrManager,
    id: string,
    picture: { image: Buffer; version: string } | null,
  ): Promise<void> {
    await queryIn(tx, `UPDATE circles SET picture = $2, "pictureVersion" = $3 WHERE id = $1`, [
      id,
      picture?.image ?? null,
      picture?.version ?? null,
    ]);
  }

  async picture(id: string): Promise<{ image: Buffer; version: string } | null> {
    const [row] = await this.dataSource.query<{ image: Buffer | null; version: string | null }[]>(
      `SELECT picture AS image, "pictureVersion" AS version FROM circles WHERE id = $1`,
      [id],
    );
    return row?.image && row.version !== null ? { image: row.image, version: row.version } : null;
  }

  async deleteCircle(tx: TxOrManager, id: string): Promise<void> {
    await queryIn(tx, `DELETE FROM circles WHERE id = $1`, [id]);
  }

  /** The person's membership if active, locked against a concurrent removal when `lock` is set. */
  async membership(
    tx: TxOrManager,
    circleId: string,
    userId: string,
    lock = false,
  ): Promise<MemberRow | null> {
    const [row] = await queryIn<MemberRow[]>(
      tx,
      `SELECT "userId", role, "joinedAt" FROM circle_members
        WHERE "circleId" = $1 AND "userId" = $2 AND status = 'active' ${lock ? 'FOR SHARE' : ''}`,
      [circleId, userId],
    );
    return row ?? null;
  }

  async members(tx: TxOrManager, circleId: string): Promise<MemberRow[]> {
    return queryIn<MemberRow[]>(
      tx,
      `SELECT "userId", role, "joinedAt" FROM circle_members
        WHERE "circleId" = $1 AND status = 'active' ORDER BY "joinedAt", "userId"`,
      [circleId],
    );
  }

  async memberIds(tx: TxOrManager, circleId: string): Promise<string[]> {
    const rows = await queryIn<{ userId: string }[]>(
      tx,
      `SELECT "userId" FROM circle_members WHERE "circleId" = $1 AND status = 'active'`,
      [circleId],
    );
    return rows.map((row) => row.userId);
  }

  async memberCount(tx: TxOrManager, circleId: string): Promise<number> {
    const [row] = await queryIn<{ count: number }[]>(
      tx,
      `SELECT count(*)::int AS count FROM circle_members WHERE "circleId" = $1 AND status = 'active'`,
      [circleId],
    );
    return row?.count ?? 0;
  }

  /** Adds (or brings back) a member. */
  async addMember(tx: TxOrManager, circleId: string, userId: string, role: CircleRole): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO circle_members ("circleId", "userId", role) VALUES ($1, $2, $3)
       ON CONFLICT ("circleId", "userId")
       DO UPDATE SET role = EXCLUDED.role, status = 'active', "joinedAt" = now(), "leftAt" = NULL`,
      [circleId, userId, role],
    );
  }

  async endMembership(
    tx: TxOrManager,
    circleId: string,
    userId: string,
    status: 'left' | 'removed',
  ): Promise<void> {
    await queryIn(
      tx,
      `UPDATE circle_members SET status = $3, "leftAt" = now(), role = 'member'
        WHERE "circleId" = $1 AND "userId" = $2 AND status = 'active'`,
      [circleId, userId, status],
    );
  }

  async setRole(tx: TxOrManager, circleId: string, userId: string, role: CircleRole): Promise<void> {
    await queryIn(
      tx,
      `UPDATE circle_members SET role = $3 WHERE "circleId" = $1 AND "userId" = $2 AND status = 'active'`,
      [circleId, userId, role],
    );
  }

  /** The person's circles, newest membership first, with member counts. */
  async circlesOf(userId: string): Promise<(CircleRow & { role: CircleRole; memberCount: number })[]> {
    return this.dataSource.query(
      `SELECT ${CIRCLE_COLUMNS}, m.role,
              (SELECT count(*)::int FROM circle_members x WHERE x."circleId" = c.id AND x.status = 'active') AS "memberCount"
         FROM circle_members m JOIN circles c ON c.id = m."circleId"
        WHERE m."userId" = $1 AND m.status = 'active'
        ORDER BY m."joinedAt" DESC, c.id`,
      [userId],
    );
  }

  // ---- invitations

  async pendingInvitees(tx: TxOrManager, circleId: string, userIds: string[]): Promise<Set<string>> {
    const rows = await queryIn<{ userId: string }[]>(
      tx,
      `SELECT "userId" FROM circle_invitations
        WHERE "circleId" = $1 AND "userId" = ANY($2::uuid[]) AND status = 'pending'`,
      [circleId, userIds],
    );
    return new Set(rows.map((row) => row.userId));
  }

  async activeAmong(tx: TxOrManager, circleId: string, userIds: string[]): Promise<Set<string>> {
    const rows = await queryIn<{ userId: string }[]>(
      tx,
      `SELECT "userId" FROM circle_members
        WHERE "circleId" = $1 AND "userId" = ANY($2::uuid[]) AND status = 'active'`,
      [circleId, userIds],
    );
    return new Set(rows.map((row) => row.userId));
  }

  async insertInvitations(
    tx: TxOrManager,
    circleId: string,
    invitedBy: string,
    userIds: string[],
  ): Promise<void> {
    if (userIds.length === 0) return;
    await queryIn(
      tx,
      `INSERT INTO circle_invitations ("circleId", "userId", "invitedBy")
       SELECT $1, u, $2 FROM unnest($3::uuid[]) AS u
       ON CONFLICT ("circleId", "userId") WHERE status = 'pending' DO NOTHING`,
      [circleId, invitedBy, userIds],
    );
  }

  async lockInvitation(
    tx: TxOrManager,
    id: number,
    userId: string,
  ): Promise<{ id: number; circleId: string } | null> {
    const [row] = await queryIn<{ id: number; circleId: string }[]>(
      tx,
      `SELECT id, "circleId" FROM circle_invitations
        WHERE id = $1 AND "userId" = $2 AND status = 'pending' FOR UPDATE`,
      [id, userId],
    );
    return row ?? null;
  }

  async closeInvitations(
    tx: TxOrManager,
    circleId: string,
    userId: string,
    status: 'accepted' | 'declined',
  ): Promise<void> {
    await queryIn(
      tx,
      `UPDATE circle_invitations SET status = $3 WHERE "circleId" = $1 AND "userId" = $2 AND status = 'pending'`,
      [circleId, userId, status],
    );
  }

  async invitationsOf(
    userId: string,
  ): Promise<{ id: number; circleId: string; name: string; invitedBy: string; createdAt: Date }[]> {
    return this.dataSource.query(
      `SELECT i.id, i."circleId", c.name, i."invitedBy", i."createdAt"
         FROM circle_invitations i JOIN circles c ON c.id = i."circleId"
        WHERE i."userId" = $1 AND i.status = 'pending'
        ORDER BY i.id DESC`,
      [userId],
    );
  }

  // ---- seasons

  async insertSeason(
    tx: TxOrManager,
    circleId: string,
    number: number,
    startsAt: Date,
    endsAt: Date,
  ): Promise<SeasonRow> {
    const [row] = await queryIn<SeasonRow[]>(
      tx,
      `INSERT INTO circle_seasons ("circleId", number, "startsAt", "endsAt") VALUES ($1, $2, $3, $4)
       RETURNING id, "circleId", number, "startsAt", "endsAt", "endedAt", "winnerId"`,
      [circleId, number, startsAt, endsAt],
    );
    if (!row) throw new Error('season insert returned nothing');
    return row;
  }

  /** The season now running; `FOR SHARE` so a rollover (which updates it) and a result never interleave. */
  async openSeason(tx: TxOrManager, circleId: string, lock = false): Promise<SeasonRow | null> {
    const [row] = await queryIn<SeasonRow[]>(
      tx,
      `SELECT id, "circleId", number, "startsAt", "endsAt", "endedAt", "winnerId" FROM circle_seasons
        WHERE "circleId" = $1 AND "endedAt" IS NULL ${lock ? 'FOR SHARE' : ''}`,
      [circleId],
    );
    return row ?? null;
  }

  async season(tx: TxOrManager, circleId: string, number: number): Promise<SeasonRow | null> {
    const [row] = await queryIn<SeasonRow[]>(
      tx,
      `SELECT id, "circleId", number, "startsAt", "endsAt", "endedAt", "winnerId" FROM circle_seasons
        WHERE "circleId" = $1 AND number = $2`,
      [circleId, number],
    );
    return row ?? null;
  }

  async seasons(tx: TxOrManager, circleId: string): Promise<SeasonRow[]> {
    return queryIn<SeasonRow[]>(
      tx,
      `SELECT id, "circleId", number, "startsAt", "endsAt", "endedAt", "winnerId" FROM circle_seasons
        WHERE "circleId" = $1 ORDER BY number DESC`,
      [circleId],
    );
  }

  async setSeasonEnd(tx: TxOrManager, seasonId: number, endsAt: Date): Promise<void> {
    await queryIn(tx, `UPDATE circle_seasons SET "endsAt" = $2 WHERE id = $1 AND "endedAt" IS NULL`, [
      seasonId,
      endsAt,
    ]);
  }

  async dueSeasons(tx: TxOrManager, now: Date, limit: number): Promise<SeasonRow[]> {
    return queryIn<SeasonRow[]>(
      tx,
      `SELECT id, "circleId", number, "startsAt", "endsAt", "endedAt", "winnerId" FROM circle_seasons
        WHERE "endedAt" IS NULL AND "endsAt" <= $1 ORDER BY "endsAt", id LIMIT $2`,
      [now, limit],
    );
  }

  /** Ends the season if nobody has yet: the conditional update is what makes a rollover happen once. */
  async endSeason(tx: TxOrManager, seasonId: number, now: Date, winnerId: string | null): Promise<boolean> {
    const [, count] = await queryIn<[unknown[], number]>(
      tx,
      `UPDATE circle_seasons SET "endedAt" = $2, "winnerId" = $3 WHERE id = $1 AND "endedAt" IS NULL`,
      [seasonId, now, winnerId],
    );
    return count === 1;
  }

  async insertTrophy(
    tx: TxOrManager,
    seasonId: number,
    circleId: string,
    userId: string,
    at: Date,
  ): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO circle_trophies ("seasonId", "circleId", "userId", "awardedAt") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("seasonId") DO NOTHING`,
      [seasonId, circleId, userId, at],
    );
  }

  async trophiesOf(
    userId: string,
  ): Promise<{ circleId: string; name: string; seasonNumber: number; awardedAt: Date }[]> {
    return this.dataSource.query(
      `SELECT t."circleId", c.name, s.number AS "seasonNumber", t."awardedAt"
         FROM circle_trophies t JOIN circles c ON c.id = t."circleId" JOIN circle_seasons s ON s.id = t."seasonId"
        WHERE t."userId" = $1 ORDER BY t."awardedAt" DESC`,
      [userId],
    );
  }

  // ---- leaderboard

  /**
   * The season's table for the circle's current members, in rank order: net winnings, then bets won, then
   * fewer bets lost, then who joined the circle first (the stated tie rule, docs/product.md).
   */
  async standings(tx: TxOrManager, circleId: string, seasonId: number): Promise<StandingRow[]> {
    return queryIn<StandingRow[]>(
      tx,
      `SELECT m."userId", COALESCE(s.net, 0)::text AS net, COALESCE(s.won, 0) AS won, COALESCE(s.lost, 0) AS lost,
              COALESCE(s.drawn, 0) AS drawn, COALESCE(s.streak, 0) AS streak,
              COALESCE(s."lateReports", 0) AS "lateReports", COALESCE(s."disputesLost", 0) AS "disputesLost",
              m."joinedAt"
         FROM circle_members m
         LEFT JOIN circle_standings s ON s."seasonId" = $2 AND s."userId" = m."userId"
        WHERE m."circleId" = $1 AND m.status = 'active'
        ORDER BY COALESCE(s.net, 0) DESC, COALESCE(s.won, 0) DESC, COALESCE(s.lost, 0) ASC, m."joinedAt", m."userId"`,
      [circleId, seasonId],
    );
  }

  async insertResults(tx: TxOrManager, rows: ResultRow[]): Promise<void> {
    if (rows.length === 0) return;
    await queryIn(
      tx,
      `INSERT INTO circle_results ("betId", "userId", "seasonId", result, net, "lostDispute", "decidedAt")
       SELECT * FROM unnest($1::int[], $2::uuid[], $3::int[], $4::varchar[], $5::numeric[], $6::bool[], $7::timestamptz[])`,
      [
        rows.map((row) => row.betId),
        rows.map((row) => row.userId),
        rows.map((row) => row.seasonId),
        rows.map((row) => row.result),
        rows.map((row) => row.net),
        rows.map((row) => row.lostDispute),
        rows.map((row) => row.decidedAt),
      ],
    );
  }

  async deleteResults(tx: TxOrManager, betId: number): Promise<ResultRow[]> {
    // For an UPDATE or a DELETE, queryIn answers [rows, count].
    const [rows] = await queryIn<[ResultRow[], number]>(
      tx,
      `DELETE FROM circle_results WHERE "betId" = $1
       RETURNING "betId", "userId", "seasonId", result, net::text AS net, "lostDispute", "decidedAt"`,
      [betId],
    );
    return rows;
  }

  /** Adds (sign 1) or takes back (sign -1) results in the standings, creating rows as needed. */
  async addToStandings(tx: TxOrManager, rows: ResultRow[], sign: 1 | -1): Promise<void> {
    for (const row of rows) {
      await queryIn(
        tx,
        `INSERT INTO circle_standings ("seasonId", "userId", net, won, lost, drawn, "disputesLost")
         VALUES ($1, $2, $3::numeric * $4::int, $4::int * ($5::text = 'won')::int, $4::int * ($5::text = 'lost')::int,
                 $4::int * ($5::text = 'draw')::int, $4::int * $6::boolean::int)
         ON CONFLICT ("seasonId", "userId") DO UPDATE SET
           net = circle_standings.net + EXCLUDED.net, won = circle_standings.won + EXCLUDED.won,
           lost = circle_standings.lost + EXCLUDED.lost, drawn = circle_standings.drawn + EXCLUDED.drawn,
           "disputesLost" = circle_standings."disputesLost" + EXCLUDED."disputesLost"`,
        [row.seasonId, row.userId, row.net, sign, row.result, row.lostDispute],
      );
    }
  }

  /** The person's results in the season, newest first: the streak is read off their head. */
  async recentResults(
    tx: TxOrManager,
    seasonId: number,
    userId: string,
  ): Promise<('won' | 'lost' | 'draw')[]> {
    const rows = await queryIn<{ result: 'won' | 'lost' | 'draw' }[]>(
      tx,
      `SELECT result FROM circle_results WHERE "seasonId" = $1 AND "userId" = $2
        ORDER BY "decidedAt" DESC, "betId" DESC LIMIT 500`,
      [seasonId, userId],
    );
    return rows.map((row) => row.result);
  }

  async setStreak(tx: TxOrManager, seasonId: number, userId: string, streak: number): Promise<void> {
    await queryIn(tx, `UPDATE circle_standings SET streak = $3 WHERE "seasonId" = $1 AND "userId" = $2`, [
      seasonId,
      userId,
      streak,
    ]);
  }

  async addLateReports(tx: TxOrManager, seasonId: number, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await queryIn(
      tx,
      `INSERT INTO circle_standings ("seasonId", "userId", "lateReports")
       SELECT $1, u, 1 FROM unnest($2::uuid[]) AS u
       ON CONFLICT ("seasonId", "userId") DO UPDATE SET "lateReports" = circle_standings."lateReports" + 1`,
      [seasonId, userIds],
    );
  }

  // ---- posted bets and the feed

  async insertCircleBet(tx: TxOrManager, row: CircleBetRow): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO circle_bets ("betId", "circleId", title, amount, status, players) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [row.betId, row.circleId, row.title, row.amount, row.status, JSON.stringify(row.players)],
    );
  }

  async lockCircleBet(tx: TxOrManager, betId: number): Promise<CircleBetRow | null> {
    const [row] = await queryIn<CircleBetRow[]>(
      tx,
      `SELECT "betId", "circleId", title, amount::text AS amount, status, players
         FROM circle_bets WHERE "betId" = $1 FOR UPDATE`,
      [betId],
    );
    return row ?? null;
  }

  async circleBet(tx: TxOrManager, betId: number): Promise<CircleBetRow | null> {
    const [row] = await queryIn<CircleBetRow[]>(
      tx,
      `SELECT "betId", "circleId", title, amount::text AS amount, status, players FROM circle_bets WHERE "betId" = $1`,
      [betId],
    );
    return row ?? null;
  }

  async updateCircleBet(tx: TxOrManager, row: CircleBetRow): Promise<void> {
    await queryIn(
      tx,
      `UPDATE circle_bets SET title = $2, status = $3, players = $4::jsonb, "updatedAt" = now() WHERE "betId" = $1`,
      [row.betId, row.title, row.status, JSON.stringify(row.players)],
    );
  }

  async insertFeedItem(
    tx: TxOrManager,
    circleId: string,
    kind: FeedKind,
    betId: number | null,
    data: unknown,
    at: Date,
  ): Promise<number> {
    const [row] = await queryIn<{ id: number }[]>(
      tx,
      `INSERT INTO circle_feed_items ("circleId", kind, "betId", data, "createdAt") VALUES ($1, $2, $3, $4::jsonb, $5)
       RETURNING id`,
      [circleId, kind, betId, data === null ? null : JSON.stringify(data), at],
    );
    if (!row) throw new Error('feed item insert returned nothing');
    return row.id;
  }

  async latestItemOf(tx: TxOrManager, betId: number): Promise<number | null> {
    const [row] = await queryIn<{ id: number }[]>(
      tx,
      `SELECT max(id) AS id FROM circle_feed_items WHERE "betId" = $1`,
      [betId],
    );
    return row?.id ?? null;
  }

  async feedItem(tx: TxOrManager, id: number): Promise<FeedItemRow | null> {
    const [row] = await queryIn<FeedItemRow[]>(
      tx,
      `SELECT id, "circleId", kind, "betId", data, "createdAt" FROM circle_feed_items WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** A page of the feed, newest first, with each item's bet as it is now. */
  async feedPage(
    circleId: string,
    before: number | null,
    limit: number,
  ): Promise<(FeedItemRow & { bet: CircleBetRow | null })[]> {
    return this.dataSource.query(
      `SELECT f.id, f."circleId", f.kind, f."betId", f.data, f."createdAt",
              CASE WHEN b."betId" IS NULL THEN NULL ELSE json_build_object(
                'betId', b."betId", 'circleId', b."circleId", 'title', b.title, 'amount', b.amount::text,
                'status', b.status, 'players', b.players) END AS bet
         FROM circle_feed_items f LEFT JOIN circle_bets b ON b."betId" = f."betId"
        WHERE f."circleId" = $1 AND ($2::int IS NULL OR f.id < $2)
        ORDER BY f.id DESC LIMIT $3`,
      [circleId, before, limit],
    );
  }

  async commentCounts(itemIds: number[]): Promise<Map<number, number>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.dataSource.query<{ itemId: number; count: number }[]>(
      `SELECT "itemId", count(*)::int AS count FROM circle_comments
        WHERE "itemId" = ANY($1::int[]) AND "hiddenAt" IS NULL GROUP BY "itemId"`,
      [itemIds],
    );
    return new Map(rows.map((row) => [row.itemId, row.count]));
  }

  async reactions(
    tx: TxOrManager | null,
    itemIds: number[],
  ): Promise<{ itemId: number; emoji: string; userId: string }[]> {
    if (itemIds.length === 0) return [];
    const sql = `SELECT "itemId", emoji, "userId" FROM circle_reactions
                  WHERE "itemId" = ANY($1::int[]) ORDER BY "itemId", emoji, "createdAt", "userId"`;
    return tx ? queryIn(tx, sql, [itemIds]) : this.dataSource.query(sql, [itemIds]);
  }

  // ---- comments and reactions

  async insertComment(tx: TxOrManager, itemId: number, authorId: string, body: string): Promise<CommentRow> {
    const [row] = await queryIn<CommentRow[]>(
      tx,
      `INSERT INTO circle_comments ("itemId", "authorId", body) VALUES ($1, $2, $3)
       RETURNING id, "itemId", "authorId", body, "createdAt", "editedAt", "hiddenAt", "hiddenReason"`,
      [itemId, authorId, body],
    );
    if (!row) throw new Error('comment insert returned nothing');
    return row;
  }

  async lockComment(tx: TxOrManager, id: number): Promise<CommentRow | null> {
    const [row] = await queryIn<CommentRow[]>(
      tx,
      `SELECT id, "itemId", "authorId", body, "createdAt", "editedAt", "hiddenAt", "hiddenReason"
         FROM circle_comments WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  async editComment(tx: TxOrManager, id: number, body: string, at: Date): Promise<CommentRow> {
    const [[row]] = await queryIn<[CommentRow[], number]>(
      tx,
      `UPDATE circle_comments SET body = $2, "editedAt" = $3 WHERE id = $1
       RETURNING id, "itemId", "authorId", body, "createdAt", "editedAt", "hiddenAt", "hiddenReason"`,
      [id, body, at],
    );
    if (!row) throw new Error('comment update returned nothing');
    return row;
  }

  async deleteComment(tx: TxOrManager, id: number): Promise<void> {
    await queryIn(tx, `DELETE FROM circle_comments WHERE id = $1`, [id]);
  }

  async hideComment(tx: TxOrManager, id: number, reason: string, at: Date): Promise<void> {
    await queryIn(tx, `UPDATE circle_comments SET "hiddenAt" = $3, "hiddenReason" = $2 WHERE id = $1`, [
      id,
      reason,
      at,
    ]);
  }

  async comments(itemId: number, before: number | null, limit: number): Promise<CommentRow[]> {
    return this.dataSource.query(
      `SELECT id, "itemId", "authorId", body, "createdAt", "editedAt", "hiddenAt", "hiddenReason"
         FROM circle_comments WHERE "itemId" = $1 AND ($2::int IS NULL OR id < $2)
        ORDER BY id DESC LIMIT $3`,
      [itemId, before, limit],
    );
  }

  /** Turns a reaction on; false when it already was (nothing changed). */
  async addReaction(tx: TxOrManager, itemId: number, userId: string, emoji: string): Promise<boolean> {
    const rows = await queryIn<unknown[]>(
      tx,
      `INSERT INTO circle_reactions ("itemId", "userId", emoji) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [itemId, userId, emoji],
    );
    return rows.length === 1;
  }

  async removeReaction(tx: TxOrManager, itemId: number, userId: string, emoji: string): Promise<boolean> {
    const [, count] = await queryIn<[unknown[], number]>(
      tx,
      `DELETE FROM circle_reactions WHERE "itemId" = $1 AND "userId" = $2 AND emoji = $3`,
      [itemId, userId, emoji],
    );
    return count === 1;
  }
}

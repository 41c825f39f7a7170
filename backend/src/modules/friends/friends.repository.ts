import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { DataSource } from 'typeorm';
import { ReadPool } from '../../database/read-pool.js';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { FriendshipStatus } from './friendship.entity.js';
import { ACTIVE_PERSON, PERSON_COLUMNS, type PersonRow } from './person-rows.js';

export interface FriendshipRow {
  id: string;
  requesterId: string;
  addresseeId: string;
  status: FriendshipStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** A request as its addressee acts on it: the row, and whether the requester is still on the platform. */
export type RequestRow = FriendshipRow & { requesterActive: boolean };

export type IncomingRequestRow = PersonRow & { requestId: string; requestedAt: Date };

/** The viewer's ($1) accepted friendships, each joined to the friend (`u`) when still on the platform. */
const FRIENDS_OF_VIEWER = `FROM friendships f
  JOIN people u ON u.id = CASE WHEN f."requesterId" = $1::uuid THEN f."addresseeId" ELSE f."requesterId" END
 WHERE f.status = 'accepted' AND (f."requesterId" = $1::uuid OR f."addresseeId" = $1::uuid)
   AND ${ACTIVE_PERSON}`;

const FRIENDSHIP_COLUMNS = `id, "requesterId", "addresseeId", status, "createdAt", "updatedAt"`;

/** The row for a pair of people, whichever way the request went (UQ_friendships_pair). */
const PAIR = `LEAST("requesterId", "addresseeId") = LEAST($1::uuid, $2::uuid)
          AND GREATEST("requesterId", "addresseeId") = GREATEST($1::uuid, $2::uuid)`;

/**
 * How many friendships of the person are accepted, whoever they are with (the analytics' friends count), in
 * the caller's read.
 */
export async function countAcceptedFriends(tx: TxOrManager, userId: string): Promise<number> {
  const [row] = await queryIn<{ total: number }[]>(
    tx,
    `SELECT count(*)::int AS total FROM friendships
      WHERE status = 'accepted' AND ("requesterId" = $1 OR "addresseeId" = $1)`,
    [userId],
  );
  return row?.total ?? 0;
}

/**
 * The friendships table, one row per pair of people. The friendship rule (are these two friends?) is written
 * here once; other modules ask it through RelationsService.
 */
@Injectable()
export class FriendsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: ReadPool,
  ) {}

  /**
   * The viewer's friends still on the platform, by username (people without one last), after the (lower-case
   * username, id) `after` when given: one page of `limit` rows.
   */
  friendsOf(
    viewerId: string,
    limit: number,
    after: readonly [string | null, string] | null = null,
  ): Promise<(PersonRow & { sortName: string | null })[]> {
    return this.dataSource.query<(PersonRow & { sortName: string | null })[]>(
      `SELECT ${PERSON_COLUMNS}, lower(u.username) AS "sortName" ${FRIENDS_OF_VIEWER}
          AND (NOT $3::boolean
               OR ($4::text IS NOT NULL
                   AND (lower(u.username) > $4 OR (lower(u.username) = $4 AND u.id > $5::uuid) OR u.username IS NULL))
               OR ($4::text IS NULL AND u.username IS NULL AND u.id > $5::uuid))
        ORDER BY lower(u.username) ASC NULLS LAST, u.id
        LIMIT $2`,
      [viewerId, limit, after !== null, after?.[0] ?? null, after?.[1] ?? null],
    );
  }

  /** How many friends the viewer has still on the platform. */
  async countFriendsOf(viewerId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS total ${FRIENDS_OF_VIEWER}`,
      [viewerId],
    );
    return row?.total ?? 0;
  }

  /** Pending requests addressed to the viewer, newest first. */
  incomingRequests(viewerId: string, limit: number): Promise<IncomingRequestRow[]> {
    return this.dataSource.query<IncomingRequestRow[]>(
      `SELECT ${PERSON_COLUMNS}, f.id AS "requestId", f."createdAt" AS "requestedAt"
         FROM friendships f
         JOIN people u ON u.id = f."requesterId"
        WHERE f."addresseeId" = $1::uuid AND f.status = 'pending' AND ${ACTIVE_PERSON}
        ORDER BY f."createdAt" DESC, f.id
        LIMIT ${limit}`,
      [viewerId],
    );
  }

  /** A new row for the pair, or `undefined` when the pair already has one (UQ_friendships_pair). */
  async insert(
    tx: TxOrManager,
    requesterId: string,
    addresseeId: string,
    status: 'pending' | 'accepted',
  ): Promise<FriendshipRow | undefined> {
    const [created] = await queryIn<FriendshipRow[]>(
      tx,
      status === 'pending'
        ? `INSERT INTO friendships ("requesterId", "addresseeId", status) VALUES ($1, $2, 'pending')
           ON CONFLICT DO NOTHING RETURNING ${FRIENDSHIP_COLUMNS}`
        : `INSERT INTO friendships ("requesterId", "addresseeId", status) VALUES ($1, $2, 'accepted')
           ON CONFLICT DO NOTHING RETURNING ${FRIENDSHIP_COLUMNS}`,
      [requesterId, addresseeId],
    );
    return created;
  }

  /** The pair's row, locked for the rest of the transaction; `undefined` if there is none. */
  async lockPair(tx: TxOrManager, a: string, b: string): Promise<FriendshipRow | undefined> {
    const [row] = await queryIn<FriendshipRow[]>(
      tx,
      `SELECT ${FRIENDSHIP_COLUMNS} FROM friendships WHERE ${PAIR} FOR UPDATE`,
      [a, b],
    );
    return row;
  }

  /** The request with this id, locked, with whether its requester is still active. */
  async lockRequest(tx: TxOrManager, requestId: string): Promise<RequestRow | undefined> {
    const [row] = await queryIn<RequestRow[]>(
      tx,
      `SELECT f.id, f."requesterId", f."addresseeId", f.status, f."createdAt", f."updatedAt",
              u.active AS "requesterActive"
         FROM friendships f JOIN people u ON u.id = f."requesterId"
        WHERE f.id = $1::uuid
          FOR UPDATE OF f`,
      [requestId],
    );
    return row;
  }

  async setStatus(
    tx: TxOrManager,
    id: string,
    status: 'accepted' | 'declined',
  ): Promise<FriendshipRow | undefined> {
    const [rows] = await queryIn<[FriendshipRow[], number]>(
      tx,
      `UPDATE friendships SET status = $2, "updatedAt" = now() WHERE id = $1 RETURNING ${FRIENDSHIP_COLUMNS}`,
      [id, status],
    );
    return rows[0];
  }

  /** A declined row made into a new pending request from `requesterId`, as if sent now. */
  async renewRequest(
    tx: TxOrManager,
    id: string,
    requesterId: string,
    addresseeId: string,
  ): Promise<FriendshipRow | undefined> {
    const [renewed] = await queryIn<[FriendshipRow[], number]>(
      tx,
      `UPDATE friendships
          SET "requesterId" = $2, "addresseeId" = $3, status = 'pending', "createdAt" = now(), "updatedAt" = now()
        WHERE id = $1 RETURNING ${FRIENDSHIP_COLUMNS}`,
      [id, requesterId, addresseeId],
    );
    return renewed[0];
  }

  /** Ends the friendship of two (different) people; returns how many rows went (0 or 1). */
  async deleteFriendship(a: string, b: string): Promise<number> {
    const result = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM friendships WHERE ${PAIR} AND status = 'accepted' AND $1::uuid <> $2::uuid`,
      [a, b],
    );
    return result[1];
  }

  /** Whether the two are friends; inside a unit of work, as that transaction sees it (ReadPool). */
  /** A person's friendships and requests, either way, for their own data export; the caller names its row type. */
  exportOf<Row>(userId: string, limit: number): Promise<Row[]> {
    return this.dataSource.query<Row[]>(
      `SELECT id, "requesterId", "addresseeId", status, "createdAt", "updatedAt"
         FROM friendships WHERE "requesterId" = $1 OR "addresseeId" = $1 ORDER BY "createdAt", id LIMIT ${limit}`,
      [userId],
    );
  }

  /** Every friendship and request of a deleted account, either way. */
  async dropAllOf(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM friendships WHERE "requesterId" = $1 OR "addresseeId" = $1`, [userId]);
  }

  async areFriends(a: string, b: string, tx?: TxOrManager): Promise<boolean> {
    const text = prepared(`SELECT 1 FROM friendships WHERE status = 'accepted'
         AND LEAST("requesterId", "addresseeId") = LEAST($1::uuid, $2::uuid)
         AND GREATEST("requesterId", "addresseeId") = GREATEST($1::uuid, $2::uuid)`);
    const rows = tx
      ? await queryIn<unknown[]>(tx, text, [a, b])
      : await this.reads.rows<unknown>(text, [a, b]);
    return rows.length > 0;
  }

  /** Which of `userIds` are the viewer's friends (one query for a whole list). */
  async friendsAmong(viewerId: string, userIds: string[]): Promise<Set<string>> {
    const friends = await this.reads.rows<{ id: string }>(
      prepared(`SELECT CASE WHEN "requesterId" = $1 THEN "addresseeId" ELSE "requesterId" END AS id
         FROM friendships
        WHERE status = 'accepted'
          AND (("requesterId" = $1 AND "addresseeId" = ANY($2::uuid[])) OR ("addresseeId" = $1 AND "requesterId" = ANY($2::uuid[])))`),
      [viewerId, userIds],
    );
    return new Set(friends.map((row) => row.id));
  }

  /**
   * The friendships between the user and these people, either direction (a request the user sent back
   * counts too once the two are friends), oldest change first: where a notified request stands now.
   */
  statesWith(tx: TxOrManager, userId: string, ids: string[]): Promise<{ other: string; status: string }[]> {
    return queryIn<{ other: string; status: string }[]>(
      tx,
      `SELECT CASE WHEN "requesterId" = $1 THEN "addresseeId" ELSE "requesterId" END AS other, status
         FROM friendships
        WHERE ("addresseeId" = $1 AND "requesterId" = ANY($2::uuid[]))
           OR ("requesterId" = $1 AND "addresseeId" = ANY($2::uuid[]))
        ORDER BY "updatedAt"`,
      [userId, ids],
    );
  }
}

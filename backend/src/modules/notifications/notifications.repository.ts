import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import {
  EMAILED_NOTIFICATION_TYPES,
  outboxRowsOf,
  type OutboxDelivery,
} from './delivery/notification-outbox.js';
import type { DeliveryChannelName } from './delivery/outbox-entry.entity.js';
import type { NotificationType } from './notification-kinds.js';
import { UserNotification } from './notification.entity.js';
import type { NameablePerson } from '../users/index.js';

/** A notification row about to be written. */
export interface NotificationRow {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  betId: number | null;
  actorId: string | null;
  amount: string | null;
}

/** The columns of a notification that its DTO is made from. */
export interface NotificationEntityRow {
  id: number;
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  betId: number | null;
  amount: string | null;
  readAt: Date | null;
  createdAt: Date;
}

/** An actor as named to one recipient, with the recipient's own names beside. */
export type ActorNameRow = NameablePerson & {
  recipient: string;
  id: string;
  friend: boolean;
  reader: NameablePerson;
};

/** The new rows and their outbox rows (notification-outbox.ts) in one statement: one round trip per write. */
const withOutbox = (insert: string) =>
  prepared(`WITH fresh AS (${insert} RETURNING id, "createdAt", "userId", type),
    outbox AS (${outboxRowsOf('fresh')})
    SELECT id, "createdAt", ARRAY(SELECT DISTINCT channel::text FROM outbox) AS channels FROM fresh`);
const INSERT_ONE =
  withOutbox(`INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`);
const INSERT_MANY =
  withOutbox(`INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::uuid[], $7::numeric[])`);

/** A written notification's generated columns, and the outbox channels the write gave rows to. */
export interface InsertedNotification {
  id: number;
  createdAt: Date;
  channels: DeliveryChannelName[];
}

/** The notifications table's SQL. */
@Injectable()
export class NotificationsRepository {
  /**
   * The rows and their outbox rows in one statement, without TypeORM's insert builder (every bet transition
   * notifies someone), in the order given. Most transitions notify one person: a single row goes in as plain VALUES, which cost
   * PostgreSQL ≈110 µs of CPU against ≈170–200 for the same row through unnest's seven arrays (5000 of each on
   * this machine, docs/performance.md "The request path").
   */
  insert(
    tx: TxOrManager,
    rows: NotificationRow[],
    delivery: OutboxDelivery,
  ): Promise<InsertedNotification[]> {
    const outbox = [delivery.now, delivery.emailOn, EMAILED_NOTIFICATION_TYPES];
    const [only] = rows;
    if (rows.length === 1 && only)
      return queryIn(tx, INSERT_ONE, [
        only.userId,
        only.type,
        only.title,
        only.body,
        only.betId,
        only.actorId,
        only.amount,
        ...outbox,
      ]);
    return queryIn(tx, INSERT_MANY, [
      rows.map((row) => row.userId),
      rows.map((row) => row.type),
      rows.map((row) => row.title),
      rows.map((row) => row.body),
      rows.map((row) => row.betId),
      rows.map((row) => row.actorId),
      rows.map((row) => row.amount),
      ...outbox,
    ]);
  }

  /** Each (recipient, actor) pair's actor and recipient names, and whether the two are friends: one query. */
  actorNames(
    tx: TxOrManager,
    recipients: string[],
    actors: (string | null | undefined)[],
  ): Promise<ActorNameRow[]> {
    return queryIn<ActorNameRow[]>(
      tx,
      prepared(`SELECT p.recipient::text AS recipient, u.id, u."firstName", u."lastName", u.username, u."privacySettings",
              json_build_object('firstName', r."firstName", 'lastName', r."lastName", 'username', r.username) AS reader,
              EXISTS (SELECT 1 FROM friend_pairs f WHERE f."personId" = p.recipient AND f."friendId" = u.id) AS friend
         FROM unnest($1::uuid[], $2::uuid[]) AS p(recipient, actor)
         JOIN people u ON u.id = p.actor
         JOIN people r ON r.id = p.recipient`),
      [recipients, actors],
    );
  }

  /** Up to `take` of the user's notifications, newest first, before the id `before` when given. */
  page(tx: TxOrManager, userId: string, take: number, before?: number): Promise<UserNotification[]> {
    const query = managerOf(tx)
      .getRepository(UserNotification)
      .createQueryBuilder('n')
      .where('n.userId = :userId', { userId })
      .orderBy('n.id', 'DESC')
      .take(take);
    if (before !== undefined) query.andWhere('n.id < :before', { before });
    return query.getMany();
  }

  /**
   * The person's notifications after (txid, id), at most `limit`, each marked `held` when its transaction is
   * not older than every transaction still running (at or above the snapshot's xmin).
   */
  since(
    tx: TxOrManager,
    userId: string,
    after: { txid: string; id: number },
    limit: number,
  ): Promise<(NotificationEntityRow & { txid: string; held: boolean })[]> {
    return queryIn<(NotificationEntityRow & { txid: string; held: boolean })[]>(
      tx,
      `SELECT n.id, n."userId", n.type, n.title, n.body, n."betId", n.amount, n."readAt", n."createdAt",
              n.txid::text AS txid, n.txid >= h.xmin AS held
         FROM (SELECT txid_snapshot_xmin(txid_current_snapshot()) AS xmin) AS h
         JOIN notifications n ON n."userId" = $1 AND (n.txid, n.id) > ($2::bigint, $3::int)
        ORDER BY n.txid, n.id
        LIMIT $4`,
      [userId, after.txid, after.id, limit],
    );
  }

  /** The oldest transaction still running (the snapshot's xmin). */
  async snapshotXmin(tx: TxOrManager): Promise<string | undefined> {
    const [row] = await queryIn<{ txid: string }[]>(
      tx,
      `SELECT txid_snapshot_xmin(txid_current_snapshot())::text AS txid`,
    );
    return row?.txid;
  }

  /** The transaction id of one of the person's notifications. */
  async txidOf(tx: TxOrManager, userId: string, id: number): Promise<string | undefined> {
    const [row] = await queryIn<{ txid: string }[]>(
      tx,
      `SELECT txid::text AS txid FROM notifications WHERE id = $1 AND "userId" = $2`,
      [id, userId],
    );
    return row?.txid;
  }

  /** Marks one of the person's notifications read; answers how many rows matched (0 or 1). */
  async markRead(tx: TxOrManager, userId: string, id: number): Promise<number> {
    // For an UPDATE, queryIn answers [rows, affected].
    const [, affected] = await queryIn<[unknown[], number]>(
      tx,
      `UPDATE notifications SET "readAt" = COALESCE("readAt", now()) WHERE id = $1 AND "userId" = $2`,
      [id, userId],
    );
    return affected;
  }

  async markAllRead(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `UPDATE notifications SET "readAt" = now() WHERE "userId" = $1 AND "readAt" IS NULL`, [
      userId,
    ]);
  }

  async unreadCount(tx: TxOrManager, userId: string): Promise<number> {
    const [row] = await queryIn<{ count: number }[]>(
      tx,
      `SELECT count(*)::int AS count FROM notifications WHERE "userId" = $1 AND "readAt" IS NULL`,
      [userId],
    );
    return row?.count ?? 0;
  }

  /** A deleted account's own notifications. */
  async dropAllOf(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM notifications WHERE "userId" = $1`, [userId]);
  }

  /** Other people's notifications the deleted account caused keep their text but no longer point at it. */
  async unlinkActor(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `UPDATE notifications SET "actorId" = NULL WHERE "actorId" = $1`, [userId]);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { afterCommit } from '../../database/in-transaction.js';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { NotFoundError } from '../../common/errors/domain-error.js';
import { NotificationOutbox } from './delivery/notification-outbox.js';
import type { NotificationDto, NotificationPageDto } from './dto/notification.dto.js';
import { UserNotification } from './notification.entity.js';
import {
  NOTIFICATION_CATEGORY,
  currentBody,
  TYPES_WITH_CALLS,
  notificationUrl,
  type ChangeTopic,
  type NotificationType,
} from './notification-kinds.js';
import type { LiveCursor } from './realtime/live-cursor.js';
import { RealtimeHub, type CircleLiveChange } from './realtime/realtime-hub.js';
import { distinctNames, type NameablePerson } from '../users/index.js';

/** A notification about to be written; its text is rendered once the actor's name is known. */
export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  betId?: number | null;
  actorId?: string | null;
  amount?: string | null;
  render(actorName: string): { title: string; body: string };
}

const MAX_PAGE = 50;

interface NotificationRow {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  betId: number | null;
  actorId: string | null;
  amount: string | null;
}

const INSERT_ONE = `INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
  VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, "createdAt"`;
const INSERT_MANY = `INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::uuid[], $7::numeric[])
  RETURNING id, "createdAt"`;

/**
 * The rows in one statement, without TypeORM's insert builder (every bet transition notifies someone), in
 * the order given. Most transitions notify one person: a single row goes in as plain VALUES, which cost
 * PostgreSQL ≈110 µs of CPU against ≈170–200 for the same row through unnest's seven arrays (5000 of each on
 * this machine, docs/performance.md "The request path").
 */
function insertNotifications(
  manager: EntityManager,
  rows: NotificationRow[],
): Promise<{ id: number; createdAt: Date }[]> {
  const [only] = rows;
  if (rows.length === 1 && only)
    return queryIn(manager, INSERT_ONE, [
      only.userId,
      only.type,
      only.title,
      only.body,
      only.betId,
      only.actorId,
      only.amount,
    ]);
  return queryIn(manager, INSERT_MANY, [
    rows.map((row) => row.userId),
    rows.map((row) => row.type),
    rows.map((row) => row.title),
    rows.map((row) => row.body),
    rows.map((row) => row.betId),
    rows.map((row) => row.actorId),
    rows.map((row) => row.amount),
  ]);
}

/** What a notification's bet is like now, for the recipient (see NotificationSubject). */
interface BetState {
  status: string;
  reported: boolean;
  joined: boolean | null;
  refereeAgreed: boolean | null;
  called: boolean;
}

/**
 * The notification centre: writes notifications, and the emails and pushes they cause (the outbox),
 * inside the use case's transaction; once that commits it tells the recipients' open apps (live stream)
 * and wakes this instance's outbox worker. Reading and marking are always scoped to the caller.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hub: RealtimeHub,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes the drafts and their outbox rows in `manager`'s transaction; nothing leaves unless it commits.
   * Two writers notifying the same person do not wait for each other: each row records its transaction's
   * id (a column default), and the live stream orders by it (`since`). Use cases make one call per
   * transaction.
   */
  async notify(tx: TxOrManager, drafts: NotificationDraft[]): Promise<void> {
    if (drafts.length === 0) return;
    const manager = managerOf(tx);
    const names = await this.actorNames(manager, drafts);
    const rows: NotificationRow[] = drafts.map((draft) => {
      const text = draft.render(
        (draft.actorId && names.get(nameKey(draft.userId, draft.actorId))) || 'Someone',
      );
      return {
        userId: draft.userId,
        type: draft.type,
        title: text.title.slice(0, 200),
        body: text.body,
        betId: draft.betId ?? null,
        actorId: draft.actorId ?? null,
        amount: draft.amount ?? null,
      };
    });
    const inserted = await insertNotifications(manager, rows);
    const saved = rows.map((row, index) => {
      const generated = inserted[index];
      if (!generated) throw new Error('the notification insert returned fewer rows than it was given');
      return toDto({ ...row, id: generated.id, createdAt: generated.createdAt, readAt: null });
    });
    const outgoing = await this.outbox.enqueue(
      manager,
      saved.map((item) => item.dto.id),
      this.clock.now(),
    );
    afterCommit(manager, () => {
      for (const notification of saved)
        this.hub.publish(notification.userId, { type: 'notification', data: notification.dto });
      this.outbox.committed(outgoing);
    });
  }

  /** Tells the users' open apps which of their lists changed, once the transaction commits. */
  changed(tx: TxOrManager, userIds: readonly (string | null)[], topics: ChangeTopic[]): void {
    const recipients = [...new Set(userIds.filter((id): id is string => id !== null))];
    afterCommit(managerOf(tx), () => {
      for (const userId of recipients) this.hub.publish(userId, { type: 'changed', data: { topics } });
    });
  }

  /**
   * Tells the open apps of a circle's members (read in the same transaction, so someone removed a moment
   * ago is no longer among them) what changed in its feed, once the transaction commits.
   */
  circleChanged(tx: TxOrManager, memberIds: readonly string[], change: CircleLiveChange): void {
    const recipients = [...new Set(memberIds)];
    afterCommit(managerOf(tx), () => {
      for (const userId of recipients) this.hub.publish(userId, { type: 'circle', data: change });
    });
  }

  async list(userId: string, limit = 20, before?: number): Promise<NotificationPageDto> {
    const take = Math.min(Math.max(limit, 1), MAX_PAGE);
    const query = this.dataSource
      .getRepository(UserNotification)
      .createQueryBuilder('n')
      .where('n.userId = :userId', { userId })
      .orderBy('n.id', 'DESC')
      .take(take + 1);
    if (before !== undefined) query.andWhere('n.id < :before', { before });
    const [rows, unreadCount] = await Promise.all([query.getMany(), this.unreadCount(userId)]);
    const page = rows.slice(0, take);
    const [bets, requests] = await Promise.all([
      this.betStates(
        userId,
        page.map((row) => row.betId),
      ),
      this.requestStates(
        userId,
        page.filter((row) => row.type === 'friend_request').map((row) => row.actorId),
      ),
    ]);
    return {
      items: page.map((row) => {
        const { dto } = toDto(row);
        const bet = row.betId === null ? undefined : bets.get(row.betId);
        const subject = {
          betStatus: bet?.status ?? null,
          reported: bet?.reported ?? false,
          joined: bet?.joined ?? null,
          refereeAgreed: bet?.refereeAgreed ?? null,
          called: bet?.called ?? false,
          requestStatus: (row.actorId && requests.get(row.actorId)) || null,
        };
        return {
          ...dto,
          betStatus: subject.betStatus,
          body: TYPES_WITH_CALLS.includes(row.type) ? currentBody(row.type, row.body, subject) : row.body,
        };
      }),
      unreadCount,
      nextBefore: rows.length > take ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /**
   * The person's notifications after `after` in (txid, id) order, at most NOTIFICATIONS_PAGE: what a live
   * stream has not delivered yet. Only rows whose transaction is older than every transaction still
   * running (below the snapshot's xmin) are `ready`: any commit still to come has a larger txid, so it
   * can never sort before them. The first row at or above xmin and everything after it is `held` back, to
   * be read again once the transactions before it have ended.
   */
  async since(
    userId: string,
    after: LiveCursor,
  ): Promise<{
    ready: { cursor: LiveCursor; notification: NotificationDto }[];
    held: boolean;
    full: boolean;
  }> {
    const rows = await this.dataSource.query<(NotificationEntityRow & { txid: string; held: boolean })[]>(
      `SELECT n.id, n."userId", n.type, n.title, n.body, n."betId", n.amount, n."readAt", n."createdAt",
              n.txid::text AS txid, n.txid >= h.xmin AS held
         FROM (SELECT txid_snapshot_xmin(txid_current_snapshot()) AS xmin) AS h
         JOIN notifications n ON n."userId" = $1 AND (n.txid, n.id) > ($2::bigint, $3::int)
        ORDER BY n.txid, n.id
        LIMIT $4`,
      [userId, after.txid, after.id, NOTIFICATIONS_PAGE],
    );
    const heldAt = rows.findIndex((row) => row.held);
    const ready = heldAt < 0 ? rows : rows.slice(0, heldAt);
    return {
      ready: ready.map((row) => ({ cursor: { txid: row.txid, id: row.id }, notification: toDto(row).dto })),
      held: heldAt >= 0,
      full: rows.length === NOTIFICATIONS_PAGE,
    };
  }

  /**
   * Where a new live stream starts: after every notification whose transaction has ended, so that it
   * sends what commits from now on (and any commit still in flight).
   */
  async startCursor(): Promise<LiveCursor> {
    const [row] = await this.dataSource.query<{ txid: string }[]>(
      `SELECT txid_snapshot_xmin(txid_current_snapshot())::text AS txid`,
    );
    return { txid: row?.txid ?? '0', id: 0 };
  }

  /** The cursor just after one of the person's notifications (a Last-Event-ID of the previous version). */
  async cursorAt(userId: string, id: number): Promise<LiveCursor | null> {
    const [row] = await this.dataSource.query<{ txid: string }[]>(
      `SELECT txid::text AS txid FROM notifications WHERE id = $1 AND "userId" = $2`,
      [id, userId],
    );
    return row ? { txid: row.txid, id } : null;
  }

  /** Marks one of the caller's notifications read; someone else's is reported as not found. */
  async markRead(userId: string, id: number): Promise<{ unreadCount: number }> {
    // For an UPDATE, TypeORM answers [rows, affected].
    const [, affected] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE notifications SET "readAt" = COALESCE("readAt", now()) WHERE id = $1 AND "userId" = $2`,
      [id, userId],
    );
    if (affected === 0) throw new NotFoundError('Notification not found', 'notification_not_found');
    const unreadCount = await this.unreadCount(userId);
    this.hub.publish(userId, { type: 'changed', data: { topics: ['notifications'] } });
    return { unreadCount };
  }

  async markAllRead(userId: string): Promise<{ unreadCount: number }> {
    await this.dataSource.query(
      `UPDATE notifications SET "readAt" = now() WHERE "userId" = $1 AND "readAt" IS NULL`,
      [userId],
    );
    this.hub.publish(userId, { type: 'changed', data: { topics: ['notifications'] } });
    return { unreadCount: 0 };
  }

  /** The bets a page of notifications is about as they are now, for the recipient, in one query. */
  private async betStates(userId: string, ids: (number | null)[]): Promise<Map<number, BetState>> {
    const betIds = [...new Set(ids.filter((id): id is number => id !== null))];
    if (betIds.length === 0) return new Map();
    // A pot's recipient reports and joins on their seat; a duel's on the bet's columns.
    const rows = await this.dataSource.query<({ id: number } & BetState)[]>(
      `SELECT b.id, b.status, b."calledAt" IS NOT NULL AS called,
              CASE WHEN b."refereeId" = $2 THEN b."refereeAcceptedAt" IS NOT NULL END AS "refereeAgreed",
              CASE WHEN b.kind = 'pot' THEN s.result IS NOT NULL
                   WHEN b."creatorId" = $2 THEN b."creatorResult" IS NOT NULL
                   ELSE b."opponentResult" IS NOT NULL END AS reported,
              CASE WHEN s."userId" IS NULL THEN NULL ELSE s."joinedAt" IS NOT NULL END AS joined
         FROM bets b LEFT JOIN bet_participants s ON s."betId" = b.id AND s."userId" = $2
        WHERE b.id = ANY($1::int[])`,
      [betIds, userId],
    );
    return new Map(rows.map(({ id, ...state }) => [id, state]));
  }

  /** Where the friend requests sent to the user by these people stand now (absent: withdrawn or removed). */
  private async requestStates(userId: string, requesterIds: (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(requesterIds.filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    // Either direction: a request the user sent back counts too once the two are friends.
    const rows = await this.dataSource.query<{ other: string; status: string }[]>(
      `SELECT CASE WHEN "requesterId" = $1 THEN "addresseeId" ELSE "requesterId" END AS other, status
         FROM friendships
        WHERE ("addresseeId" = $1 AND "requesterId" = ANY($2::uuid[]))
           OR ("requesterId" = $1 AND "addresseeId" = ANY($2::uuid[]))
        ORDER BY "updatedAt"`,
      [userId, ids],
    );
    return new Map(rows.map((row) => [row.other, row.status]));
  }

  private async unreadCount(userId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM notifications WHERE "userId" = $1 AND "readAt" IS NULL`,
      [userId],
    );
    return row?.count ?? 0;
  }

  /**
   * The actor of each draft named for its recipient (personName: the full name when the recipient may see
   * it, as friends usually may, else the username), in one query whatever the number of drafts.
   */
  private async actorNames(
    manager: EntityManager,
    drafts: NotificationDraft[],
  ): Promise<Map<string, string>> {
    const pairs = drafts.filter((draft) => Boolean(draft.actorId));
    if (pairs.length === 0) return new Map();
    const rows = await queryIn<
      (NameablePerson & { recipient: string; id: string; friend: boolean; reader: NameablePerson })[]
    >(
      manager,
      `SELECT p.recipient::text AS recipient, u.id, u."firstName", u."lastName", u.username, u."privacySettings",
              json_build_object('firstName', r."firstName", 'lastName', r."lastName", 'username', r.username) AS reader,
              EXISTS (SELECT 1 FROM friendships f
                       WHERE f.status = 'accepted'
                         AND ((f."requesterId" = p.recipient AND f."addresseeId" = u.id)
                           OR (f."requesterId" = u.id AND f."addresseeId" = p.recipient))) AS friend
         FROM unnest($1::uuid[], $2::uuid[]) AS p(recipient, actor)
         JOIN users u ON u.id = p.actor
         JOIN users r ON r.id = p.recipient`,
      [pairs.map((draft) => draft.userId), pairs.map((draft) => draft.actorId)],
    );
    // Named beside the reader's own name: someone called just what the reader is called gets their username.
    return new Map(
      rows.map((row) => [
        nameKey(row.recipient, row.id),
        distinctNames([
          { key: 'actor', person: row, relation: row.friend ? 'friend' : 'stranger' },
          { key: 'reader', person: row.reader, relation: 'self' },
        ]).get('actor') ?? 'Someone',
      ]),
    );
  }
}

const nameKey = (recipient: string, actor: string) => `${recipient}:${actor}`;

/** A stream away longer than this many notifications refetches its lists anyway (it gets `ready`). */
/** How many notifications one read after a live stream's cursor returns (it reads again when full). */
export const NOTIFICATIONS_PAGE = 200;

/** The columns of a notification that its DTO is made from. */
interface NotificationEntityRow {
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

function toDto(row: NotificationEntityRow): { userId: string; dto: NotificationDto } {
  return {
    userId: row.userId,
    dto: {
      id: row.id,
      type: row.type,
      category: NOTIFICATION_CATEGORY[row.type],
      title: row.title,
      body: row.body,
      url: notificationUrl(row.type, row.betId),
      betId: row.betId,
      betStatus: null,
      amount: row.amount,
      readAt: row.readAt ? row.readAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { afterCommitOf, Transactor, type Tx, type TxOrManager } from '../../database/transactor.js';
import { NotFoundError } from '../../common/errors/domain-error.js';
import { NotificationOutbox } from './delivery/notification-outbox.js';
import type { NotificationDto, NotificationPageDto } from './dto/notification.dto.js';
import { type BetState, BetSubjects } from './bet-subjects.js';
import { FriendRequests } from './friend-requests.js';
import {
  type NotificationEntityRow,
  type NotificationRow,
  NotificationsRepository,
} from './notifications.repository.js';
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
import { distinctNames } from '../users/index.js';

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

/**
 * The notification centre: writes notifications, and the emails and pushes they cause (the outbox),
 * inside the use case's transaction; once that commits it tells the recipients' open apps (live stream)
 * and wakes this instance's outbox worker. Reading and marking are always scoped to the caller.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly notifications: NotificationsRepository,
    private readonly betSubjects: BetSubjects,
    private readonly friendRequests: FriendRequests,
    private readonly hub: RealtimeHub,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {}

  /**
   * Writes the drafts and their outbox rows in `tx`'s transaction; nothing leaves unless it commits.
   * Two writers notifying the same person do not wait for each other: each row records its transaction's
   * id (a column default), and the live stream orders by it (`since`). Use cases make one call per
   * transaction.
   */
  async notify(tx: TxOrManager, drafts: NotificationDraft[]): Promise<void> {
    if (drafts.length === 0) return;
    const names = await this.actorNames(tx, drafts);
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
    const inserted = await this.notifications.insert(tx, rows, this.outbox.deliveryAt(this.clock.now()));
    const saved = rows.map((row, index) => {
      const generated = inserted[index];
      if (!generated) throw new Error('the notification insert returned fewer rows than it was given');
      return toDto({ ...row, id: generated.id, createdAt: generated.createdAt, readAt: null });
    });
    const outgoing = new Set(inserted[0]?.channels);
    afterCommitOf(tx, () => {
      for (const notification of saved)
        this.hub.publish(notification.userId, { type: 'notification', data: notification.dto });
      this.outbox.committed(outgoing);
    });
  }

  /** Tells the users' open apps which of their lists changed, once the transaction commits. */
  changed(tx: TxOrManager, userIds: readonly (string | null)[], topics: ChangeTopic[]): void {
    const recipients = [...new Set(userIds.filter((id): id is string => id !== null))];
    afterCommitOf(tx, () => {
      for (const userId of recipients) this.hub.publish(userId, { type: 'changed', data: { topics } });
    });
  }

  /**
   * Tells the open apps of a circle's members (read in the same transaction, so someone removed a moment
   * ago is no longer among them) what changed in its feed, once the transaction commits.
   */
  circleChanged(tx: TxOrManager, memberIds: readonly string[], change: CircleLiveChange): void {
    const recipients = [...new Set(memberIds)];
    afterCommitOf(tx, () => {
      for (const userId of recipients) this.hub.publish(userId, { type: 'circle', data: change });
    });
  }

  async list(userId: string, limit = 20, before?: number): Promise<NotificationPageDto> {
    const take = Math.min(Math.max(limit, 1), MAX_PAGE);
    const { rows, unreadCount, page, bets, requests } = await this.transactor.read(async (tx) => {
      const [rows, unreadCount] = await Promise.all([
        this.notifications.page(tx, userId, take + 1, before),
        this.notifications.unreadCount(tx, userId),
      ]);
      const page = rows.slice(0, take);
      const [bets, requests] = await Promise.all([
        this.betStates(
          tx,
          userId,
          page.map((row) => row.betId),
        ),
        this.requestStates(
          tx,
          userId,
          page.filter((row) => row.type === 'friend_request').map((row) => row.actorId),
        ),
      ]);
      return { rows, unreadCount, page, bets, requests };
    });
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
    const rows = await this.transactor.read((tx) =>
      this.notifications.since(tx, userId, after, NOTIFICATIONS_PAGE),
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
    const txid = await this.transactor.read((tx) => this.notifications.snapshotXmin(tx));
    return { txid: txid ?? '0', id: 0 };
  }

  /** The cursor just after one of the person's notifications (a Last-Event-ID of the previous version). */
  async cursorAt(userId: string, id: number): Promise<LiveCursor | null> {
    const txid = await this.transactor.read((tx) => this.notifications.txidOf(tx, userId, id));
    return txid !== undefined ? { txid, id } : null;
  }

  /** Marks one of the caller's notifications read; someone else's is reported as not found. */
  async markRead(userId: string, id: number): Promise<{ unreadCount: number }> {
    const unreadCount = await this.transactor.read(async (tx) => {
      const affected = await this.notifications.markRead(tx, userId, id);
      if (affected === 0) throw new NotFoundError('Notification not found', 'notification_not_found');
      return this.notifications.unreadCount(tx, userId);
    });
    this.hub.publish(userId, { type: 'changed', data: { topics: ['notifications'] } });
    return { unreadCount };
  }

  async markAllRead(userId: string): Promise<{ unreadCount: number }> {
    await this.transactor.read((tx) => this.notifications.markAllRead(tx, userId));
    this.hub.publish(userId, { type: 'changed', data: { topics: ['notifications'] } });
    return { unreadCount: 0 };
  }

  /** The bets a page of notifications is about as they are now, for the recipient (asked of bets). */
  private async betStates(tx: Tx, userId: string, ids: (number | null)[]): Promise<Map<number, BetState>> {
    const betIds = [...new Set(ids.filter((id): id is number => id !== null))];
    if (betIds.length === 0) return new Map();
    const rows = await this.betSubjects.statesFor(tx, userId, betIds);
    return new Map(rows.map(({ id, ...state }) => [id, state]));
  }

  /** Where the friend requests sent to the user by these people stand now (absent: withdrawn or removed). */
  private async requestStates(
    tx: Tx,
    userId: string,
    requesterIds: (string | null)[],
  ): Promise<Map<string, string>> {
    const ids = [...new Set(requesterIds.filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const rows = await this.friendRequests.statesWith(tx, userId, ids);
    return new Map(rows.map((row) => [row.other, row.status]));
  }

  /**
   * The actor of each draft named for its recipient (personName: the full name when the recipient may see
   * it, as friends usually may, else the username), in one query whatever the number of drafts.
   */
  private async actorNames(tx: TxOrManager, drafts: NotificationDraft[]): Promise<Map<string, string>> {
    const pairs = drafts.filter((draft) => Boolean(draft.actorId));
    if (pairs.length === 0) return new Map();
    const rows = await this.notifications.actorNames(
      tx,
      pairs.map((draft) => draft.userId),
      pairs.map((draft) => draft.actorId),
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

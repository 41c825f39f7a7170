import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { EMAILED_TYPES } from '../email/email-message.js';
import {
  NOTIFICATION_CATEGORY,
  notificationUrl,
  type NotificationCategory,
  type NotificationType,
} from '../notification-kinds.js';
import type { DeliveryChannelName, DeliveryStatus } from './outbox-entry.entity.js';

/** The notification as email and push show it. */
export interface OutgoingNotification {
  id: number;
  type: NotificationType;
  category: NotificationCategory;
  title: string;
  body: string;
  url: string;
  betId: number | null;
}

/** A push subscription that still belongs to the notification's recipient. */
export interface ClaimedSubscription {
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** An outbox row a worker has claimed, with what sending it needs, read as it is now. */
export interface ClaimedDelivery {
  id: number;
  channel: DeliveryChannelName;
  /** This claim's number: 1 for the first try. */
  attempts: number;
  notification: OutgoingNotification;
  recipient: {
    email: string;
    emailNotifications: boolean;
    pushNotifications: boolean;
    /** Neither deleted nor banned. */
    active: boolean;
  };
  /** For push: the browser, or null when it was unsubscribed or moved to another account since. */
  subscription: ClaimedSubscription | null;
}

interface ClaimedRow {
  id: number;
  channel: DeliveryChannelName;
  attempts: number;
  notificationId: number;
  type: NotificationType;
  title: string;
  body: string;
  betId: number | null;
  email: string;
  emailNotifications: boolean;
  pushNotifications: boolean;
  active: boolean;
  subscriptionId: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

const EMAILED = Object.entries(EMAILED_TYPES)
  .filter(([, emailed]) => emailed)
  .map(([type]) => type);

/** When a new notification's outbox rows fall due, and whether email goes out at all. */
export interface OutboxDelivery {
  now: Date;
  emailOn: boolean;
}

/**
 * The outbox rows of the new notifications in the CTE `fresh` (id, "userId", type), written in the same
 * statement as the notifications: one email row per notification of an emailed type whose recipient wants
 * email (when `emailOn`), one push row per browser of each recipient who wants pushes. Its parameters come
 * after the notifications' seven: $8 when they fall due, $9 emailOn, $10 the emailed types.
 */
export function outboxRowsOf(fresh: string): string {
  return `INSERT INTO notification_outbox ("notificationId", channel, "subscriptionId", "nextAttemptAt")
    SELECT n.id, 'email', NULL::int, $8::timestamptz
      FROM ${fresh} n JOIN people u ON u.id = n."userId"
     WHERE $9::boolean AND n.type = ANY($10::text[])
       AND u."emailNotifications" AND u.active
    UNION ALL
    SELECT n.id, 'push', s.id, $8::timestamptz
      FROM ${fresh} n
      JOIN people u ON u.id = n."userId" AND u."pushNotifications"
      JOIN push_subscriptions s ON s."userId" = n."userId"
    RETURNING channel`;
}

export const EMAILED_NOTIFICATION_TYPES: readonly string[] = EMAILED;

/**
 * The notification outbox (`notification_outbox`): what must still go out by email and Web Push. Rows
 * are written in the event's own transaction; workers on any instance claim due rows with `FOR UPDATE
 * SKIP LOCKED`, each row by one worker at a time, and record how each try went.
 */
@Injectable()
export class NotificationOutbox {
  private readonly listeners: ((channels: Set<DeliveryChannelName>) => void)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** How notifications written now go out: due at once, and by email only when SMTP is configured. */
  deliveryAt(now: Date): OutboxDelivery {
    return { now, emailOn: this.config.smtp !== null };
  }

  /** Workers listen here to start at once on rows written by this instance (after their commit). */
  onCommitted(listener: (channels: Set<DeliveryChannelName>) => void): void {
    this.listeners.push(listener);
  }

  committed(channels: Set<DeliveryChannelName>): void {
    if (channels.size === 0) return;
    for (const listener of this.listeners) listener(channels);
  }

  /**
   * Claims up to `limit` due rows of `channel` in one short statement: each gets `attempts + 1` and a
   * lease (`nextAttemptAt = leaseEnd`), so no other worker takes it while this one sends, and a worker
   * that dies leaves it to be tried again when the lease ends. Rows another worker is claiming right
   * now are skipped, not waited for.
   */
  async claim(
    channel: DeliveryChannelName,
    limit: number,
    now: Date,
    leaseEnd: Date,
  ): Promise<ClaimedDelivery[]> {
    const rows = await this.dataSource.query<ClaimedRow[]>(
      `WITH claimed AS (
         UPDATE notification_outbox o SET attempts = o.attempts + 1, "nextAttemptAt" = $3
          WHERE o.id IN (SELECT id FROM notification_outbox
                          WHERE status = 'pending' AND channel = $1 AND "nextAttemptAt" <= $2
                          ORDER BY "nextAttemptAt", id
                          LIMIT $4
                          FOR UPDATE SKIP LOCKED)
          RETURNING o.id, o.channel, o.attempts, o."notificationId", o."subscriptionId")
       SELECT c.id, c.channel, c.attempts, n.id AS "notificationId", n.type, n.title, n.body, n."betId",
              u.email, u."emailNotifications", u."pushNotifications",
              u.active,
              s.id AS "subscriptionId", s.endpoint, s.p256dh, s.auth
         FROM claimed c
         JOIN notifications n ON n.id = c."notificationId"
         JOIN people u ON u.id = n."userId"
         LEFT JOIN push_subscriptions s ON s.id = c."subscriptionId" AND s."userId" = n."userId"
        ORDER BY c.id`,
      [channel, now, leaseEnd, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      attempts: row.attempts,
      notification: {
        id: row.notificationId,
        type: row.type,
        category: NOTIFICATION_CATEGORY[row.type],
        title: row.title,
        body: row.body,
        url: notificationUrl(row.type, row.betId),
        betId: row.betId,
      },
      recipient: {
        email: row.email,
        emailNotifications: row.emailNotifications,
        pushNotifications: row.pushNotifications,
        active: row.active,
      },
      subscription:
        row.subscriptionId !== null && row.endpoint && row.p256dh && row.auth
          ? { subscriptionId: row.subscriptionId, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }
          : null,
    }));
  }

  /** The try ended: delivered, skipped or failed for good. */
  async finish(
    id: number,
    status: Exclude<DeliveryStatus, 'pending'>,
    now: Date,
    error: string | null = null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE notification_outbox SET status = $2, "finishedAt" = $3, "lastError" = $4
        WHERE id = $1 AND status = 'pending'`,
      [id, status, now, error?.slice(0, 300) ?? null],
    );
  }

  /**
   * The try failed but may work later: due again at `retryAt`. Only while this claim is still the
   * row's latest (a worker whose lease ran out must not move another worker's lease).
   */
  async retryLater(id: number, attempts: number, retryAt: Date, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notification_outbox SET "nextAttemptAt" = $3, "lastError" = $4
        WHERE id = $1 AND status = 'pending' AND attempts = $2`,
      [id, attempts, retryAt, error.slice(0, 300)],
    );
  }

  /** Rows not yet delivered, skipped or given up (the `betwixt_outbox_depth` gauge). */
  async pendingCount(): Promise<number> {
    const [row] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM notification_outbox WHERE status = 'pending'`,
    );
    return row?.count ?? 0;
  }

  /** Deletes finished rows older than `before`, in batches; answers how many went. */
  async deleteFinished(before: Date): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [, count] = await this.dataSource.query<[unknown[], number]>(
        `DELETE FROM notification_outbox WHERE id IN (
           SELECT id FROM notification_outbox WHERE "finishedAt" < $1 LIMIT 5000)`,
        [before],
      );
      deleted += count;
      if (count < 5000) return deleted;
    }
  }
}

import { Injectable } from '@nestjs/common';
import { queryIn } from '../../../database/query-in.js';
import type { TxOrManager } from '../../../database/transactor.js';

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push_subscriptions table: the browsers a user receives Web Push on, one row per endpoint. */
@Injectable()
export class PushSubscriptionsRepository {
  /** Serialises the user's subscribes until the transaction ends. */
  async lockUser(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `push-subscriptions:${userId}`,
    ]);
  }

  /** The endpoint's row for the user (taken over from whoever had it, keys refreshed). */
  async upsert(tx: TxOrManager, userId: string, input: NewPushSubscription): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO push_subscriptions ("userId", endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE
         SET "userId" = EXCLUDED."userId", p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, "createdAt" = now()`,
      [userId, input.endpoint, input.p256dh, input.auth],
    );
  }

  /** Drops all but the user's `keep` newest subscriptions. */
  async keepNewest(tx: TxOrManager, userId: string, keep: number): Promise<void> {
    await queryIn(
      tx,
      `DELETE FROM push_subscriptions WHERE "userId" = $1 AND id NOT IN (
         SELECT id FROM push_subscriptions WHERE "userId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT $2)`,
      [userId, keep],
    );
  }

  async deleteOfUser(tx: TxOrManager, userId: string, endpoint: string): Promise<void> {
    await queryIn(tx, `DELETE FROM push_subscriptions WHERE endpoint = $1 AND "userId" = $2`, [
      endpoint,
      userId,
    ]);
  }

  async deleteGone(tx: TxOrManager, subscriptionId: number, endpoint: string): Promise<void> {
    await queryIn(tx, `DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2`, [
      subscriptionId,
      endpoint,
    ]);
  }

  /** Every subscription of a deleted account. */
  async dropAllOf(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM push_subscriptions WHERE "userId" = $1`, [userId]);
  }
}

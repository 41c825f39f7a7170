import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { inTransaction } from '../../../database/in-transaction.js';
import { PushEndpointPolicy } from './push-endpoint-policy.js';

/** Browsers a user may receive pushes on; subscribing on an eleventh drops the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The browsers that receive a user's notifications as Web Push. An endpoint identifies one browser
 * profile, so it belongs to at most one user: whoever subscribed it last (see docs/security.md).
 */
@Injectable()
export class PushSubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly policy: PushEndpointPolicy,
  ) {}

  publicKey(): { publicKey: string } {
    return { publicKey: this.config.vapid.publicKey };
  }

  /**
   * Stores the caller's subscription. Subscribing again is harmless (keys refreshed); an endpoint another
   * user registered moves to the caller, since the browser that holds it is now signed in as them.
   */
  async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
    await this.policy.assertAllowed(input.endpoint);
    await inTransaction(this.dataSource, async (manager) => {
      // One subscribe at a time per user, so the cap below holds under concurrent calls.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `push-subscriptions:${userId}`,
      ]);
      await manager.query(
        `INSERT INTO push_subscriptions ("userId", endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE
           SET "userId" = EXCLUDED."userId", p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, "createdAt" = now()`,
        [userId, input.endpoint, input.p256dh, input.auth],
      );
      await manager.query(
        `DELETE FROM push_subscriptions WHERE "userId" = $1 AND id NOT IN (
           SELECT id FROM push_subscriptions WHERE "userId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT $2)`,
        [userId, MAX_SUBSCRIPTIONS_PER_USER],
      );
    });
  }

  /** Removes the caller's subscription of `endpoint`; someone else's, or none, is left alone silently. */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM push_subscriptions WHERE endpoint = $1 AND "userId" = $2`, [
      endpoint,
      userId,
    ]);
  }

  /** The push service says the subscription is gone (404/410): forget it. */
  async forget(target: { subscriptionId: number; endpoint: string }): Promise<void> {
    await this.dataSource.query(`DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2`, [
      target.subscriptionId,
      target.endpoint,
    ]);
  }
}

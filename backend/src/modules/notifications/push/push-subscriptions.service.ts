import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { Transactor } from '../../../database/transactor.js';
import { PushEndpointPolicy } from './push-endpoint-policy.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';

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
    private readonly transactor: Transactor,
    private readonly subscriptions: PushSubscriptionsRepository,
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
    await this.transactor.run(async (tx) => {
      // One subscribe at a time per user, so the cap below holds under concurrent calls.
      await this.subscriptions.lockUser(tx, userId);
      await this.subscriptions.upsert(tx, userId, input);
      await this.subscriptions.keepNewest(tx, userId, MAX_SUBSCRIPTIONS_PER_USER);
    });
  }

  /** Removes the caller's subscription of `endpoint`; someone else's, or none, is left alone silently. */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.transactor.read((tx) => this.subscriptions.deleteOfUser(tx, userId, endpoint));
  }

  /** The push service says the subscription is gone (404/410): forget it. */
  async forget(target: { subscriptionId: number; endpoint: string }): Promise<void> {
    await this.transactor.read((tx) =>
      this.subscriptions.deleteGone(tx, target.subscriptionId, target.endpoint),
    );
  }
}

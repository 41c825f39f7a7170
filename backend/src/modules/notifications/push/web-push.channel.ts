import { Injectable, Logger } from '@nestjs/common';
import { DeliveryChannel, errorCode, type DeliveryOutcome } from '../delivery/delivery-channel.js';
import type { ClaimedDelivery } from '../delivery/notification-outbox.js';
import { pushMessage, PUSH_TTL_SECONDS } from './push-payload.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';
import { NON_PUBLIC_ENDPOINT, WebPushSender } from './web-push-sender.js';

/** Pushes in flight at once per instance. */
const MAX_CONCURRENT_SENDS = 8;

/**
 * Sends a notification as a Web Push to one browser its recipient subscribed (an outbox row per
 * browser), if they still have push notifications on and the browser is still theirs. A subscription the
 * push service says is gone (404/410) is deleted; 429 and 5xx answers and network errors are retried;
 * other refusals and endpoints we may not reach are final.
 */
@Injectable()
export class WebPushChannel extends DeliveryChannel {
  readonly name = 'push';
  readonly enabled = true;
  readonly concurrency = MAX_CONCURRENT_SENDS;
  private readonly logger = new Logger(WebPushChannel.name);

  constructor(
    private readonly subscriptions: PushSubscriptionsService,
    private readonly sender: WebPushSender,
  ) {
    super();
  }

  async deliver({
    notification,
    recipient,
    subscription,
    attempts,
  }: ClaimedDelivery): Promise<DeliveryOutcome> {
    if (!subscription) return { status: 'skipped', reason: 'browser unsubscribed' };
    if (!recipient.pushNotifications) return { status: 'skipped', reason: 'push notifications off' };
    const { payload, urgency } = pushMessage(notification);
    const origin = new URL(subscription.endpoint).origin; // the path identifies the browser: not logged
    const details = { origin, notificationId: notification.id, attempts };
    let status: number;
    try {
      status = await this.sender.send(subscription, {
        payload: JSON.stringify(payload),
        ttl: PUSH_TTL_SECONDS,
        urgency,
      });
    } catch (error) {
      this.logger.warn({ err: error, ...details }, 'Push not delivered');
      const code = errorCode(error);
      return { status: code === NON_PUBLIC_ENDPOINT ? 'failed' : 'retry', error: code };
    }
    if (status >= 200 && status <= 299) return { status: 'delivered' };
    if (status === 404 || status === 410) {
      await this.subscriptions.forget(subscription);
      this.logger.log({ origin, status }, 'Push subscription expired; deleted');
      return { status: 'skipped', reason: `push service answered ${status}` };
    }
    this.logger.warn({ ...details, status }, 'Push service refused a message');
    return { status: status === 429 || status >= 500 ? 'retry' : 'failed', error: `push ${status}` };
  }
}

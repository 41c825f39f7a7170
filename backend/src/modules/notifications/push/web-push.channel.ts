import { Injectable, type OnModuleInit } from '@nestjs/common';
import { QueuedChannel } from '../delivery/queued-channel.js';
import type { NotificationDto } from '../dto/notification.dto.js';
import { NotificationsService } from '../notifications.service.js';
import { pushMessage, PUSH_TTL_SECONDS } from './push-payload.js';
import { PushSubscriptionsService, type NotificationPushTarget } from './push-subscriptions.service.js';
import { WebPushSender } from './web-push-sender.js';

/** Pushes in flight at once per instance; the rest wait their turn. */
const MAX_CONCURRENT_SENDS = 8;
/** Pushes waiting beyond this are dropped (and logged): a backlog that large is stale anyway. */
const MAX_WAITING_SENDS = 2_000;

/**
 * Sends each committed notification as a Web Push to every browser its recipient subscribed, if they
 * have push notifications on. A subscription the push service says is gone is deleted.
 */
@Injectable()
export class WebPushChannel extends QueuedChannel<NotificationPushTarget> implements OnModuleInit {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly subscriptions: PushSubscriptionsService,
    private readonly sender: WebPushSender,
  ) {
    super(MAX_CONCURRENT_SENDS, MAX_WAITING_SENDS);
  }

  onModuleInit(): void {
    this.notifications.addChannel(this);
  }

  protected override targets(notificationIds: number[]): Promise<NotificationPushTarget[]> {
    return this.subscriptions.targets(notificationIds);
  }

  protected override async send(
    notification: NotificationDto,
    target: NotificationPushTarget,
  ): Promise<void> {
    const { payload, urgency } = pushMessage(notification);
    const origin = new URL(target.endpoint).origin; // the path identifies the browser: not logged
    try {
      const status = await this.sender.send(target, {
        payload: JSON.stringify(payload),
        ttl: PUSH_TTL_SECONDS,
        urgency,
      });
      if (status === 404 || status === 410) {
        await this.subscriptions.forget(target);
        this.logger.log({ origin, status }, 'Push subscription expired; deleted');
      } else if (status < 200 || status > 299) {
        this.logger.warn(
          { origin, status, notificationId: notification.id },
          'Push service refused a message',
        );
      }
    } catch (error) {
      this.logger.warn({ err: error, origin, notificationId: notification.id }, 'Push not delivered');
    }
  }
}

import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { NotificationDto } from '../dto/notification.dto.js';
import { TaskQueue } from '../email/task-queue.js';
import { NotificationChannel, NotificationsService } from '../notifications.service.js';
import { pushMessage, PUSH_TTL_SECONDS } from './push-payload.js';
import { PushSubscriptionsService, type NotificationPushTarget } from './push-subscriptions.service.js';
import { WebPushSender } from './web-push-sender.js';

/** Pushes in flight at once per instance; the rest wait their turn. */
const MAX_CONCURRENT_SENDS = 8;
/** Pushes waiting beyond this are dropped (and logged): a backlog that large is stale anyway. */
const MAX_WAITING_SENDS = 2_000;
/** How long shutdown waits for pushes in flight. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Sends each committed notification as a Web Push to every browser its recipient subscribed, if they
 * have push notifications on. It runs after the use case has committed and answered: nothing here can
 * slow down or fail it. Failures are logged; a subscription the push service says is gone is deleted.
 */
@Injectable()
export class WebPushChannel extends NotificationChannel implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebPushChannel.name);
  private readonly lookups = new Set<Promise<void>>();
  private readonly queue = new TaskQueue(MAX_CONCURRENT_SENDS, MAX_WAITING_SENDS);

  constructor(
    private readonly notifications: NotificationsService,
    private readonly subscriptions: PushSubscriptionsService,
    private readonly sender: WebPushSender,
  ) {
    super();
  }

  onModuleInit(): void {
    this.notifications.addChannel(this);
  }

  deliver(notifications: NotificationDto[]): void {
    if (notifications.length === 0) return;
    const lookup = this.enqueue(notifications)
      .catch((error: unknown) => this.logger.error({ err: error }, 'Push subscriptions not loaded'))
      .finally(() => this.lookups.delete(lookup));
    this.lookups.add(lookup);
  }

  /** Resolves once every push started so far has been answered or given up (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.lookups.size > 0 || this.queue.size > 0) {
      await Promise.allSettled([...this.lookups]);
      await this.queue.idle();
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.race([this.idle(), grace]);
    clearTimeout(timer);
  }

  private async enqueue(notifications: NotificationDto[]): Promise<void> {
    const byId = new Map(notifications.map((notification) => [notification.id, notification]));
    for (const target of await this.subscriptions.targets([...byId.keys()])) {
      const notification = byId.get(target.notificationId);
      if (!notification) continue;
      const queued = this.queue.push(() => this.push(notification, target));
      if (!queued)
        this.logger.warn({ notificationId: notification.id }, 'Web Push backlog full; push dropped');
    }
  }

  private async push(notification: NotificationDto, target: NotificationPushTarget): Promise<void> {
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

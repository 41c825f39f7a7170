import { Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { NotificationDto } from '../dto/notification.dto.js';
import { NotificationChannel } from '../notifications.service.js';
import { TaskQueue } from './task-queue.js';

/** How long shutdown waits for deliveries in flight. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Where one notification goes (an address, a browser), as found for a batch. */
export interface DeliveryTarget {
  notificationId: number;
}

/**
 * A channel that delivers committed notifications outside the app (email, Web Push). It runs after the
 * use case has committed and answered, so nothing here can slow down or fail it: targets are looked up
 * once per batch, sends run a few at a time from a bounded queue (a backlog beyond it is stale and
 * dropped, with a log line), and every failure is logged, never thrown.
 */
export abstract class QueuedChannel<Target extends DeliveryTarget>
  extends NotificationChannel
  implements BeforeApplicationShutdown
{
  protected readonly logger = new Logger(this.constructor.name);
  private readonly lookups = new Set<Promise<void>>();
  private readonly queue: TaskQueue;

  constructor(concurrency: number, capacity: number) {
    super();
    this.queue = new TaskQueue(concurrency, capacity);
  }

  /** Whether this channel sends a notification of this kind at all. */
  protected accepts(_notification: NotificationDto): boolean {
    return true;
  }

  /** Every target of these notifications, in one query. */
  protected abstract targets(notificationIds: number[]): Promise<Target[]>;

  /** Sends one notification to one target; must handle (log) its own failures. */
  protected abstract send(notification: NotificationDto, target: Target): Promise<void>;

  deliver(notifications: NotificationDto[]): void {
    const accepted = notifications.filter((notification) => this.accepts(notification));
    if (accepted.length === 0) return;
    const lookup = this.enqueue(accepted)
      .catch((error: unknown) => this.logger.error({ err: error }, 'Delivery targets not loaded'))
      .finally(() => this.lookups.delete(lookup));
    this.lookups.add(lookup);
  }

  /** Resolves once every delivery started so far has been sent or given up (shutdown, tests). */
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
    for (const target of await this.targets([...byId.keys()])) {
      const notification = byId.get(target.notificationId);
      if (!notification) continue;
      const queued = this.queue.push(() => this.send(notification, target));
      if (!queued) this.logger.warn({ notificationId: notification.id }, 'Delivery backlog full; dropped');
    }
  }
}

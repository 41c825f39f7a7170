import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Counter } from 'prom-client';
import { Clock } from '../../../common/clock.js';
import { Metrics } from '../../../common/metrics/metrics.js';
import { AppConfig } from '../../../config/app-config.js';
import { EmailChannel } from '../email/email.channel.js';
import { WebPushChannel } from '../push/web-push.channel.js';
import { errorCode, type DeliveryChannel, type DeliveryOutcome } from './delivery-channel.js';
import { NotificationOutbox, type ClaimedDelivery } from './notification-outbox.js';
import type { DeliveryChannelName } from './outbox-entry.entity.js';

/** A claimed row is another worker's for this long: far beyond the slowest send (SMTP gives up after 50 s). */
export const LEASE_MS = 2 * 60_000;
/** How often each instance looks for due rows written elsewhere, retries and expired leases. */
const POLL_MS = 1_000;
/** Tries per row; with the default 30 s first delay the last is about an hour after the first. */
export const MAX_ATTEMPTS = 8;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** Delay before try `attempts + 1` after try `attempts` failed: doubling from `firstMs`, at most an hour. */
export function retryDelayMs(attempts: number, firstMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);
}

/**
 * One channel's loop: claims a batch of due rows (as many as the channel sends at once), sends them,
 * records each outcome, and goes on until nothing is due. Woken by new rows of this instance, by the
 * poll timer, and by tests.
 */
class DeliveryLane {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    readonly channel: DeliveryChannel,
    private readonly drainOnce: (channel: DeliveryChannel) => Promise<number>,
    private readonly stopped: () => boolean,
  ) {}

  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped()) this.wake();
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (!this.stopped() && (await this.drainOnce(this.channel)) > 0);
  }
}

/**
 * Delivers the notification outbox: on every instance, a lane per enabled channel claims due rows
 * (`FOR UPDATE SKIP LOCKED`, so each row goes to one worker), sends them outside any transaction, and
 * marks them delivered — or due again after a doubling delay, or failed after MAX_ATTEMPTS tries or an
 * answer that will never change. A worker that dies mid-send leaves its rows to be tried again when their
 * lease ends: a message sent just before a crash may then go out twice (see docs/notifications.md).
 * Started when the app has booted; graceful shutdown stops it and waits for the sends in flight.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('NotificationDelivery');
  private readonly lanes: DeliveryLane[];
  private readonly outcomes: Counter<'channel' | 'outcome'>;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private unreadable = false;

  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    email: EmailChannel,
    push: WebPushChannel,
    metrics: Metrics,
  ) {
    const channels: DeliveryChannel[] = [email, push];
    this.lanes = channels
      .filter((channel) => channel.enabled)
      .map(
        (channel) =>
          new DeliveryLane(
            channel,
            (lane) => this.drainOnce(lane),
            () => this.stopped,
          ),
      );
    metrics.gauge('betwixt_outbox_depth', 'Emails and pushes waiting to be delivered (all instances)', () =>
      this.outbox.pendingCount().catch(() => Number.NaN),
    );
    this.outcomes = metrics.counter(
      'betwixt_outbox_deliveries_total',
      'Tries to send an outbox row by channel and outcome (delivered, skipped, retried, failed)',
      ['channel', 'outcome'],
    );
    outbox.onCommitted((written) => this.wake(written));
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Starts claiming: now, and every POLL_MS. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Stops claiming; resolves once the sends in flight have finished and been recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Looks for due rows now (of `channels`, or all). */
  wake(channels?: Set<DeliveryChannelName>): void {
    if (this.stopped) return;
    for (const lane of this.lanes) if (!channels || channels.has(lane.channel.name)) lane.wake();
  }

  /** Resolves once no lane is claiming or sending: whatever was due has been tried. */
  async idle(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.idle()));
  }

  /** Tries everything due now and resolves when done (after a test moves the clock). */
  async deliverDue(): Promise<void> {
    this.wake();
    await this.idle();
  }

  /** One batch: claim, send, record. Answers how many rows it claimed (0: nothing due). */
  private async drainOnce(channel: DeliveryChannel): Promise<number> {
    const now = this.clock.now();
    let batch: ClaimedDelivery[];
    try {
      batch = await this.outbox.claim(
        channel.name,
        channel.concurrency,
        now,
        new Date(now.getTime() + LEASE_MS),
      );
    } catch (error) {
      // The database is away: nothing was claimed, the next poll tries again. Said once, not every second.
      if (!this.unreadable) this.logger.warn({ err: error, channel: channel.name }, 'Outbox not read');
      this.unreadable = true;
      return 0;
    }
    this.unreadable = false;
    await Promise.all(batch.map((delivery) => this.deliverOne(channel, delivery)));
    return batch.length;
  }

  private async deliverOne(channel: DeliveryChannel, delivery: ClaimedDelivery): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      outcome = await channel.deliver(delivery);
    } catch (error) {
      outcome = { status: 'retry', error: errorCode(error) };
    }
    const now = this.clock.now();
    const details = {
      notificationId: delivery.notification.id,
      channel: channel.name,
      attempts: delivery.attempts,
    };
    try {
      if (outcome.status === 'retry' && delivery.attempts < MAX_ATTEMPTS) {
        const delay = retryDelayMs(delivery.attempts, this.config.NOTIFICATION_RETRY_MS);
        await this.outbox.retryLater(
          delivery.id,
          delivery.attempts,
          new Date(now.getTime() + delay),
          outcome.error,
        );
        this.outcomes.inc({ channel: channel.name, outcome: 'retried' });
      } else if (outcome.status === 'retry' || outcome.status === 'failed') {
        await this.outbox.finish(delivery.id, 'failed', now, outcome.error);
        this.outcomes.inc({ channel: channel.name, outcome: 'failed' });
        this.logger.error({ ...details, error: outcome.error }, 'Notification not delivered; given up');
      } else {
        await this.outbox.finish(delivery.id, outcome.status, now);
        this.outcomes.inc({ channel: channel.name, outcome: outcome.status });
      }
    } catch (error) {
      // Not recorded: the row is tried again when its lease ends (a delivered one may then go out twice).
      this.logger.error({ ...details, err: error }, 'Delivery outcome not recorded');
    }
  }
}

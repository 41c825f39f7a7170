import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Clock } from '../../../common/clock.js';
import { Metrics } from '../../../common/metrics/metrics.js';
import { NotificationOutbox } from './notification-outbox.js';

/** Delivered, skipped and failed outbox rows are kept this long (to look into a complaint), then deleted. */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Every hour: forget finished outbox rows older than OUTBOX_RETENTION_MS. Harmless on several instances at once. */
@Injectable()
export class OutboxCleanupJob {
  private readonly logger = new Logger(OutboxCleanupJob.name);

  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'outbox-cleanup', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      const deleted = await this.metrics.recordJob('outbox-cleanup', () => this.cleanUp());
      if (deleted > 0) this.logger.log({ deleted }, 'Deleted finished outbox rows');
    } catch (error) {
      this.logger.error({ err: error }, 'Outbox clean-up failed');
    }
  }

  /** Answers how many rows were deleted. */
  cleanUp(): Promise<number> {
    return this.outbox.deleteFinished(new Date(this.clock.now().getTime() - OUTBOX_RETENTION_MS));
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { Clock } from '../clock.js';
import { Metrics } from '../metrics/metrics.js';

/** How long a stored answer to an Idempotency-Key is replayed; after that the key may be reused. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** Rows per DELETE statement: short statements, no long locks, however many keys piled up. */
const BATCH = 1000;

/**
 * Every ten minutes: forgets the answers to Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_HOURS. A key
 * row is written in one transaction with its operation and answer, so `createdAt` is also when it was
 * completed. Instances running it at the same time skip each other's rows (SKIP LOCKED).
 */
@Injectable()
export class IdempotencyCleanupJob {
  private readonly logger = new Logger(IdempotencyCleanupJob.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'idempotency-cleanup', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      const deleted = await this.metrics.recordJob('idempotency-cleanup', () => this.deleteExpired());
      if (deleted > 0) this.logger.log({ deleted }, 'Forgot expired idempotency keys');
    } catch (error) {
      this.logger.error({ err: error }, 'Idempotency key clean-up failed');
    }
  }

  /** Deletes the expired keys in batches along IDX_idempotency_keys_created; returns how many. */
  async deleteExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
    let total = 0;
    for (;;) {
      const [, deleted] = await this.dataSource.query<[unknown[], number]>(
        `DELETE FROM idempotency_keys k
          USING (SELECT "userId", key FROM idempotency_keys
                  WHERE "createdAt" < $1 ORDER BY "createdAt" LIMIT $2 FOR UPDATE SKIP LOCKED) expired
          WHERE k."userId" = expired."userId" AND k.key = expired.key`,
        [cutoff, BATCH],
      );
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Metrics } from '../../../common/metrics/metrics.js';
import { AdminService } from '../admin.service.js';

/**
 * Every minute: the admin overview's change rows (one per bet or user change that moves a figure) are folded
 * into one, so its read sums a minute's worth of rows at most.
 */
@Injectable()
export class AdminTotalsCompactionJob {
  private readonly logger = new Logger(AdminTotalsCompactionJob.name);

  constructor(
    private readonly admin: AdminService,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'admin-totals-compaction', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      await this.metrics.recordJob('admin-totals-compaction', () => this.admin.compactTotals());
    } catch (error) {
      this.logger.error({ err: error }, 'Admin totals compaction failed');
    }
  }
}

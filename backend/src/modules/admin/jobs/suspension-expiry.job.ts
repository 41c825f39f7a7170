import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Metrics } from '../../../common/metrics/metrics.js';
import { AdminService } from '../admin.service.js';

/** Every minute: suspensions whose time is up end by themselves. */
@Injectable()
export class SuspensionExpiryJob {
  private readonly logger = new Logger(SuspensionExpiryJob.name);

  constructor(
    private readonly admin: AdminService,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'suspension-expiry', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      const lifted = await this.metrics.recordJob('suspension-expiry', () =>
        this.admin.liftExpiredSuspensions(),
      );
      if (lifted > 0) this.logger.log({ lifted }, 'Lifted expired suspensions');
    } catch (error) {
      this.logger.error({ err: error }, 'Suspension expiry job failed');
    }
  }
}

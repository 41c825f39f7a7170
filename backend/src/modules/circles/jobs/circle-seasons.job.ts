import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Metrics } from '../../../common/metrics/metrics.js';
import { CircleSeasons } from '../circle-seasons.service.js';

/** Every minute: end the circles' seasons that are due and start the next ones (once across instances). */
@Injectable()
export class CircleSeasonsJob {
  private readonly logger = new Logger(CircleSeasonsJob.name);

  constructor(
    private readonly seasons: CircleSeasons,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'circle-seasons', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      await this.metrics.recordJob('circle-seasons', () => this.seasons.rollOver());
    } catch (error) {
      this.logger.error({ err: error }, 'Circle seasons job failed');
    }
  }
}

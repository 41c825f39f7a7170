import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { AppConfig } from '../../../config/app-config.js';
import { Metrics } from '../../../common/metrics/metrics.js';
import { CircleSeasons } from '../circle-seasons.service.js';

/**
 * Every CIRCLE_SEASONS_EVERY_SECONDS (a minute unless configured): end the circles' seasons that are due and
 * start the next ones (once across instances). Registered as a cron job, so shutdown waits for a run.
 */
@Injectable()
export class CircleSeasonsJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(CircleSeasonsJob.name);

  constructor(
    private readonly seasons: CircleSeasons,
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.CIRCLE_SEASONS_EVERY_SECONDS;
    const job = CronJob.from({
      cronTime: every === 60 ? '0 * * * * *' : `*/${every} * * * * *`,
      onTick: () => this.run(),
      waitForCompletion: true,
      start: true,
    });
    this.registry.addCronJob('circle-seasons', job);
  }

  async run(): Promise<void> {
    try {
      await this.metrics.recordJob('circle-seasons', () => this.seasons.rollOver());
    } catch (error) {
      this.logger.error({ err: error }, 'Circle seasons job failed');
    }
  }
}

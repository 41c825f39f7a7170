import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Metrics } from '../../../common/metrics/metrics.js';
import { RefereeService } from '../referee.service.js';

/** Every minute: settle unappealed calls whose window ended, remind silent referees, let their bets fall back. */
@Injectable()
export class RefereeCallsJob {
  private readonly logger = new Logger(RefereeCallsJob.name);

  constructor(
    private readonly referees: RefereeService,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'referee-calls', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      const result = await this.metrics.recordJob('referee-calls', () => this.referees.processDue());
      if (result.settled || result.reminded || result.lapsed)
        this.logger.log(result, 'Processed referee calls');
    } catch (error) {
      this.logger.error({ err: error }, 'Referee calls job failed');
    }
  }
}

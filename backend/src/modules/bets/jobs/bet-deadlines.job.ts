import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Metrics } from '../../../common/metrics/metrics.js';
import { BetDeadlinesService } from '../bet-deadlines.service.js';

/** Every minute: expire unanswered challenges, send overdue active bets to admin review, lock due pots. */
@Injectable()
export class BetDeadlinesJob {
  private readonly logger = new Logger(BetDeadlinesJob.name);

  constructor(
    private readonly deadlines: BetDeadlinesService,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'bet-deadlines', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      const result = await this.metrics.recordJob('bet-deadlines', () => this.deadlines.processDeadlines());
      if (result.expired || result.disputed) this.logger.log(result, 'Processed bet deadlines');
      const pots = await this.metrics.recordJob('pot-locks', () => this.deadlines.lockDuePots());
      if (pots.locked) this.logger.log(pots, 'Locked group pots');
    } catch (error) {
      this.logger.error({ err: error }, 'Bet deadline job failed');
    }
  }
}

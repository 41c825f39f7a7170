import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { Metrics } from '../../../common/metrics/metrics.js';
import { BetRemindersService } from '../bet-reminders.service.js';

/** Every minute: remind people of bets that end in about an hour. */
@Injectable()
export class BetRemindersJob {
  private readonly logger = new Logger(BetRemindersJob.name);

  constructor(
    private readonly reminders: BetRemindersService,
    private readonly metrics: Metrics,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: 'bet-reminders', waitForCompletion: true })
  async run(): Promise<void> {
    try {
      const reminded = await this.metrics.recordJob('bet-reminders', () => this.reminders.sendDue());
      if (reminded > 0) this.logger.log({ reminded }, 'Sent expiring-bet reminders');
    } catch (error) {
      this.logger.error({ err: error }, 'Bet reminder job failed');
    }
  }
}

import { Injectable } from '@nestjs/common';
import { Transactor } from '../../database/transactor.js';
import { ActivitiesService } from '../activities/index.js';
import type { UserAnalyticsDto } from './analytics.controller.js';
import { readUserFigures } from './user-figures.js';

@Injectable()
export class AnalyticsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly activities: ActivitiesService,
  ) {}

  async userStats(userId: string): Promise<UserAnalyticsDto> {
    const figures = await this.transactor.read((tx) => readUserFigures(tx, userId));
    const recent = await this.activities.recent(userId, 5);
    return {
      ...figures,
      recentActivity: recent.map((entry) => ({
        description: entry.description,
        date: entry.createdAt,
        amount: entry.amount,
        betId: entry.betId,
      })),
    };
  }
}

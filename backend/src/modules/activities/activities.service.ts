import { Injectable } from '@nestjs/common';
import { Transactor } from '../../database/transactor.js';
import { ActivityFeedRepository } from '../bets/index.js';
import type { ActivityDto } from './activities.controller.js';

@Injectable()
export class ActivitiesService {
  constructor(
    private readonly transactor: Transactor,
    private readonly feed: ActivityFeedRepository,
  ) {}

  /** The user's own activity lines, newest first, with the money a win or loss meant. One query. */
  async recent(userId: string, limit: number, before?: number): Promise<ActivityDto[]> {
    const rows = await this.transactor.read((tx) =>
      this.feed.recent(tx, userId, Math.min(Math.max(limit, 1), 100), before ?? null),
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}

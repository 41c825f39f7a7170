import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { AuditModule } from '../audit/index.js';
import { FriendsModule } from '../friends/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { UsersModule } from '../users/index.js';
import { CircleComments } from './circle-comments.service.js';
import { CircleFeed } from './circle-feed.service.js';
import { CirclePeople } from './circle-people.js';
import { CircleSeasons } from './circle-seasons.service.js';
import { CirclesController } from './circles.controller.js';
import { CirclesRepository } from './circles.repository.js';
import { CirclesService } from './circles.service.js';
import { CommentRateLimitGuard } from './comment-rate-limit.guard.js';
import { FeedController } from './feed.controller.js';
import { CircleSeasonsJob } from './jobs/circle-seasons.job.js';

/**
 * Circles: friend groups with a feed of the bets they post there, comments and reactions, seasons and a
 * leaderboard. Bets tells it about posted bets through CircleFeed (it never reads the bets table).
 */
@Module({
  imports: [UsersModule, FriendsModule, NotificationsModule, AuditModule],
  controllers: [CirclesController, FeedController],
  providers: [
    transactorProvider,
    CirclesRepository,
    CirclePeople,
    CirclesService,
    CircleSeasons,
    CircleFeed,
    CircleComments,
    CommentRateLimitGuard,
    CircleSeasonsJob,
  ],
  exports: [CircleFeed],
})
export class CirclesModule {}

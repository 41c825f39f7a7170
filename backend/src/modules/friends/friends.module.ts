import { Module } from '@nestjs/common';
import { BetsTogether } from './bets-together.js';
import { UsersModule } from '../users/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { FriendsController } from './friends.controller.js';
import { transactorProvider } from '../../database/transactor.js';
import { FriendRequestsFromFriends } from './plugs/friend-requests-from-friends.js';
import { FriendsRepository } from './friends.repository.js';
import { FriendsService } from './friends.service.js';
import { RelationsService } from './relations.service.js';
import { HeadToHeadService } from './head-to-head.service.js';
import { PeopleController } from './people.controller.js';
import { InvitesController } from './invites/invites.controller.js';
import { InvitesRepository } from './invites/invites.repository.js';
import { InvitesService } from './invites/invites.service.js';
import { PeopleRepository } from './people.repository.js';
import { PeopleService } from './people.service.js';
import { SearchRateLimitGuard } from './search-rate-limit.guard.js';

/**
 * People: search, suggestions and profiles under /api/users; requests, friends, people you may know and
 * rivalries under /api/friends; personal invite links under /api/invites.
 */
@Module({
  imports: [UsersModule, NotificationsModule],
  controllers: [PeopleController, FriendsController, InvitesController],
  providers: [
    transactorProvider,
    BetsTogether,
    FriendsRepository,
    FriendRequestsFromFriends,
    PeopleRepository,
    InvitesRepository,
    RelationsService,
    FriendsService,
    PeopleService,
    HeadToHeadService,
    InvitesService,
    SearchRateLimitGuard,
  ],
  exports: [BetsTogether, FriendsService, RelationsService, FriendsRepository],
})
export class FriendsModule {}

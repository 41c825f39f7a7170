import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { FriendsController } from './friends.controller.js';
import { FriendsService } from './friends.service.js';
import { Friendship } from './friendship.entity.js';
import { HeadToHeadService } from './head-to-head.service.js';
import { PeopleController } from './people.controller.js';
import { PeopleService } from './people.service.js';

/** People: search, suggestions and profiles under /api/users; requests, friends and rivalries under /api/friends. */
@Module({
  imports: [TypeOrmModule.forFeature([Friendship]), NotificationsModule],
  controllers: [PeopleController, FriendsController],
  providers: [FriendsService, PeopleService, HeadToHeadService],
  exports: [FriendsService],
})
export class FriendsModule {}

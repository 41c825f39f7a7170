import { FriendsModule } from '../friends/index.js';
import { Module } from '@nestjs/common';
import { UsersModule } from '../users/index.js';
import { ProfilePicturesController } from './profile-pictures.controller.js';
import { ProfilePicturesService } from './profile-pictures.service.js';

/** Profile pictures: upload, removal and serving under /api/users (bodies parsed by acceptPictureBodies). */
@Module({
  imports: [FriendsModule, UsersModule],
  controllers: [ProfilePicturesController],
  providers: [ProfilePicturesService],
})
export class ProfilePicturesModule {}

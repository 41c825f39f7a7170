import { FriendsModule } from '../friends/index.js';
import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { UsersModule } from '../users/index.js';
import { ProfilePicturesController } from './profile-pictures.controller.js';
import { ProfilePicturesRepository } from './profile-pictures.repository.js';
import { ProfilePicturesService } from './profile-pictures.service.js';

/** Profile pictures: upload, removal and serving under /api/users (bodies parsed by acceptPictureBodies). */
@Module({
  imports: [FriendsModule, UsersModule],
  controllers: [ProfilePicturesController],
  providers: [transactorProvider, ProfilePicturesRepository, ProfilePicturesService],
})
export class ProfilePicturesModule {}

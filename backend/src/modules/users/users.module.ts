import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDeletionParticipants } from './account-deletion-participants.js';
import { User } from './user.entity.js';
import { RelationsService } from './relations.service.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [RelationsService, UsersService, AccountDeletionParticipants],
  exports: [RelationsService, UsersService, AccountDeletionParticipants, TypeOrmModule],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDeletionParticipants } from './account-deletion-participants.js';
import { AccountStanding } from './account-standing.js';
import { User } from './user.entity.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [AccountStanding, UsersService, AccountDeletionParticipants],
  exports: [AccountStanding, UsersService, AccountDeletionParticipants, TypeOrmModule],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { transactorProvider } from '../../database/transactor.js';
import { AccountDeletionParticipants } from './account-deletion-participants.js';
import { AccountStanding } from './account-standing.js';
import { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [
    transactorProvider,
    AccountStanding,
    UsersRepository,
    UsersService,
    AccountDeletionParticipants,
  ],
  exports: [AccountStanding, UsersService, AccountDeletionParticipants, TypeOrmModule],
})
export class UsersModule {}

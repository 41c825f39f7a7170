import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { AccountDeletionParticipants } from './account-deletion-participants.js';
import { AccountStanding } from './account-standing.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  providers: [
    transactorProvider,
    AccountStanding,
    UsersRepository,
    UsersService,
    AccountDeletionParticipants,
  ],
  exports: [AccountStanding, UsersService, AccountDeletionParticipants],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { AccountDeletionParticipants } from './account-deletion-participants.js';
import { AccountStanding } from './account-standing.js';
import { AccountsRepository } from './accounts.repository.js';
import { CredentialsRepository } from './credentials.repository.js';
import { BetRecords } from './bet-records.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  providers: [
    transactorProvider,
    AccountStanding,
    AccountsRepository,
    CredentialsRepository,
    UsersRepository,
    UsersService,
    AccountDeletionParticipants,
    BetRecords,
  ],
  exports: [
    AccountStanding,
    AccountsRepository,
    CredentialsRepository,
    UsersService,
    AccountDeletionParticipants,
    BetRecords,
  ],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { BetsModule } from '../bets/bets.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { BetsDeletionParticipant } from './bets-deletion.participant.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({
  imports: [UsersModule, BetsModule],
  controllers: [SettingsController],
  providers: [SettingsService, AccountDeletionService, BetsDeletionParticipant],
  exports: [AccountDeletionService],
})
export class SettingsModule {}

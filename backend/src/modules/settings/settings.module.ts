import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { AuthModule } from '../auth/index.js';
import { BetsModule } from '../bets/index.js';
import { FriendsModule } from '../friends/index.js';
import { UsersModule } from '../users/index.js';
import { WalletModule } from '../wallet/index.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({
  imports: [AuthModule, BetsModule, FriendsModule, UsersModule, WalletModule],
  controllers: [SettingsController],
  providers: [transactorProvider, SettingsService, AccountDeletionService],
  exports: [AccountDeletionService],
})
export class SettingsModule {}

import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({
  imports: [UsersModule],
  controllers: [SettingsController],
  providers: [SettingsService, AccountDeletionService],
  exports: [AccountDeletionService],
})
export class SettingsModule {}

import { Module } from '@nestjs/common';
import { BetsModule } from '../bets/bets.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { AuditTrail } from './audit-trail.service.js';
import { SuspensionExpiryJob } from './jobs/suspension-expiry.job.js';
import { ModerationNoticesController } from './moderation-notices.controller.js';

@Module({
  imports: [BetsModule, SettingsModule, WalletModule, NotificationsModule],
  controllers: [AdminController, ModerationNoticesController],
  providers: [AdminService, AuditTrail, SuspensionExpiryJob],
})
export class AdminModule {}

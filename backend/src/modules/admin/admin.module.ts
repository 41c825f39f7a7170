import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { BetsModule } from '../bets/bets.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { AdminController } from './admin.controller.js';
import { transactorProvider } from '../../database/transactor.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService } from './admin.service.js';
import { AuditModule } from '../audit/audit.module.js';
import { AdminTotalsCompactionJob } from './jobs/admin-totals-compaction.job.js';
import { SuspensionExpiryJob } from './jobs/suspension-expiry.job.js';
import { ModerationNoticesController } from './moderation-notices.controller.js';

@Module({
  imports: [
    AuditModule,
    AuthModule,
    BetsModule,
    SettingsModule,
    WalletModule,
    NotificationsModule,
    IdempotencyModule,
  ],
  controllers: [AdminController, ModerationNoticesController],
  providers: [
    transactorProvider,
    AdminRepository,
    AdminService,
    SuspensionExpiryJob,
    AdminTotalsCompactionJob,
  ],
})
export class AdminModule {}

import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module.js';
import { AuthModule } from '../auth/index.js';
import { BetsModule } from '../bets/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { SettingsModule } from '../settings/index.js';
import { UsersModule } from '../users/index.js';
import { WalletModule } from '../wallet/index.js';
import { AdminController } from './admin.controller.js';
import { transactorProvider } from '../../database/transactor.js';
import { AdminRepository } from './admin.repository.js';
import { AdminService } from './admin.service.js';
import { AuditModule } from '../audit/index.js';
import { AdminTotalsCompactionJob } from './jobs/admin-totals-compaction.job.js';
import { SuspensionExpiryJob } from './jobs/suspension-expiry.job.js';
import { ModerationNoticesController } from './moderation-notices.controller.js';

@Module({
  imports: [
    AuditModule,
    AuthModule,
    BetsModule,
    SettingsModule,
    UsersModule,
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

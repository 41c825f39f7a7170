import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from './common/auth/access.guard.js';
import { SessionStrategy } from './common/auth/session.strategy.js';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import { IdempotencyModule } from './common/idempotency/idempotency.module.js';
import { LifecycleModule } from './common/lifecycle/drain-state.js';
import { MetricsModule } from './common/metrics/metrics.js';
import { RedisModule } from './common/redis/redis.module.js';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { ActivitiesModule } from './modules/activities/activities.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { BetsModule } from './modules/bets/bets.module.js';
import { CirclesModule } from './modules/circles/circles.module.js';
import { FriendsModule } from './modules/friends/friends.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { ProfilePicturesModule } from './modules/pictures/profile-pictures.module.js';
import { ReadPoolModule } from './database/read-pool.js';
import { HealthModule } from './modules/health/health.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { WalletModule } from './modules/wallet/wallet.module.js';

@Module({})
export class AppModule {
  /** `config` is fully resolved: database URL and secrets are known before Nest starts. */
  static forConfig(config: AppConfig, databaseUrl: string, extraImports: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forConfig(config),
        TypeOrmModule.forRoot(dataSourceOptions(databaseUrl, config.databasePoolSize)),
        ReadPoolModule,
        ScheduleModule.forRoot(),
        LifecycleModule,
        RedisModule,
        MetricsModule,
        IdempotencyModule,
        AuthModule,
        UsersModule,
        WalletModule,
        BetsModule,
        CirclesModule,
        FriendsModule,
        ActivitiesModule,
        AnalyticsModule,
        HealthModule,
        SettingsModule,
        AdminModule,
        NotificationsModule,
        ProfilePicturesModule,
        ...extraImports,
      ],
      providers: [
        SessionStrategy,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}

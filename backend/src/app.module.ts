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
import { ActivitiesModule } from './modules/activities/index.js';
import { AnalyticsModule } from './modules/analytics/index.js';
import { AdminModule } from './modules/admin/index.js';
import { AuthModule } from './modules/auth/index.js';
import { SettingsModule } from './modules/settings/index.js';
import { BetsModule } from './modules/bets/index.js';
import { CirclesModule } from './modules/circles/index.js';
import { FriendsModule } from './modules/friends/index.js';
import { NotificationsModule } from './modules/notifications/index.js';
import { ProfilePicturesModule } from './modules/pictures/index.js';
import { ReadPoolModule } from './database/read-pool.js';
import { HealthModule } from './modules/health/index.js';
import { UsersModule } from './modules/users/index.js';
import { WalletModule } from './modules/wallet/index.js';

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

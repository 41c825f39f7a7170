import { type DynamicModule, Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { AppConfig } from './app-config.js';

/** Makes the resolved configuration and the clock injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useValue: config }, Clock],
      exports: [AppConfig, Clock],
    };
  }
}

import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { ActivitiesModule } from '../activities/index.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';

@Module({
  imports: [ActivitiesModule],
  controllers: [AnalyticsController],
  providers: [transactorProvider, AnalyticsService],
})
export class AnalyticsModule {}

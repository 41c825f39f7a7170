import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { ActivitiesModule } from '../activities/index.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';

@Module({
  imports: [ActivitiesModule],
  controllers: [AnalyticsController],
  providers: [transactorProvider, AnalyticsRepository, AnalyticsService],
})
export class AnalyticsModule {}

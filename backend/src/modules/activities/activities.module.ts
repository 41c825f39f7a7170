import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { BetsModule } from '../bets/index.js';
import { ActivitiesController } from './activities.controller.js';
import { ActivitiesService } from './activities.service.js';

@Module({
  // The feed's lines are bets' rows: bets lends the repository that reads them.
  imports: [BetsModule],
  controllers: [ActivitiesController],
  providers: [transactorProvider, ActivitiesService],
  exports: [ActivitiesService],
})
export class ActivitiesModule {}

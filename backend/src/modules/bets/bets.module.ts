import { FriendsModule } from '../friends/index.js';
import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module.js';
import { AuditModule } from '../audit/index.js';
import { CirclesModule } from '../circles/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { UsersModule } from '../users/index.js';
import { WalletModule } from '../wallet/index.js';
import { ActivityFeedRepository } from './activity-feed.repository.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { BetPageService } from './bet-page.service.js';
import { BetReadsRepository } from './bet-reads.repository.js';
import { BetRemindersService } from './bet-reminders.service.js';
import { BetsReadService } from './bets-read.service.js';
import { BetsController } from './bets.controller.js';
import { BetDeadlinesService } from './bet-deadlines.service.js';
import { transactorProvider } from '../../database/transactor.js';
import { BetReportsService } from './bet-reports.service.js';
import { BetResolutionsService } from './bet-resolutions.service.js';
import { BetsRepository } from './bets.repository.js';
import { BetTransitions } from './bet-transitions.js';
import { EscrowFromBets } from './plugs/escrow-from-bets.js';
import { BetsTogetherFromBets } from './plugs/bets-together-from-bets.js';
import { BetRecordsFromBets } from './plugs/bet-records-from-bets.js';
import { BetSubjectsFromBets } from './plugs/bet-subjects-from-bets.js';
import { BetsDeletionParticipant } from './bets-deletion.participant.js';
import { BetsExport } from './bets-export.js';
import { BetsService } from './bets.service.js';
import { BetParticipantsRepository } from './bet-participants.repository.js';
import { PotsService } from './pots.service.js';
import { ChallengesController } from './challenges.controller.js';
import { DisputeStatementsRepository } from './dispute-statements.repository.js';
import { DisputeStatementsService } from './dispute-statements.service.js';
import { BetDeadlinesJob } from './jobs/bet-deadlines.job.js';
import { BetRemindersJob } from './jobs/bet-reminders.job.js';
import { RefereeCallsJob } from './jobs/referee-calls.job.js';
import { CounterOffersService } from './counter-offers.service.js';
import { RefereeRepository } from './referee.repository.js';
import { RefereeRules } from './referee-rules.js';
import { RefereeService } from './referee.service.js';
import { RefereesController } from './referees.controller.js';

@Module({
  imports: [
    AuditModule,
    CirclesModule,
    FriendsModule,
    UsersModule,
    WalletModule,
    NotificationsModule,
    IdempotencyModule,
  ],
  controllers: [BetsController, ChallengesController, RefereesController],
  providers: [
    transactorProvider,
    ActivityFeedRepository,
    BetsRepository,
    BetParticipantsRepository,
    BetsService,
    PotsService,
    BetReportsService,
    BetTransitions,
    BetResolutionsService,
    BetDeadlinesService,
    BetsDeletionParticipant,
    EscrowFromBets,
    BetsTogetherFromBets,
    BetRecordsFromBets,
    BetSubjectsFromBets,
    BetReadsRepository,
    BetsReadService,
    BetPageService,
    DisputeStatementsRepository,
    DisputeStatementsService,
    BetActivityRecorder,
    BetDeadlinesJob,
    BetRemindersService,
    BetRemindersJob,
    RefereeRules,
    RefereeRepository,
    RefereeService,
    CounterOffersService,
    RefereeCallsJob,
    BetsExport,
  ],
  exports: [
    ActivityFeedRepository,
    BetActivityRecorder,
    BetsExport,
    BetsService,
    BetReportsService,
    BetsReadService,
    BetRemindersService,
    BetsDeletionParticipant,
    RefereeService,
    CounterOffersService,
  ],
})
export class BetsModule {}

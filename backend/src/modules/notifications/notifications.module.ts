import { Module } from '@nestjs/common';
import { transactorProvider } from '../../database/transactor.js';
import { AuthModule } from '../auth/index.js';
import { UsersModule } from '../users/index.js';
import { BetSubjects } from './bet-subjects.js';
import { FriendRequests } from './friend-requests.js';
import { NotificationOutbox } from './delivery/notification-outbox.js';
import { OutboxCleanupJob } from './delivery/outbox-cleanup.job.js';
import { OutboxWorker } from './delivery/outbox-worker.js';
import { EmailChannel } from './email/email.channel.js';
import { MailModule } from '../../common/mail/mail.module.js';
import { NotificationsController, LiveEventsController } from './notifications.controller.js';
import { NotificationsDeletionParticipant } from './notifications-deletion.participant.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { PushController } from './push/push.controller.js';
import { PushEndpointPolicy } from './push/push-endpoint-policy.js';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository.js';
import { PushSubscriptionsService } from './push/push-subscriptions.service.js';
import { WebPushChannel } from './push/web-push.channel.js';
import { WebPushSender } from './push/web-push-sender.js';
import { LiveStreams } from './realtime/live-streams.service.js';
import { RealtimeHub } from './realtime/realtime-hub.js';

/**
 * The notification centre, the live event stream and its fan-out between instances, and email and Web
 * Push delivered from the outbox.
 */
@Module({
  imports: [AuthModule, UsersModule, MailModule],
  controllers: [NotificationsController, LiveEventsController, PushController],
  providers: [
    transactorProvider,
    NotificationsRepository,
    BetSubjects,
    FriendRequests,
    PushSubscriptionsRepository,
    NotificationsService,
    RealtimeHub,
    LiveStreams,
    NotificationsDeletionParticipant,
    PushEndpointPolicy,
    PushSubscriptionsService,
    WebPushSender,
    WebPushChannel,
    EmailChannel,
    NotificationOutbox,
    OutboxWorker,
    OutboxCleanupJob,
  ],
  exports: [BetSubjects, FriendRequests, NotificationsService],
})
export class NotificationsModule {}

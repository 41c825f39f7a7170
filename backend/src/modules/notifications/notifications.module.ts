import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { EmailChannel } from './email/email.channel.js';
import { EmailRecipientsRepository } from './email/email-recipients.repository.js';
import { MailSender } from './email/mail-sender.js';
import { NotificationsController, LiveEventsController } from './notifications.controller.js';
import { NotificationsDeletionParticipant } from './notifications-deletion.participant.js';
import { NotificationsService } from './notifications.service.js';
import { PushController } from './push/push.controller.js';
import { PushEndpointPolicy } from './push/push-endpoint-policy.js';
import { PushSubscriptionsService } from './push/push-subscriptions.service.js';
import { WebPushChannel } from './push/web-push.channel.js';
import { WebPushSender } from './push/web-push-sender.js';
import { LiveStreams } from './realtime/live-streams.service.js';
import { RealtimeHub } from './realtime/realtime-hub.js';

/** The notification centre, the live event stream and its fan-out between instances, email and Web Push. */
@Module({
  imports: [UsersModule],
  controllers: [NotificationsController, LiveEventsController, PushController],
  providers: [
    NotificationsService,
    RealtimeHub,
    LiveStreams,
    NotificationsDeletionParticipant,
    PushEndpointPolicy,
    PushSubscriptionsService,
    WebPushSender,
    WebPushChannel,
    EmailRecipientsRepository,
    MailSender,
    EmailChannel,
  ],
  exports: [NotificationsService],
})
export class NotificationsModule {}

import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { EmailChannel } from './email/email.channel.js';
import { EmailRecipientsRepository } from './email/email-recipients.repository.js';
import { MailSender } from './email/mail-sender.js';
import { NotificationsController, LiveEventsController } from './notifications.controller.js';
import { NotificationsDeletionParticipant } from './notifications-deletion.participant.js';
import { NotificationsService } from './notifications.service.js';
import { LiveStreams } from './realtime/live-streams.service.js';
import { RealtimeHub } from './realtime/realtime-hub.js';

/** The notification centre, the live event stream, and the fan-out between instances. */
@Module({
  imports: [UsersModule],
  controllers: [NotificationsController, LiveEventsController],
  providers: [
    NotificationsService,
    RealtimeHub,
    LiveStreams,
    NotificationsDeletionParticipant,
    EmailRecipientsRepository,
    MailSender,
    EmailChannel,
  ],
  exports: [NotificationsService],
})
export class NotificationsModule {}

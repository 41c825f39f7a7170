import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { QueuedChannel } from '../delivery/queued-channel.js';
import type { NotificationDto } from '../dto/notification.dto.js';
import { NotificationsService } from '../notifications.service.js';
import { emailMessage, isDeliverableAddress, isEmailed } from './email-message.js';
import { EmailRecipientsRepository, type EmailRecipient } from './email-recipients.repository.js';
import { MailSender, MAX_SMTP_CONNECTIONS } from './mail-sender.js';

/** Emails waiting beyond this are dropped (and logged): a backlog that large is stale anyway. */
const MAX_WAITING_EMAILS = 1_000;

/**
 * Emails each committed notification of an emailed type (see EMAILED_TYPES) to its recipient, when they
 * have email notifications on, are neither deleted nor banned, and have a real address.
 */
@Injectable()
export class EmailChannel extends QueuedChannel<EmailRecipient> implements OnModuleInit {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly recipients: EmailRecipientsRepository,
    private readonly sender: MailSender,
    private readonly config: AppConfig,
  ) {
    super(MAX_SMTP_CONNECTIONS, MAX_WAITING_EMAILS);
  }

  onModuleInit(): void {
    if (!this.sender.enabled) {
      this.logger.log('Email notifications are off: SMTP_URL is not set');
      return;
    }
    this.notifications.addChannel(this);
  }

  protected override accepts(notification: NotificationDto): boolean {
    return isEmailed(notification.type);
  }

  protected override async targets(notificationIds: number[]): Promise<EmailRecipient[]> {
    const recipients = await this.recipients.forNotifications(notificationIds);
    return recipients.filter((recipient) => isDeliverableAddress(recipient.email));
  }

  protected override async send(notification: NotificationDto, recipient: EmailRecipient): Promise<void> {
    try {
      await this.sender.send(recipient.email, emailMessage(notification, this.config.publicUrl));
    } catch (error) {
      // The address is personal data: the notification id is enough to trace it.
      this.logger.warn({ err: error, notificationId: notification.id }, 'Email not delivered');
    }
  }
}

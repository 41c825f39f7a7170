import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { DeliveryChannel, errorCode, type DeliveryOutcome } from '../delivery/delivery-channel.js';
import type { ClaimedDelivery } from '../delivery/notification-outbox.js';
import { emailMessage, isDeliverableAddress } from './email-message.js';
import { MailSender, MAX_SMTP_CONNECTIONS } from '../../../common/mail/mail-sender.js';

/**
 * Emails a notification (an outbox row written for each notification of an emailed type, see
 * EMAILED_TYPES) to its recipient — if they still have email notifications on, are neither deleted nor
 * banned, and have a real address. A permanent SMTP refusal (5xx) is final; anything else is retried.
 */
@Injectable()
export class EmailChannel extends DeliveryChannel implements OnModuleInit {
  readonly name = 'email';
  readonly concurrency = MAX_SMTP_CONNECTIONS;
  private readonly logger = new Logger(EmailChannel.name);

  constructor(
    private readonly sender: MailSender,
    private readonly config: AppConfig,
  ) {
    super();
  }

  get enabled(): boolean {
    return this.sender.enabled;
  }

  onModuleInit(): void {
    if (!this.enabled) this.logger.log('Email notifications are off: SMTP_URL is not set');
  }

  async deliver({ notification, recipient, attempts }: ClaimedDelivery): Promise<DeliveryOutcome> {
    if (!recipient.active || !recipient.emailNotifications) {
      return { status: 'skipped', reason: 'recipient takes no email now' };
    }
    if (!isDeliverableAddress(recipient.email)) return { status: 'skipped', reason: 'no real address' };
    try {
      await this.sender.send(recipient.email, emailMessage(notification, this.config.publicUrl));
      return { status: 'delivered' };
    } catch (error) {
      // The address is personal data: the notification id is enough to trace it.
      this.logger.warn({ err: error, notificationId: notification.id, attempts }, 'Email not delivered');
      const code = (error as { responseCode?: unknown }).responseCode;
      const permanent = typeof code === 'number' && code >= 500;
      return { status: permanent ? 'failed' : 'retry', error: errorCode(error) };
    }
  }
}

import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import type { NotificationDto } from '../dto/notification.dto.js';
import { NotificationChannel, NotificationsService } from '../notifications.service.js';
import { emailMessage, isDeliverableAddress, isEmailed } from './email-message.js';
import { EmailRecipientsRepository } from './email-recipients.repository.js';
import { MailSender, MAX_SMTP_CONNECTIONS } from './mail-sender.js';
import { TaskQueue } from './task-queue.js';

/** Emails waiting beyond this are dropped (and logged): a backlog that large is stale anyway. */
const MAX_WAITING_EMAILS = 1_000;
/** How long shutdown waits for emails being sent. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Emails each committed notification of an emailed type (see EMAILED_TYPES) to its recipient, when they
 * have email notifications on, are neither deleted nor banned, and have a real address. It runs after
 * the use case has committed and answered: nothing here can slow down or fail it. Failures are logged.
 */
@Injectable()
export class EmailChannel extends NotificationChannel implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(EmailChannel.name);
  private readonly lookups = new Set<Promise<void>>();
  private readonly queue = new TaskQueue(MAX_SMTP_CONNECTIONS, MAX_WAITING_EMAILS);

  constructor(
    private readonly notifications: NotificationsService,
    private readonly recipients: EmailRecipientsRepository,
    private readonly sender: MailSender,
    private readonly config: AppConfig,
  ) {
    super();
  }

  onModuleInit(): void {
    if (!this.sender.enabled) {
      this.logger.log('Email notifications are off: SMTP_URL is not set');
      return;
    }
    this.notifications.addChannel(this);
  }

  deliver(notifications: NotificationDto[]): void {
    const emailed = notifications.filter((notification) => isEmailed(notification.type));
    if (emailed.length === 0) return;
    const lookup = this.enqueue(emailed)
      .catch((error: unknown) => this.logger.error({ err: error }, 'Email recipients not loaded'))
      .finally(() => this.lookups.delete(lookup));
    this.lookups.add(lookup);
  }

  /** Resolves once every email started so far has been sent or given up (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.lookups.size > 0 || this.queue.size > 0) {
      await Promise.allSettled([...this.lookups]);
      await this.queue.idle();
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.race([this.idle(), grace]);
    clearTimeout(timer);
  }

  private async enqueue(notifications: NotificationDto[]): Promise<void> {
    const byId = new Map(notifications.map((notification) => [notification.id, notification]));
    for (const recipient of await this.recipients.forNotifications([...byId.keys()])) {
      const notification = byId.get(recipient.notificationId);
      if (!notification || !isDeliverableAddress(recipient.email)) continue;
      const queued = this.queue.push(() => this.send(recipient.email, notification));
      if (!queued) this.logger.warn({ notificationId: notification.id }, 'Email backlog full; email dropped');
    }
  }

  private async send(to: string, notification: NotificationDto): Promise<void> {
    try {
      await this.sender.send(to, emailMessage(notification, this.config.publicUrl));
    } catch (error) {
      // The address is personal data: the notification id is enough to trace it.
      this.logger.warn({ err: error, notificationId: notification.id }, 'Email not delivered');
    }
  }
}

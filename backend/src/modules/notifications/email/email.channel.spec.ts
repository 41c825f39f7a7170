import { Logger } from '@nestjs/common';
import { loadConfig } from '../../../config/app-config.js';
import type { NotificationDto } from '../dto/notification.dto.js';
import type { NotificationsService } from '../notifications.service.js';
import { EmailChannel } from './email.channel.js';
import type { EmailContent } from './email-message.js';
import type { EmailRecipient, EmailRecipientsRepository } from './email-recipients.repository.js';
import type { MailSender } from './mail-sender.js';

const notice = (id: number, type: NotificationDto['type']): NotificationDto => ({
  id,
  type,
  category: 'betUpdates',
  title: `Title ${id}`,
  body: `Body ${id}`,
  url: `/?bet=${id}`,
  betId: id,
  betStatus: null,
  amount: null,
  readAt: null,
  createdAt: new Date(0).toISOString(),
});

function setup(options: { enabled?: boolean; recipients?: EmailRecipient[]; fail?: boolean } = {}) {
  const sent: { to: string; content: EmailContent }[] = [];
  const lookups: number[][] = [];
  const channels: unknown[] = [];
  const notifications = { addChannel: (channel: unknown) => channels.push(channel) };
  const recipients = {
    forNotifications: (ids: number[]) => {
      lookups.push(ids);
      return Promise.resolve(options.recipients ?? []);
    },
  };
  const sender = {
    enabled: options.enabled ?? true,
    send: (to: string, content: EmailContent) => {
      if (options.fail) return Promise.reject(new Error('550 refused'));
      sent.push({ to, content });
      return Promise.resolve();
    },
  };
  const sut = new EmailChannel(
    notifications as unknown as NotificationsService,
    recipients as unknown as EmailRecipientsRepository,
    sender as unknown as MailSender,
    loadConfig({ PUBLIC_URL: 'https://betwixt.example.com' }),
  );
  return { sut, sent, lookups, channels };
}

describe('EmailChannel', () => {
  afterEach(() => jest.restoreAllMocks());

  it('without SMTP_URL registers nothing and says so once, at info level', () => {
    const info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { sut, channels } = setup({ enabled: false });
    sut.onModuleInit();
    expect(channels).toEqual([]);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith('Email notifications are off: SMTP_URL is not set');
  });

  it('registers itself when SMTP is configured', () => {
    const { sut, channels } = setup();
    sut.onModuleInit();
    expect(channels).toEqual([sut]);
  });

  it('looks the batch up once, skips unemailed types and placeholder addresses, and sends the rest', async () => {
    const { sut, sent, lookups } = setup({
      recipients: [
        { notificationId: 1, email: 'bob@example.com' },
        { notificationId: 3, email: 'deleted-x@deleted.invalid' },
        { notificationId: 4, email: 'carol@example.com' },
      ],
    });
    sut.deliver([
      notice(1, 'bet_received'),
      notice(2, 'result_submitted'),
      notice(3, 'bet_received'),
      notice(4, 'moderation'),
    ]);
    await sut.idle();
    expect(lookups).toEqual([[1, 3, 4]]);
    expect(sent.map((item) => [item.to, item.content.subject])).toEqual([
      ['bob@example.com', 'Title 1'],
      ['carol@example.com', 'Title 4'],
    ]);
    expect(sent[0]?.content.text).toContain('https://betwixt.example.com/?bet=1');
  });

  it('does not even look up a batch with nothing to email', async () => {
    const { sut, lookups } = setup();
    sut.deliver([notice(2, 'result_submitted')]);
    await sut.idle();
    expect(lookups).toEqual([]);
  });

  it('logs a failed send and never throws', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { sut } = setup({ fail: true, recipients: [{ notificationId: 1, email: 'bob@example.com' }] });
    expect(() => sut.deliver([notice(1, 'bet_received')])).not.toThrow();
    await sut.idle();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ notificationId: 1 }), 'Email not delivered');
  });
});

import { Logger } from '@nestjs/common';
import { loadConfig } from '../../../config/app-config.js';
import type { ClaimedDelivery } from '../delivery/notification-outbox.js';
import { EmailChannel } from './email.channel.js';
import type { EmailContent, MailSender } from '../../../common/mail/mail-sender.js';

function claimed(recipient: Partial<ClaimedDelivery['recipient']> = {}): ClaimedDelivery {
  return {
    id: 7,
    channel: 'email',
    attempts: 1,
    notification: {
      id: 42,
      type: 'bet_received',
      category: 'betUpdates',
      title: 'New challenge from avery',
      body: 'Body',
      url: '/bets/42',
      betId: 42,
    },
    recipient: {
      email: 'bob@example.com',
      emailNotifications: true,
      pushNotifications: true,
      active: true,
      ...recipient,
    },
    subscription: null,
  };
}

function setup(options: { enabled?: boolean; fail?: Error } = {}) {
  const sent: { to: string; content: EmailContent }[] = [];
  const sender = {
    enabled: options.enabled ?? true,
    send: (to: string, content: EmailContent) => {
      if (options.fail) return Promise.reject(options.fail);
      sent.push({ to, content });
      return Promise.resolve();
    },
  };
  const sut = new EmailChannel(
    sender as unknown as MailSender,
    loadConfig({ PUBLIC_URL: 'https://betwixt.example.com' }),
  );
  return { sut, sent };
}

const smtpError = (responseCode: number) => Object.assign(new Error(`${responseCode} no`), { responseCode });

describe('EmailChannel', () => {
  afterEach(() => jest.restoreAllMocks());

  it('without SMTP_URL is disabled and says so once, at info level', () => {
    const info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { sut } = setup({ enabled: false });
    sut.onModuleInit();
    expect(sut.enabled).toBe(false);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith('Email notifications are off: SMTP_URL is not set');
  });

  it('sends the notification to the recipient with an absolute link', async () => {
    const { sut, sent } = setup();
    await expect(sut.deliver(claimed())).resolves.toEqual({ status: 'delivered' });
    expect(sent.map((item) => [item.to, item.content.subject])).toEqual([
      ['bob@example.com', 'New challenge from avery'],
    ]);
    expect(sent[0]?.content.text).toContain('https://betwixt.example.com/bets/42');
  });

  it.each([
    ['email notifications switched off since', { emailNotifications: false }],
    ['deleted or banned since', { active: false }],
    ['a placeholder address', { email: 'deleted-x@deleted.invalid' }],
  ])('skips a recipient with %s', async (_case, recipient) => {
    const { sut, sent } = setup();
    await expect(sut.deliver(claimed(recipient))).resolves.toMatchObject({ status: 'skipped' });
    expect(sent).toEqual([]);
  });

  it('gives up on a permanent refusal (5xx), retries a temporary one (4xx) or an unreachable server', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await expect(setup({ fail: smtpError(550) }).sut.deliver(claimed())).resolves.toEqual({
      status: 'failed',
      error: 'SMTP 550',
    });
    await expect(setup({ fail: smtpError(451) }).sut.deliver(claimed())).resolves.toEqual({
      status: 'retry',
      error: 'SMTP 451',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(setup({ fail: refused }).sut.deliver(claimed())).resolves.toEqual({
      status: 'retry',
      error: 'ECONNREFUSED',
    });
  });

  it('logs a failed send with the notification id, never the address', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await setup({ fail: smtpError(451) }).sut.deliver(claimed());
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ notificationId: 42, attempts: 1 }),
      'Email not delivered',
    );
    expect(JSON.stringify(warn.mock.calls[0]?.[0])).not.toContain('bob@example.com');
  });
});

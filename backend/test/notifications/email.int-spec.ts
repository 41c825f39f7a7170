import { Logger } from '@nestjs/common';
import { OutboxWorker } from '../../src/modules/notifications/delivery/outbox-worker.js';
import { betBody, pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { closedPort, notificationTo, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC_URL = 'https://betwixt.example.com';

describe('email notifications', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  afterEach(() => jest.restoreAllMocks());
  beforeEach(async () => {
    inbox.refuse = false;
    inbox.deferring = false;
    inbox.refused = [];
    [alice, bob] = [await newUser(t), await newUser(t)];
  });

  const to = (user: SignedUpUser) => notificationTo(user.email);
  /** Everything due has been tried: what has not arrived will not (until a retry is due). */
  const settled = () => t.app.get(OutboxWorker).idle();
  const outbox = (app: TestApp, user: SignedUpUser) =>
    app.dataSource.query<{ status: string; attempts: number; lastError: string | null }[]>(
      `SELECT o.status, o.attempts, o."lastError" FROM notification_outbox o
         JOIN notifications n ON n.id = o."notificationId" WHERE n."userId" = $1 AND o.channel = 'email'`,
      [user.id],
    );

  it('a challenge emails the opponent: their address, the title, the body and an absolute link', async () => {
    const id = await pendingBet(t, alice, bob, '12.50');
    const [email, ...more] = await inbox.waitFor(to(bob));
    expect(more).toEqual([]);
    expect(email?.to).toEqual([bob.email]);
    expect(email?.headers.get('to')).toBe(bob.email);
    expect(email?.headers.get('from')).toBe('Betwixt <no-reply@betwixt.example.com>');
    expect(email?.subject).toBe(`New challenge from ${alice.username}`);
    expect(email?.text).toContain('“Who wins the derby?” for $12.50.');
    expect(email?.text).toContain(`${PUBLIC_URL}/bets/${id}`);
    expect(email?.text).toContain('Account → Settings');
    expect(email?.html).toContain(`<a href="${PUBLIC_URL}/bets/${id}">`);
  });

  it('the actor gets no email about what they did', async () => {
    await pendingBet(t, alice, bob);
    await inbox.waitFor(to(bob));
    await settled();
    expect(inbox.messages.filter(to(alice))).toEqual([]);
  });

  it('someone who turned email notifications off gets none; others still do', async () => {
    const carol = await newUser(t);
    const off = await api(t, 'PATCH', '/api/settings/notifications', {
      token: carol.token,
      body: { emailNotifications: false },
    });
    expect(off.status).toBe(200);
    await pendingBet(t, alice, carol);
    await pendingBet(t, alice, bob);
    await inbox.waitFor(to(bob));
    await settled();
    expect(inbox.messages.filter(to(carol))).toEqual([]);
  });

  it('an SMTP server that refuses the message (550) does not break the challenge; it is not tried again, later ones still go out', async () => {
    inbox.refuse = true;
    const refused = await api(t, 'POST', '/api/bets', { token: alice.token, body: betBody(bob) });
    expect(refused.status).toBe(201);
    await settled();
    expect(inbox.refused).toEqual([bob.email]);
    expect(inbox.messages.filter(to(bob))).toEqual([]);
    expect(await outbox(t, bob)).toEqual([{ status: 'failed', attempts: 1, lastError: 'SMTP 550' }]);

    inbox.refuse = false;
    const carol = await newUser(t);
    await pendingBet(t, alice, carol);
    await expect(inbox.waitFor(to(carol))).resolves.toHaveLength(1);
  });

  it('an SMTP server that is down does not break the challenge, the bell still tells the opponent, and the email waits for a retry', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const down = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    try {
      const [carol, dave] = [await newUser(down), await newUser(down)];
      const created = await api(down, 'POST', '/api/bets', { token: carol.token, body: betBody(dave) });
      expect(created.status).toBe(201);
      await down.app.get(OutboxWorker).idle();
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ notificationId: expect.any(Number) as number }),
        'Email not delivered',
      );
      const bell = await api(down, 'GET', '/api/notifications', { token: dave.token });
      expect(bell.body.unreadCount).toBe(1);
      expect(await outbox(down, dave)).toEqual([{ status: 'pending', attempts: 1, lastError: 'ESOCKET' }]);
    } finally {
      await down.close();
    }
  });
});

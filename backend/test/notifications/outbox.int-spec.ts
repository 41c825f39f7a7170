import { Logger } from '@nestjs/common';
import { Clock } from '../../src/common/clock.js';
import { Metrics } from '../../src/common/metrics/metrics.js';
import { inTransaction } from '../../src/database/in-transaction.js';
import { NotificationOutbox } from '../../src/modules/notifications/delivery/notification-outbox.js';
import {
  OUTBOX_RETENTION_MS,
  OutboxCleanupJob,
} from '../../src/modules/notifications/delivery/outbox-cleanup.job.js';
import {
  LEASE_MS,
  MAX_ATTEMPTS,
  OutboxWorker,
  retryDelayMs,
} from '../../src/modules/notifications/delivery/outbox-worker.js';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startLocalPushService, trustPushCa, type LocalPushService } from '../support/local-push-service.js';
import { browserSubscription, openPush } from '../support/push-browser.js';
import { notificationTo, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const METRICS_TOKEN = 'metrics-token-for-the-outbox-tests';
const FIRST_RETRY_MS = 30_000; // NOTIFICATION_RETRY_MS's default

interface OutboxRow {
  id: number;
  channel: 'email' | 'push';
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  finishedAt: Date | null;
  lastError: string | null;
}

/**
 * The notification outbox (docs/notifications.md, "Delivery"): email and push rows written in the
 * event's transaction, delivered by workers that claim with SKIP LOCKED, retried with a doubling delay
 * on the injected clock, given up after MAX_ATTEMPTS, cleaned up after the retention period.
 */
describe('notification outbox', () => {
  let inbox: SmtpInbox;
  let push: LocalPushService;
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  const appEnv = () => ({
    SMTP_URL: inbox.url,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    METRICS_TOKEN,
  });

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    push = await startLocalPushService();
    t = await startTestApp({ env: appEnv(), extraImports: [trustPushCa(push.caPem)] });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
    await inbox.close();
  });
  beforeEach(async () => {
    inbox.refuse = false;
    inbox.deferring = false;
    [alice, bob] = [await newUser(t), await newUser(t)];
  });
  afterEach(() => jest.restoreAllMocks());

  const worker = (app: TestApp = t) => app.app.get(OutboxWorker);
  const to = (user: SignedUpUser) => notificationTo(user.email);
  const subscribedBrowser = async (user: SignedUpUser) => {
    const browser = browserSubscription(push.newEndpoint());
    const response = await api(t, 'POST', '/api/push/subscriptions', {
      token: user.token,
      body: browser.body,
    });
    expect(response.status).toBe(201);
    return browser;
  };
  const rowsFor = (user: SignedUpUser, app: TestApp = t) =>
    app.dataSource.query<OutboxRow[]>(
      `SELECT o.id, o.channel, o.status, o.attempts, o."nextAttemptAt", o."finishedAt", o."lastError"
         FROM notification_outbox o JOIN notifications n ON n.id = o."notificationId"
        WHERE n."userId" = $1 ORDER BY o.id`,
      [user.id],
    );
  /** The app's clock reads `at` from now on (the worker's "now" included). */
  const setTime = (at: Date, ...apps: TestApp[]) => {
    for (const app of apps.length > 0 ? apps : [t]) jest.spyOn(app.app.get(Clock), 'now').mockReturnValue(at);
  };
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
  /** Sends this instance has counted as delivered (betwixt_outbox_deliveries_total). */
  const sentByApp = async (app: TestApp) => {
    const metric = await app.app
      .get(Metrics)
      .registry.getSingleMetric('betwixt_outbox_deliveries_total')
      ?.get();
    return (metric?.values ?? [])
      .filter((value) => value.labels.outcome === 'delivered')
      .reduce((sum, value) => sum + value.value, 0);
  };

  it('writes one email row and one push row per browser in the event’s transaction, and delivers each once', async () => {
    const phone = await subscribedBrowser(bob);
    const laptop = await subscribedBrowser(bob);
    await subscribedBrowser(alice);

    const betId = await pendingBet(t, alice, bob, '10.00');
    await worker().idle();

    const rows = await rowsFor(bob);
    expect(rows.map((row) => [row.channel, row.status, row.attempts])).toEqual([
      ['email', 'delivered', 1],
      ['push', 'delivered', 1],
      ['push', 'delivered', 1],
    ]);
    expect(await rowsFor(alice)).toEqual([]); // the actor is told nothing
    expect(inbox.messages.filter(to(bob)).map((message) => message.subject)).toEqual([
      `New challenge from ${alice.username}`,
    ]);
    for (const browser of [phone, laptop]) {
      const [received, ...more] = push.received(browser.body.endpoint);
      expect(more).toEqual([]);
      if (!received) throw new Error('no push received');
      expect(openPush(received, browser)).toMatchObject({ type: 'bet_received', url: `/bets/${betId}` });
    }
  });

  it('a rolled-back event leaves no outbox row, and nothing is sent', async () => {
    await subscribedBrowser(bob);
    const notifications = t.app.get(NotificationsService);
    const draft = {
      userId: bob.id,
      type: 'friend_request' as const,
      actorId: alice.id,
      render: (name: string) => ({ title: `${name} sent you a friend request`, body: 'Accept it?' }),
    };

    await expect(
      inTransaction(t.dataSource, async (manager) => {
        await notifications.notify(manager, [draft]);
        const [inside] = await manager.query<{ count: number }[]>(
          `SELECT count(*)::int AS count FROM notification_outbox o
             JOIN notifications n ON n.id = o."notificationId" WHERE n."userId" = $1`,
          [bob.id],
        );
        expect(inside?.count).toBe(2); // the email and the push, written with the notification
        throw new Error('the use case failed after notifying');
      }),
    ).rejects.toThrow('the use case failed after notifying');

    await worker().deliverDue();
    expect(await rowsFor(bob)).toEqual([]);
    expect(inbox.messages.filter(to(bob))).toEqual([]);
  });

  it('a refused use case writes no outbox row either', async () => {
    const refused = await api(t, 'POST', '/api/bets', {
      token: alice.token,
      body: {
        opponentId: bob.id,
        amount: '5000.00',
        title: 'Too much',
        outcomes: ['A', 'B'],
        duration: 24,
        creatorPick: 'A',
      },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await rowsFor(bob)).toEqual([]);
  });

  it('retries a temporary failure with a doubling delay on the injected clock, then gives up after the last try', async () => {
    const error = jest.spyOn(Logger.prototype, 'error');
    const start = new Date();
    setTime(start);
    inbox.deferring = true;
    await pendingBet(t, alice, bob, '10.00');
    await worker().idle();

    let [row] = await rowsFor(bob);
    expect(row).toMatchObject({ channel: 'email', status: 'pending', attempts: 1, lastError: 'SMTP 451' });
    expect(row?.nextAttemptAt).toEqual(later(start, FIRST_RETRY_MS));

    // Not due a millisecond early.
    setTime(later(start, FIRST_RETRY_MS - 1));
    await worker().deliverDue();
    expect((await rowsFor(bob))[0]?.attempts).toBe(1);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const due = row?.nextAttemptAt ?? start;
      setTime(due);
      await worker().deliverDue();
      [row] = await rowsFor(bob);
      expect(row?.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row?.status).toBe('pending');
        expect(row?.nextAttemptAt).toEqual(later(due, retryDelayMs(attempt, FIRST_RETRY_MS)));
      }
    }
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'SMTP 451' });
    expect(inbox.refused.filter((address) => address === bob.email)).toHaveLength(MAX_ATTEMPTS);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'email', attempts: MAX_ATTEMPTS, error: 'SMTP 451' }),
      'Notification not delivered; given up',
    );

    // Given up means given up: however late it gets, it is not tried again.
    setTime(later(start, 30 * 24 * 3_600_000));
    await worker().deliverDue();
    expect((await rowsFor(bob))[0]?.attempts).toBe(MAX_ATTEMPTS);
  });

  it('delivers on a later try once the email server and push service recover, exactly once each', async () => {
    const browser = await subscribedBrowser(bob);
    const start = new Date();
    setTime(start);
    inbox.deferring = true;
    push.answer(browser.body.endpoint, 503);
    await pendingBet(t, alice, bob, '10.00');
    await worker().idle();
    expect((await rowsFor(bob)).map((row) => [row.channel, row.status, row.lastError])).toEqual([
      ['email', 'pending', 'SMTP 451'],
      ['push', 'pending', 'push 503'],
    ]);

    inbox.deferring = false;
    push.answer(browser.body.endpoint, 201);
    setTime(later(start, FIRST_RETRY_MS));
    await worker().deliverDue();

    expect((await rowsFor(bob)).map((row) => [row.channel, row.status, row.attempts])).toEqual([
      ['email', 'delivered', 2],
      ['push', 'delivered', 2],
    ]);
    expect(inbox.messages.filter(to(bob))).toHaveLength(1);
    expect(push.received(browser.body.endpoint).map((received) => received.status)).toEqual([503, 201]);
  });

  it('a row whose worker died mid-send is taken again when its lease ends, not before', async () => {
    await worker().stop();
    const start = new Date();
    setTime(start);
    await pendingBet(t, alice, bob, '10.00');
    // A worker claims the email and dies before sending or recording anything.
    const [claimed] = await t.app.get(NotificationOutbox).claim('email', 10, start, later(start, LEASE_MS));
    expect(claimed?.recipient.email).toBe(bob.email);

    worker().start();
    setTime(later(start, LEASE_MS - 1));
    await worker().deliverDue();
    expect(inbox.messages.filter(to(bob))).toEqual([]);

    setTime(later(start, LEASE_MS));
    await worker().deliverDue();
    expect(inbox.messages.filter(to(bob))).toHaveLength(1);
    expect((await rowsFor(bob)).map((row) => [row.status, row.attempts])).toEqual([['delivered', 2]]);
  });

  it('two instances on one database deliver every email and push exactly once', async () => {
    const b = await startTestApp({
      sharedDatabaseUrl: t.databaseUrl,
      env: { JWT_SECRET: t.config.jwtSecret, ...appEnv() },
      extraImports: [trustPushCa(push.caPem)],
    });
    try {
      const sentByT = await sentByApp(t);
      const browser = await subscribedBrowser(bob);
      // Written while neither delivers, then both start together and compete for the same rows.
      await Promise.all([worker(t).stop(), worker(b).stop()]);
      const bets = 16;
      const ids = await Promise.all(
        Array.from({ length: bets }, (_, index) => pendingBet(index % 2 ? b : t, alice, bob, '10.00')),
      );
      expect(await rowsFor(bob)).toHaveLength(bets * 2);
      worker(t).start();
      worker(b).start();
      await Promise.all([worker(t).deliverDue(), worker(b).deliverDue()]);

      const rows = await rowsFor(bob);
      expect(rows).toHaveLength(bets * 2);
      expect(rows.filter((row) => row.status !== 'delivered' || row.attempts !== 1)).toEqual([]);
      const links = inbox.messages.filter(to(bob)).map((message) => /\/bets\/(\d+)/.exec(message.text)?.[1]);
      expect(links.map(Number).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      const pushed = push.received(browser.body.endpoint).map((received) => openPush(received, browser));
      expect(pushed.map((payload) => (payload as { url: string }).url).sort()).toEqual(
        ids.map((id) => `/bets/${id}`).sort(),
      );
      // Each instance counts its own sends: together, each row once.
      expect((await sentByApp(t)) - sentByT + (await sentByApp(b))).toBe(bets * 2);
    } finally {
      await b.close();
    }
  });

  it('reports the outbox depth at /metrics', async () => {
    inbox.deferring = true;
    await pendingBet(t, alice, bob, '10.00');
    await worker().idle();
    const [{ pending }] = await t.dataSource.query<[{ pending: number }]>(
      `SELECT count(*)::int AS pending FROM notification_outbox WHERE status = 'pending'`,
    );
    expect(pending).toBeGreaterThan(0);
    const response = await fetch(`${t.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    expect(text).toContain(`betwixt_outbox_depth ${pending}\n`);
    expect(text).toMatch(/betwixt_outbox_deliveries_total\{channel="email",outcome="retried"\} \d+/);
  });

  it('deletes finished rows after the retention period and keeps those still waiting', async () => {
    const start = new Date();
    setTime(start);
    await pendingBet(t, alice, bob, '10.00'); // delivered at `start`
    await worker().idle();
    inbox.deferring = true;
    await pendingBet(t, alice, bob, '10.00'); // still waiting
    await worker().idle();
    expect((await rowsFor(bob)).map((row) => row.status)).toEqual(['delivered', 'pending']);

    const cleanup = t.app.get(OutboxCleanupJob);
    setTime(later(start, OUTBOX_RETENTION_MS - 1));
    await cleanup.cleanUp();
    expect((await rowsFor(bob)).map((row) => row.status)).toEqual(['delivered', 'pending']);

    setTime(later(start, OUTBOX_RETENTION_MS + 1));
    await cleanup.cleanUp();
    expect((await rowsFor(bob)).map((row) => row.status)).toEqual(['pending']);
  });

  it('deleting the account drops its undelivered emails and pushes', async () => {
    await subscribedBrowser(bob);
    inbox.deferring = true;
    push.answer((await subscribedBrowser(bob)).body.endpoint, 503);
    await worker().stop();
    await pendingBet(t, alice, bob, '10.00');
    expect(await rowsFor(bob)).toHaveLength(3);
    const deleted = await api(t, 'DELETE', '/api/user/account', {
      token: bob.token,
      body: { password: bob.password, confirm: 'DELETE' },
    });
    expect(deleted.status).toBe(204);
    const [{ count }] = await t.dataSource.query<[{ count: number }]>(
      `SELECT count(*)::int AS count FROM notification_outbox o JOIN notifications n ON n.id = o."notificationId"
        WHERE n."userId" = $1`,
      [bob.id],
    );
    expect(count).toBe(0);
    worker().start();
  });
});

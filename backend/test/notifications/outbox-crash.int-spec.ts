import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { LEASE_MS } from '../../src/modules/notifications/delivery/outbox-worker.js';
import { pendingBet } from '../admin/admin-helpers.js';
import { startBuiltApp, type BuiltApp } from '../support/built-app.js';
import { compileBackend } from '../support/compiled-backend.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { startLocalPushService, type LocalPushService } from '../support/local-push-service.js';
import { browserSubscription, openPush } from '../support/push-browser.js';
import { notificationTo, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The outbox survives the process: emails and pushes written before a `kill -9` of the real server (its
 * own process, started as `npm start` starts it) are delivered by the next start, each exactly once.
 */
describe('notification delivery across a crash', () => {
  let build: string;
  let database: TestDatabase;
  let db: pg.Client;
  let push: LocalPushService;
  let workDir: string;
  let inbox: SmtpInbox | undefined;
  const apps: BuiltApp[] = [];

  beforeAll(async () => {
    [build, database, push] = await Promise.all([
      compileBackend(),
      createTestDatabase(),
      startLocalPushService(),
    ]);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    workDir = mkdtempSync(join(tmpdir(), 'betwixt-outbox-crash-'));
    // The spawned server trusts the local push service's certificate authority the way any Node process can.
    writeFileSync(join(workDir, 'push-ca.pem'), push.caPem);
  });
  afterAll(async () => {
    for (const app of apps) await app.crash();
    await db?.end();
    await inbox?.close();
    await push?.close();
    await database?.drop();
    rmSync(build, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  const outbox = async (user: SignedUpUser) =>
    (
      await db.query<{ channel: string; status: string; attempts: number; leased: boolean }>(
        `SELECT o.channel, o.status, o.attempts, o."nextAttemptAt" > now() + interval '1 minute' AS leased
           FROM notification_outbox o
           JOIN notifications n ON n.id = o."notificationId" WHERE n."userId" = $1 ORDER BY o.id`,
        [user.id],
      )
    ).rows;
  const waitUntil = async (check: () => Promise<boolean>, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('emails and pushes not yet delivered when the server is killed go out after the restart, exactly once', async () => {
    const smtpPort = await freePort(); // nothing listens there yet: the mail server is down
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: join(workDir, 'data'), // the same VAPID keys and secrets after the restart
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      NODE_EXTRA_CA_CERTS: join(workDir, 'push-ca.pem'),
      // Tries far enough apart that the kill below falls between two of them, not in the middle of one.
      NOTIFICATION_RETRY_MS: '10000',
      AUTH_ATTEMPTS_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    };
    const first = await startBuiltApp(build, env);
    apps.push(first);
    const [alice, bob] = [await newUser(first), await newUser(first)];
    const browser = browserSubscription(push.newEndpoint());
    const subscribed = await api(first, 'POST', '/api/push/subscriptions', {
      token: bob.token,
      body: browser.body,
    });
    expect(subscribed.status).toBe(201);
    push.answer(browser.body.endpoint, 503); // the push service is failing too

    const bets: number[] = [];
    for (let index = 0; index < 5; index++) bets.push(await pendingBet(first, alice, bob, '10.00'));
    // Every email and push has been tried and failed: undelivered, waiting for a retry (not leased).
    await waitUntil(async () => {
      const rows = await outbox(bob);
      return (
        rows.length === 10 &&
        rows.every((row) => row.status === 'pending' && row.attempts >= 1 && !row.leased)
      );
    }, 'all ten rows tried once');

    await first.crash();
    expect(push.received(browser.body.endpoint).every((received) => received.status === 503)).toBe(true);

    inbox = await startSmtpInbox(smtpPort);
    push.answer(browser.body.endpoint, 201);
    const second = await startBuiltApp(build, env);
    apps.push(second);
    // At once — or, should the kill have caught a try in flight after all, once that row's lease ends.
    await waitUntil(
      async () => (await outbox(bob)).every((row) => row.status !== 'pending'),
      `every row finished after the restart\n${second.output()}`,
      60_000 + LEASE_MS,
    );

    const rows = await outbox(bob);
    expect(rows.map((row) => row.status)).toEqual(Array(10).fill('delivered'));
    const emailed = inbox.messages
      .filter(notificationTo(bob.email))
      .map((message) => Number(/\/bets\/(\d+)/.exec(message.text)?.[1]));
    expect(emailed.sort((x, y) => x - y)).toEqual(bets);
    const pushed = push
      .received(browser.body.endpoint)
      .filter((received) => received.status === 201)
      .map((received) => (openPush(received, browser) as { url: string }).url);
    expect(pushed.sort()).toEqual(bets.map((id) => `/bets/${id}`).sort());

    // A graceful stop (SIGTERM) drains and exits 0: the outbox worker stops before the pools close.
    await second.stop();
    expect(second.output()).toContain('requests and jobs finished; closing pools');
    expect(second.process.exitCode).toBe(0);
  }, 420_000);
});

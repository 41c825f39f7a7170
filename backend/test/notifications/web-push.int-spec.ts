import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { MAX_SUBSCRIPTIONS_PER_USER } from '../../src/modules/notifications/push/push-subscriptions.service.js';
import { OutboxWorker } from '../../src/modules/notifications/delivery/outbox-worker.js';
import { pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startLocalPushService, trustPushCa, type LocalPushService } from '../support/local-push-service.js';
import { browserSubscription, openPush, type BrowserSubscription } from '../support/push-browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SUBJECT = 'mailto:ops@betwixt.test';

/** Checks a VAPID `Authorization: vapid t=<jwt>, k=<key>` header; answers the JWT's claims. */
function verifyVapid(authorization: string | undefined, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, header, claims, signature, key] = match as unknown as [string, string, string, string, string];
  expect(key).toBe(publicKey);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

describe('web push', () => {
  let push: LocalPushService;
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    push = await startLocalPushService();
    t = await startTestApp({
      env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', VAPID_SUBJECT: SUBJECT },
      extraImports: [trustPushCa(push.caPem)],
    });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });
  beforeEach(async () => {
    [alice, bob] = [await newUser(t), await newUser(t)];
  });
  afterEach(() => jest.restoreAllMocks());

  const subscribe = async (app: TestApp, user: SignedUpUser, browser: BrowserSubscription) => {
    const response = await api(app, 'POST', '/api/push/subscriptions', {
      token: user.token,
      body: browser.body,
    });
    expect(response.status).toBe(201);
  };
  const subscribedBrowser = async (user: SignedUpUser) => {
    const browser = browserSubscription(push.newEndpoint());
    await subscribe(t, user, browser);
    return browser;
  };
  /** `a` challenges `b` on `app`; resolves once that app's pushes have all been answered. */
  const challenge = async (app: TestApp, a: SignedUpUser, b: SignedUpUser) => {
    const betId = await pendingBet(app, a, b, '12.50');
    await app.app.get(OutboxWorker).idle();
    return betId;
  };
  const owners = async (endpoint: string) =>
    (
      await t.dataSource.query<{ userId: string; p256dh: string }[]>(
        `SELECT "userId", p256dh FROM push_subscriptions WHERE endpoint = $1`,
        [endpoint],
      )
    ).map((row) => row.userId);

  it('serves the VAPID public key browsers subscribe with', async () => {
    const response = await api(t, 'GET', '/api/push/public-key', { token: bob.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ publicKey: t.config.vapid.publicKey });
    expect(Buffer.from(t.config.vapid.publicKey, 'base64url')).toHaveLength(65);
  });

  it('a challenge reaches the opponent’s browser: VAPID-signed, encrypted to its key, decryptable to the notification', async () => {
    const bobsBrowser = await subscribedBrowser(bob);
    const alicesBrowser = await subscribedBrowser(alice);
    const before = Math.floor(Date.now() / 1000);

    const betId = await challenge(t, alice, bob);

    const [received, ...more] = push.received(bobsBrowser.body.endpoint);
    expect(more).toHaveLength(0);
    if (!received) throw new Error('no push received');
    expect(received.method).toBe('POST');
    expect(received.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'normal',
    });
    const claims = verifyVapid(received.headers.authorization, t.config.vapid.publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe(SUBJECT);
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(before + 24 * 60 * 60 + 5);

    const [notification] = (
      (await api(t, 'GET', '/api/notifications', { token: bob.token })).body as { items: { id: number }[] }
    ).items;
    expect(openPush(received, bobsBrowser)).toEqual({
      id: notification?.id,
      type: 'bet_received',
      category: 'betUpdates',
      title: `New challenge from ${alice.username}`,
      body: '“Who wins the derby?” for $12.50. Accept or decline it before it expires.',
      url: `/bets/${betId}`,
      tag: `notification-${notification?.id}`,
    });
    // Another browser cannot read it: the payload is encrypted to Bob's keys only.
    const stranger = browserSubscription(bobsBrowser.body.endpoint);
    expect(() => openPush(received, stranger)).toThrow();
    // Alice caused it: nothing for her.
    expect(push.received(alicesBrowser.body.endpoint)).toHaveLength(0);
  });

  it('sends to every browser of the recipient, and nothing while they have push notifications off', async () => {
    const phone = await subscribedBrowser(bob);
    const laptop = await subscribedBrowser(bob);
    const setPush = async (on: boolean) =>
      expect(
        (
          await api(t, 'PATCH', '/api/settings/notifications', {
            token: bob.token,
            body: { pushNotifications: on },
          })
        ).status,
      ).toBe(200);

    await setPush(false);
    await challenge(t, alice, bob);
    expect(push.received(phone.body.endpoint)).toHaveLength(0);
    expect(push.received(laptop.body.endpoint)).toHaveLength(0);

    await setPush(true);
    await challenge(t, alice, bob);
    expect(push.received(phone.body.endpoint)).toHaveLength(1);
    expect(push.received(laptop.body.endpoint)).toHaveLength(1);
  });

  it('a 404 or 410 from the push service deletes that subscription; a 500 keeps it and is tried again later', async () => {
    const gone = await subscribedBrowser(bob);
    const expired = await subscribedBrowser(bob);
    const failing = await subscribedBrowser(bob);
    const fine = await subscribedBrowser(bob);
    push.answer(gone.body.endpoint, 410);
    push.answer(expired.body.endpoint, 404);
    push.answer(failing.body.endpoint, 500);

    await challenge(t, alice, bob);

    for (const browser of [gone, expired, failing, fine])
      expect(push.received(browser.body.endpoint)).toHaveLength(1);
    expect(await owners(gone.body.endpoint)).toEqual([]);
    expect(await owners(expired.body.endpoint)).toEqual([]);
    expect(await owners(failing.body.endpoint)).toEqual([bob.id]);
    expect(await owners(fine.body.endpoint)).toEqual([bob.id]);

    const outbox = await t.dataSource.query<{ endpoint: string; status: string; lastError: string | null }[]>(
      `SELECT s.endpoint, o.status, o."lastError" FROM notification_outbox o
         JOIN push_subscriptions s ON s.id = o."subscriptionId" WHERE s."userId" = $1`,
      [bob.id],
    );
    expect(outbox).toEqual(
      expect.arrayContaining([
        { endpoint: failing.body.endpoint, status: 'pending', lastError: 'push 500' },
        { endpoint: fine.body.endpoint, status: 'delivered', lastError: null },
      ]),
    );

    await challenge(t, alice, bob);
    expect(push.received(gone.body.endpoint)).toHaveLength(1); // not tried again
    expect(push.received(failing.body.endpoint)).toHaveLength(2);
  });

  it('a kept-alive connection the push service dropped is no failed delivery: the message goes on a new one', async () => {
    const browser = await subscribedBrowser(bob);
    await challenge(t, alice, bob); // opens a connection and leaves it idle in the pool
    push.dropReusedConnections = true;
    try {
      await challenge(t, alice, bob);
    } finally {
      push.dropReusedConnections = false;
    }
    expect(push.dropped).toBeGreaterThanOrEqual(1);
    expect(push.received(browser.body.endpoint)).toHaveLength(2);
    const outbox = await t.dataSource.query<{ status: string; attempts: number; lastError: string | null }[]>(
      `SELECT o.status, o.attempts, o."lastError" FROM notification_outbox o
         JOIN push_subscriptions s ON s.id = o."subscriptionId" WHERE s."userId" = $1 ORDER BY o.id`,
      [bob.id],
    );
    expect(outbox).toEqual([
      { status: 'delivered', attempts: 1, lastError: null },
      { status: 'delivered', attempts: 1, lastError: null },
    ]);
  });

  it('an unreachable push service does not fail the use case; the failure is logged and the subscription kept', async () => {
    const dead = browserSubscription('https://localhost:1/push/nobody-listens');
    await subscribe(t, bob, dead);
    const warn = jest.spyOn(Logger.prototype, 'warn');

    await challenge(t, alice, bob); // throws unless the bet was created (201)

    expect(await owners(dead.body.endpoint)).toEqual([bob.id]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        origin: 'https://localhost:1',
        err: expect.objectContaining({ code: 'ECONNREFUSED' }) as unknown,
      }),
      'Push not delivered',
    );
  });

  describe('subscriptions', () => {
    it('subscribing again is idempotent and takes the new keys', async () => {
      const browser = await subscribedBrowser(bob);
      const renewed = browserSubscription(browser.body.endpoint);
      await subscribe(t, bob, renewed);
      const rows = await t.dataSource.query<{ userId: string; p256dh: string }[]>(
        `SELECT "userId", p256dh FROM push_subscriptions WHERE endpoint = $1`,
        [browser.body.endpoint],
      );
      expect(rows).toEqual([{ userId: bob.id, p256dh: renewed.body.keys.p256dh }]);

      await challenge(t, alice, bob);
      const [received] = push.received(browser.body.endpoint);
      if (!received) throw new Error('no push received');
      expect(openPush(received, renewed)).toMatchObject({ type: 'bet_received' });
    });

    it('an endpoint subscribed by another account moves to the caller: the old account stops reaching that browser', async () => {
      const carol = await newUser(t);
      const shared = await subscribedBrowser(bob);
      const carolsKeys = browserSubscription(shared.body.endpoint);
      await subscribe(t, carol, carolsKeys);
      expect(await owners(shared.body.endpoint)).toEqual([carol.id]);

      await challenge(t, alice, bob);
      expect(push.received(shared.body.endpoint)).toHaveLength(0);
      await challenge(t, alice, carol);
      const [received] = push.received(shared.body.endpoint);
      if (!received) throw new Error('no push received');
      expect(openPush(received, carolsKeys)).toMatchObject({ title: `New challenge from ${alice.username}` });
    });

    it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} per user, dropping the oldest`, async () => {
      const browsers: BrowserSubscription[] = [];
      for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) browsers.push(await subscribedBrowser(bob));
      const [oldest, second] = browsers;
      const [{ count }] = await t.dataSource.query<[{ count: number }]>(
        `SELECT count(*)::int AS count FROM push_subscriptions WHERE "userId" = $1`,
        [bob.id],
      );
      expect(count).toBe(MAX_SUBSCRIPTIONS_PER_USER);
      expect(await owners(oldest?.body.endpoint ?? '')).toEqual([]);
      expect(await owners(second?.body.endpoint ?? '')).toEqual([bob.id]);
    });

    it('a user removes their own subscription, never someone else’s', async () => {
      const browser = await subscribedBrowser(bob);
      const remove = (user: SignedUpUser) =>
        api(t, 'DELETE', '/api/push/subscriptions', {
          token: user.token,
          body: { endpoint: browser.body.endpoint },
        });

      expect((await remove(alice)).status).toBe(204);
      expect(await owners(browser.body.endpoint)).toEqual([bob.id]);
      expect((await remove(bob)).status).toBe(204);
      expect(await owners(browser.body.endpoint)).toEqual([]);
      expect((await remove(bob)).status).toBe(204); // already gone: still fine

      await challenge(t, alice, bob);
      expect(push.received(browser.body.endpoint)).toHaveLength(0);
    });

    it('refuses bad subscriptions with a message saying what is wrong, storing nothing', async () => {
      const good = browserSubscription(push.newEndpoint()).body;
      // A browser key written in standard base64. Padded base64url is accepted, so the case needs a key whose
      // standard form has a '+' or '/' (1 key in 16 has neither, and the case then tested nothing and failed).
      let standardBase64 = Buffer.from(good.keys.p256dh, 'base64url').toString('base64');
      while (!/[+/]/.test(standardBase64)) {
        const other = createECDH('prime256v1');
        other.generateKeys();
        standardBase64 = other.getPublicKey().toString('base64');
      }
      const offCurve = Buffer.from(good.keys.p256dh, 'base64url');
      offCurve[64] = (offCurve[64] ?? 0) ^ 1;
      const cases: [unknown, string][] = [
        [{}, 'endpoint must be an https URL'],
        [{ ...good, endpoint: 'http://localhost/push/1' }, 'endpoint must be an https URL'],
        [{ ...good, endpoint: 'not a url' }, 'endpoint must be an https URL'],
        [{ ...good, endpoint: 'https://user:secret@localhost/push/1' }, 'endpoint must be an https URL'],
        [
          { ...good, endpoint: `https://localhost/${'a'.repeat(2048)}` },
          'endpoint must be at most 2048 characters',
        ],
        [{ ...good, endpoint: 42 }, 'endpoint must be an https URL'],
        [{ endpoint: good.endpoint }, 'keys must hold p256dh and auth'],
        [{ ...good, keys: 'p256dh' }, 'keys must hold p256dh and auth'],
        [
          { ...good, keys: { auth: good.keys.auth } },
          'keys.p256dh must be a base64url P-256 public key (65 bytes, uncompressed)',
        ],
        [
          { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 80) } },
          'keys.p256dh must be a base64url P-256 public key (65 bytes, uncompressed)',
        ],
        [
          { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } },
          'keys.p256dh must be a base64url P-256 public key (65 bytes, uncompressed)',
        ],
        [
          { ...good, keys: { ...good.keys, p256dh: standardBase64 } },
          'keys.p256dh must be a base64url P-256 public key (65 bytes, uncompressed)',
        ],
        [
          { ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } },
          'keys.auth must be a base64url 16-byte secret',
        ],
        [{ ...good, keys: { ...good.keys, auth: 17 } }, 'keys.auth must be a base64url 16-byte secret'],
        [{ ...good, userId: alice.id }, 'property userId should not exist'],
        [{ ...good, keys: { ...good.keys, extra: 'x' } }, 'property extra should not exist'],
        [{ ...good, expirationTime: 'soon' }, 'expirationTime must be a number or null'],
      ];
      for (const [body, message] of cases) {
        const response = await api(t, 'POST', '/api/push/subscriptions', { token: bob.token, body });
        expect({ body, status: response.status, message: response.body.message }).toEqual({
          body,
          status: 400,
          message,
        });
      }
      const [{ count }] = await t.dataSource.query<[{ count: number }]>(
        `SELECT count(*)::int AS count FROM push_subscriptions WHERE "userId" = $1`,
        [bob.id],
      );
      expect(count).toBe(0);
    });

    it('needs a signed-in user', async () => {
      const body = browserSubscription(push.newEndpoint()).body;
      expect((await api(t, 'GET', '/api/push/public-key')).status).toBe(401);
      expect((await api(t, 'POST', '/api/push/subscriptions', { body })).status).toBe(401);
      expect(
        (await api(t, 'DELETE', '/api/push/subscriptions', { body: { endpoint: body.endpoint } })).status,
      ).toBe(401);
    });
  });

  describe('without PUSH_ALLOW_PRIVATE_ENDPOINTS (production)', () => {
    let strict: TestApp;

    beforeAll(async () => {
      // Same database, the same trusted CA: only the endpoint rule differs from `t`.
      strict = await startTestApp({
        sharedDatabaseUrl: t.databaseUrl,
        env: { JWT_SECRET: t.config.jwtSecret, VAPID_SUBJECT: SUBJECT },
        extraImports: [trustPushCa(push.caPem)],
      });
    });
    afterAll(async () => strict.close());

    it.each([
      ['a name resolving to loopback', () => push.newEndpoint(), 'endpoint must be a public https address'],
      ['an IPv4 literal', () => 'https://127.0.0.1/push/1', 'endpoint must be a public https address'],
      ['a public IPv4 literal', () => 'https://8.8.8.8/push/1', 'endpoint must be a public https address'],
      ['an IPv6 literal', () => 'https://[::1]:8443/push/1', 'endpoint must be a public https address'],
      ['cloud metadata', () => 'https://169.254.169.254/latest', 'endpoint must be a public https address'],
      [
        'a name that does not resolve',
        () => 'https://push.invalid/push/1',
        'endpoint host could not be found',
      ],
    ])('refuses %s', async (_case, endpoint, message) => {
      const body = browserSubscription(endpoint()).body;
      const response = await api(strict, 'POST', '/api/push/subscriptions', { token: bob.token, body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(await owners(body.endpoint)).toEqual([]);
    });

    it('never connects to a non-public address, even for a subscription stored before (DNS changed since)', async () => {
      const browser = browserSubscription(push.newEndpoint());
      await subscribe(t, bob, browser); // stored through the permissive app
      const warn = jest.spyOn(Logger.prototype, 'warn');
      // Both apps deliver from the same outbox: only the strict one may take this push.
      await t.app.get(OutboxWorker).stop();

      await challenge(strict, alice, bob);
      expect(push.received(browser.body.endpoint)).toHaveLength(0);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({
          origin: push.origin,
          err: expect.objectContaining({ code: 'ENONPUBLIC' }) as unknown,
        }),
        'Push not delivered',
      );

      const [refused] = await t.dataSource.query<{ status: string; lastError: string }[]>(
        `SELECT o.status, o."lastError" FROM notification_outbox o
           JOIN push_subscriptions s ON s.id = o."subscriptionId" WHERE s.endpoint = $1`,
        [browser.body.endpoint],
      );
      expect(refused).toEqual({ status: 'failed', lastError: 'ENONPUBLIC' }); // not tried again

      await strict.app.get(OutboxWorker).stop();
      t.app.get(OutboxWorker).start();
      await challenge(t, alice, bob); // the same subscription is reachable where private endpoints are allowed
      expect(push.received(browser.body.endpoint)).toHaveLength(1);
    });
  });
});

import { Redis } from 'ioredis';
import { THROTTLE_KEY_PREFIX } from '../../src/modules/auth/redis-throttler-storage.js';
import { api, newSignup, newUser } from '../support/factories.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
const UNAVAILABLE = 'Signing in and signing up are temporarily unavailable. Please try again in a minute.';

/**
 * Two app instances with the real limits behind one load balancer on 127.0.0.1 (TRUST_PROXY), sharing one
 * PostgreSQL and one Redis; users are made through a third instance with raised limits.
 */
describe('sign-in and sign-up rate limits shared through Redis', () => {
  let redis: TestRedis;
  let inspect: Redis;
  let maker: TestApp;
  let a: TestApp;
  let b: TestApp;
  let ip = 0;
  // As the load balancer: each request from its own client address unless a test is about the per-IP limit.
  const fromNewIp = () => ({ 'x-forwarded-for': `203.0.113.${(ip = (ip + 1) % 250)}` });
  const instance = (i: number) => (i % 2 === 0 ? a : b);
  const badLogin = (t: TestApp, emailOrUsername: string, headers: Record<string, string>) =>
    api(t, 'POST', '/api/auth/login', { body: { emailOrUsername, password: 'Wrong@1234' }, headers });

  beforeAll(async () => {
    redis = await startTestRedis();
    inspect = new Redis(redis.url);
    inspect.on('error', () => undefined); // it reconnects by itself after the outage test
    maker = await startTestApp();
    const env = { REDIS_URL: redis.url, TRUST_PROXY: '127.0.0.1' };
    a = await startSecondInstance(maker, env, { realAuthLimits: true });
    b = await startSecondInstance(maker, env, { realAuthLimits: true });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await maker?.close();
    inspect?.disconnect();
    await redis?.stop();
  });

  it('counts bad logins against one account on both instances: the 11th is 429 on either', async () => {
    const user = await newUser(maker);
    for (let i = 0; i < 10; i++) {
      const response = await badLogin(instance(i), user.username, fromNewIp());
      expect(response.status).toBe(401);
    }
    for (const t of [a, b]) {
      const response = await badLogin(t, user.username.toUpperCase(), fromNewIp());
      expect(response.status).toBe(429);
      expect(response.body.message).toBe(TOO_MANY);
    }
  });

  it('counts attempts from one IP on both instances: the 11th is 429 on either', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.23' };
    for (let i = 0; i < 10; i++) {
      const response = await badLogin(instance(i), `ip_spread_${i}`, headers);
      expect(response.status).toBe(401);
    }
    for (const t of [a, b]) {
      const response = await badLogin(t, 'ip_spread_last', headers);
      expect(response.status).toBe(429);
      expect(response.body.message).toBe(TOO_MANY);
    }
  });

  it('counts sign-ups from one IP on both instances: the 11th is 429 on either and creates nobody', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.57' };
    for (let i = 0; i < 10; i++) {
      const response = await api(instance(i), 'POST', '/api/auth/signup', { body: newSignup(), headers });
      expect(response.status).toBe(201);
    }
    for (const t of [a, b]) {
      const input = newSignup();
      const response = await api(t, 'POST', '/api/auth/signup', { body: input, headers });
      expect(response.status).toBe(429);
      expect(response.body.message).toBe(TOO_MANY);
      const [count] = await a.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM users WHERE email = $1`,
        [input.email],
      );
      expect(count?.n).toBe(0);
    }
  });

  it('counts sign-ups for one email on both instances', async () => {
    const email = `taken${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await api(instance(i), 'POST', '/api/auth/signup', {
        body: newSignup({ email }),
        headers: fromNewIp(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409), 429]);
  });

  it('keeps every counter in Redis with a TTL of at most the one-minute window, so a lock-out ends by itself', async () => {
    await inspect.flushall();
    const user = await newUser(maker);
    await inspect.flushall(); // only the lock-out below: 11 IPs and one account
    for (let i = 0; i < 11; i++) await badLogin(instance(i), user.username, fromNewIp());
    expect((await badLogin(b, user.username, fromNewIp())).status).toBe(429);

    const keys = await inspect.keys(`${THROTTLE_KEY_PREFIX}*`);
    // A record and its hits for each of the 12 IPs, and for the account.
    expect(keys).toHaveLength(26);
    const records = keys.filter((key) => !key.endsWith(':hits'));
    const blocked = await Promise.all(records.map((key) => inspect.hget(key, 'isBlocked')));
    expect(blocked.filter((value) => value === '1')).toHaveLength(1);
    for (const key of keys) {
      const ttl = await inspect.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('admits exactly 10 of 30 concurrent attempts against one account spread over both instances', async () => {
    const user = await newUser(maker);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => badLogin(instance(i), user.email, fromNewIp())),
    );
    const statuses = responses.map((response) => response.status).sort((x, y) => x - y);
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(20).fill(429)]);
  });

  it('admits exactly 10 of 30 concurrent attempts from one IP spread over both instances', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.99' };
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => badLogin(instance(i), `burst_${i}`, headers)),
    );
    const statuses = responses.map((response) => response.status).sort((x, y) => x - y);
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(20).fill(429)]);
  });

  it('reports Redis in the health check', async () => {
    for (const t of [a, b]) {
      const response = await api(t, 'GET', '/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    }
  });

  // Last: it stops the Redis the other tests use (and replaces it).
  it('refuses sign-in and sign-up with a clear 503 while Redis is down (fails closed), and recovers', async () => {
    const user = await newUser(maker);
    const port = Number(new URL(redis.url).port);
    await redis.stop();

    for (const t of [a, b]) {
      const started = Date.now();
      const login = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.username, password: user.password },
        headers: fromNewIp(),
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(login.status).toBe(503);
      expect(login.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: UNAVAILABLE,
        code: 'attempts_unavailable',
      });
      const signup = await api(t, 'POST', '/api/auth/signup', { body: newSignup(), headers: fromNewIp() });
      expect(signup.status).toBe(503);
      expect(signup.body.message).toBe(UNAVAILABLE);
      // Signed-in users are not affected: tokens do not touch Redis.
      expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
      const health = await api(t, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
    }

    redis = await startTestRedis({ port });
    for (const t of [a, b]) {
      // Each instance reconnects by itself (backing off up to 2 s between attempts).
      const deadline = Date.now() + 15_000;
      while ((await api(t, 'GET', '/api/health')).body.redis !== 'up' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const login = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.username, password: user.password },
        headers: fromNewIp(),
      });
      expect(login.status).toBe(200);
      expect((login.body.user as { id: string }).id).toBe(user.id);
    }
    await expect(inspect.keys(`${THROTTLE_KEY_PREFIX}*`)).resolves.not.toHaveLength(0);
  });
});

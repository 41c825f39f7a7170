import { Redis } from 'ioredis';
import { RealtimeHub } from '../../src/modules/notifications/realtime/realtime-hub.js';
import { pendingBet } from '../admin/admin-helpers.js';
import { newUser, type SignedUpUser } from '../support/factories.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';
import { SseClient } from '../support/sse-client.js';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';

/** Two app instances behind a load balancer share one Redis: live events cross between them. */
describe('live events across instances (REDIS_URL)', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    redis = await startTestRedis();
    a = await startTestApp({ env: { REDIS_URL: redis.url } });
    b = await startSecondInstance(a, { REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });
  beforeEach(async () => {
    [alice, bob] = [await newUser(a), await newUser(a)];
  });

  const subscribers = async (userId: string): Promise<number> => {
    const client = new Redis(redis.url);
    try {
      const reply = (await client.pubsub('NUMSUB', `betwixt:live:${userId}`)) as [string, number];
      return Number(reply[1]);
    } finally {
      client.disconnect();
    }
  };

  it('an event on instance A reaches an SSE client connected to instance B within a second', async () => {
    const stream = await SseClient.open(b.url, bob.token);
    try {
      await stream.waitFor((event) => event.event === 'ready');
      const started = Date.now();
      const id = await pendingBet(a, alice, bob);
      const notice = await stream.waitFor((event) => event.event === 'notification', 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(notice.data).toMatchObject({
        type: 'bet_received',
        betId: id,
        title: `New challenge from ${alice.username}`,
      });
      await stream.waitFor((event) => event.event === 'changed');
    } finally {
      stream.close();
    }
  });

  it('subscribes to a user’s channel only while they have a stream open on the instance', async () => {
    expect(await subscribers(bob.id)).toBe(0);
    const first = await SseClient.open(b.url, bob.token);
    const second = await SseClient.open(b.url, bob.token);
    await first.waitFor((event) => event.event === 'ready');
    await second.waitFor((event) => event.event === 'ready');
    expect(await subscribers(bob.id)).toBe(1); // one subscription per instance, however many tabs
    first.close();
    await waitUntil(async () => b.app.get(RealtimeHub).connectionCount === 1);
    expect(await subscribers(bob.id)).toBe(1);
    second.close();
    await waitUntil(async () => (await subscribers(bob.id)) === 0);
    expect(await subscribers(bob.id)).toBe(0);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

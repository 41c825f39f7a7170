import { RealtimeHub } from '../../src/modules/notifications/realtime/realtime-hub.js';
import { api, newUser } from '../support/factories.js';
import { SseClient } from '../support/sse-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Polls `condition` until it holds; fails with `describe()` when it does not within `timeoutMs`. */
async function until(condition: () => boolean, describe: () => string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not reached: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const saidReconnect = (client: SseClient) => client.events.some((event) => event.event === 'reconnect');
const isReady = (client: SseClient) => client.events.some((event) => event.event === 'ready');
const FLOOD = 2_000;
const FLOOD_WAVE = 250;

describe('live streams are capped per person and per instance', () => {
  let t: TestApp;
  const clients: SseClient[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: { LIVE_STREAMS_PER_USER: '3', LIVE_STREAMS_PER_INSTANCE: '6' } });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => t.close());

  const hub = () => t.app.get(RealtimeHub);

  it('a flood of 2,000 streams for one person leaves the cap open while health answers throughout', async () => {
    const user = await newUser(t);
    // Opened in waves of FLOOD_WAVE at once: all 2,000 in one go overflow the test's own listen backlog on a
    // loaded two-core machine, which tests the kernel rather than the cap. Each wave races a health check.
    const flood: SseClient[] = [];
    const health: number[] = [];
    for (let opened = 0; opened < FLOOD; opened += FLOOD_WAVE) {
      const [wave, answers] = await Promise.all([
        Promise.all(Array.from({ length: FLOOD_WAVE }, () => SseClient.open(t.url, user.token))),
        Promise.all(Array.from({ length: 5 }, () => api(t, 'GET', '/api/health'))),
      ]);
      flood.push(...wave);
      clients.push(...wave);
      health.push(...answers.map((answer) => answer.status));
      expect(wave.map((client) => client.response.status)).toEqual(wave.map(() => 200));
      expect(hub().connectionCount).toBeLessThanOrEqual(3);
    }
    expect(health).toEqual(health.map(() => 200));
    expect(health).toHaveLength((FLOOD / FLOOD_WAVE) * 5);
    await until(
      () =>
        flood.filter(saidReconnect).length === FLOOD - 3 &&
        flood.filter((client) => !saidReconnect(client)).every(isReady),
      () => `${flood.filter(saidReconnect).length} reconnects, ${flood.filter(isReady).length} ready`,
      60_000,
    );
    const open = flood.filter((client) => !saidReconnect(client));
    expect(open.map(isReady)).toEqual([true, true, true]);
    expect(hub().connectionCount).toBe(3);
    const reasons = new Set(
      flood.flatMap((client) =>
        client.events
          .filter((event) => event.event === 'reconnect')
          .map((event) => JSON.stringify(event.data)),
      ),
    );
    expect([...reasons]).toEqual([JSON.stringify({ reason: 'superseded' })]);

    // The survivors are the newest: the person's next stream closes the oldest of them.
    const next = await SseClient.open(t.url, user.token);
    clients.push(next);
    await next.waitFor((event) => event.event === 'ready');
    await until(
      () => open.filter(saidReconnect).length === 1,
      () => `${open.filter(saidReconnect).length} of the three told to reconnect`,
    );
    expect(hub().connectionCount).toBe(3);
  }, 180_000);

  it('a full instance refuses a new stream with 429 and Retry-After, and admits one once a stream ends', async () => {
    const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
    const streams = [
      ...(await Promise.all([1, 2, 3].map(() => SseClient.open(t.url, a.token)))),
      ...(await Promise.all([1, 2, 3].map(() => SseClient.open(t.url, b.token)))),
    ];
    clients.push(...streams);
    await Promise.all(streams.map((stream) => stream.waitFor((event) => event.event === 'ready')));
    expect(hub().connectionCount).toBe(6);

    const refused = await api(t, 'GET', '/api/events', { token: c.token });
    expect([refused.status, refused.body.code]).toEqual([429, 'live_streams_full']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    streams[0]?.close();
    await until(
      () => hub().connectionCount === 5,
      () => `${hub().connectionCount} open`,
    );
    const admitted = await SseClient.open(t.url, c.token);
    clients.push(admitted);
    await admitted.waitFor((event) => event.event === 'ready');
    expect(hub().connectionCount).toBe(6);
  });
});

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

  it('a flood of streams for one person leaves the cap open: the oldest are told to reconnect', async () => {
    const user = await newUser(t);
    const flood = await Promise.all(Array.from({ length: 300 }, () => SseClient.open(t.url, user.token)));
    clients.push(...flood);
    expect(flood.map((client) => client.response.status)).toEqual(flood.map(() => 200));
    await until(
      () =>
        flood.filter(saidReconnect).length === 297 &&
        flood.filter((client) => !saidReconnect(client)).every(isReady),
      () => `${flood.filter(saidReconnect).length} reconnects, ${flood.filter(isReady).length} ready`,
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
    // The app answers everyone else meanwhile.
    const health = await Promise.all(Array.from({ length: 20 }, () => api(t, 'GET', '/api/health')));
    expect(health.map((answer) => answer.status)).toEqual(health.map(() => 200));

    // The survivors are the newest: the person's next stream closes the oldest of them.
    const next = await SseClient.open(t.url, user.token);
    clients.push(next);
    await next.waitFor((event) => event.event === 'ready');
    await until(
      () => open.filter(saidReconnect).length === 1,
      () => `${open.filter(saidReconnect).length} of the three told to reconnect`,
    );
    expect(hub().connectionCount).toBe(3);
  });

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

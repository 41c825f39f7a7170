import { inTransaction } from '../../src/database/in-transaction.js';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { SseClient, type ServerEvent } from '../support/sse-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Notice {
  id: number;
  type: string;
  title: string;
  betId: number | null;
}

const notices = (events: ServerEvent[]) =>
  events
    .filter((event) => event.event === 'notification')
    .map((event) => event as ServerEvent & { data: Notice });

/** Waits until `stream` holds `count` notifications (each waitFor wakes on every new event). */
async function notificationsIn(stream: SseClient, count: number, timeoutMs = 15_000) {
  await stream.waitFor(() => notices(stream.events).length >= count, timeoutMs);
  return notices(stream.events);
}

describe('a person notified by many writers at once', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  it('twenty challenges at once all commit, and a stream resumed midway gets each exactly once, in order', async () => {
    const host = await newUser(t);
    const challengers: SignedUpUser[] = [];
    for (let i = 0; i < 20; i += 1) challengers.push(await newUser(t));
    const first = await SseClient.open(t.url, host.token);
    let second: SseClient | undefined;
    try {
      await first.waitFor((event) => event.event === 'ready');
      const created = Promise.all(challengers.map((challenger) => pendingBet(t, challenger, host, '5.00')));

      // The phone drops the stream after seven and comes back with the last id it saw.
      const seen = (await notificationsIn(first, 7)).slice(0, 7);
      first.close();
      const lastSeen = seen[6]?.id;
      second = await SseClient.open(t.url, host.token, lastSeen);
      const betIds = await created;
      const rest = await notificationsIn(second, 20 - 7);

      const delivered = [...seen, ...rest];
      expect(delivered.map((event) => event.data.type)).toEqual(Array(20).fill('bet_received'));
      expect(delivered.map((event) => event.data.betId).sort((a, b) => Number(a) - Number(b))).toEqual(
        [...betIds].sort((a, b) => a - b),
      );
      // Every event's id is a later position than the one before it, across the reconnection.
      const positions = delivered.map((event) => event.id?.split('-').map(BigInt) ?? []);
      for (let i = 1; i < positions.length; i += 1) {
        const [txid = 0n, id = 0n] = positions[i] ?? [];
        const [beforeTxid = 0n, beforeId = 0n] = positions[i - 1] ?? [];
        expect(txid > beforeTxid || (txid === beforeTxid && id > beforeId)).toBe(true);
      }
      const list = await api(t, 'GET', '/api/notifications?limit=50', { token: host.token });
      expect((list.body.items as Notice[]).map((item) => item.id).sort()).toEqual(
        delivered.map((event) => event.data.id).sort(),
      );
    } finally {
      first.close();
      second?.close();
    }
  });

  it('a writer does not wait for another still open on the same person, and the stream keeps both in commit order', async () => {
    const host = await newUser(t);
    const [slow, quick] = [await newUser(t), await newUser(t)];
    const stream = await SseClient.open(t.url, host.token);
    try {
      await stream.waitFor((event) => event.event === 'ready');
      const notifications = t.app.get(NotificationsService);
      let quickBet = 0;
      await inTransaction(t.dataSource, async (manager) => {
        // A notification for the host written first, its transaction still open...
        await notifications.notify(manager, [
          {
            userId: host.id,
            type: 'friend_request',
            actorId: slow.id,
            render: (name) => ({ title: 'Friend request', body: `${name} sent you a friend request.` }),
          },
        ]);
        // ...while another person's challenge to the host commits: it must not queue behind it.
        quickBet = await pendingBet(t, quick, host, '5.00');
      });
      const delivered = await notificationsIn(stream, 2);
      expect(delivered.map((event) => event.data.type)).toEqual(['friend_request', 'bet_received']);
      expect(delivered[1]?.data.betId).toBe(quickBet);
    } finally {
      stream.close();
    }
  });

  it('a client of the previous version, whose Last-Event-ID is a bare notification id, gets what came after it', async () => {
    const [host, friend] = [await newUser(t), await newUser(t)];
    await pendingBet(t, friend, host, '5.00');
    const list = await api(t, 'GET', '/api/notifications', { token: host.token });
    const [seen] = list.body.items as Notice[];
    const later = await pendingBet(t, friend, host, '5.00');
    const stream = await SseClient.open(t.url, host.token, String(seen?.id));
    try {
      await stream.waitFor((event) => event.event === 'ready');
      const [missed] = await notificationsIn(stream, 1);
      expect(missed?.data.betId).toBe(later);
      expect(missed?.id).toMatch(/^\d+-\d+$/);
      const again = await pendingBet(t, friend, host, '5.00');
      const delivered = await notificationsIn(stream, 2);
      expect(delivered.map((event) => event.data.betId)).toEqual([later, again]);
    } finally {
      stream.close();
    }
  });
});

import { Clock } from '../../src/common/clock.js';
import { BetDeadlinesService } from '../../src/modules/bets/bet-deadlines.service.js';
import { LiveStreams } from '../../src/modules/notifications/realtime/live-streams.service.js';
import { activeBet, betBody, moderate, newAdmin, pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { SseClient } from '../support/sse-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Notice {
  id: number;
  type: string;
  category: string;
  title: string;
  body: string;
  url: string;
  betId: number | null;
  amount: string | null;
  readAt: string | null;
}
interface Page {
  items: Notice[];
  unreadCount: number;
  nextBefore: number | null;
}

describe('notifications', () => {
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    [alice, bob] = [await newUser(t), await newUser(t)];
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const page = async (user: SignedUpUser, query = ''): Promise<Page> => {
    const response = await api(t, 'GET', `/api/notifications${query}`, { token: user.token });
    expect(response.status).toBe(200);
    return response.body as unknown as Page;
  };
  const types = async (user: SignedUpUser) => (await page(user)).items.map((item) => item.type);
  const report = (user: SignedUpUser, id: number, result: string, confirmed?: boolean) =>
    api(t, 'POST', `/api/bets/${id}/submit-result`, {
      token: user.token,
      body: confirmed === undefined ? { result } : { result, confirmed },
    });

  describe('each event notifies the right person, and only them', () => {
    it('a challenge goes to the opponent, naming the challenger and linking the bet', async () => {
      const id = await pendingBet(t, alice, bob, '12.50');
      const { items, unreadCount } = await page(bob);
      expect(unreadCount).toBe(1);
      expect(items).toEqual([
        expect.objectContaining({
          type: 'bet_received',
          category: 'betUpdates',
          title: `New challenge from ${alice.username}`,
          body: '“Who wins the derby?” for $12.50. Accept or decline it before it expires.',
          url: `/bets/${id}`,
          betId: id,
          amount: null,
          readAt: null,
        }),
      ]);
      expect(await types(alice)).toEqual([]);
    });

    it('accepting tells the challenger; the first report tells the other party; settling tells the first reporter with the winnings', async () => {
      const id = await activeBet(t, alice, bob, '20.00');
      expect(await types(alice)).toEqual(['bet_accepted']);
      expect(await types(bob)).toEqual(['bet_received']);

      expect((await report(alice, id, alice.id)).status).toBe(200);
      expect(await types(bob)).toEqual(['result_submitted', 'bet_received']);
      expect(await types(alice)).toEqual(['bet_accepted']);

      expect((await report(bob, id, alice.id)).status).toBe(200);
      const [resolved] = (await page(alice)).items;
      expect(resolved).toMatchObject({
        type: 'bet_resolved',
        category: 'betResolved',
        title: 'You won $20.00!',
        body: '“Who wins the derby?” is settled: $40.00 paid to your wallet.',
        amount: '20.00',
      });
      // Bob settled it himself: nothing new for him.
      expect(await types(bob)).toEqual(['result_submitted', 'bet_received']);
    });

    it('a loss and a draw are told without winnings', async () => {
      const lost = await activeBet(t, alice, bob);
      await report(alice, lost, bob.id);
      await report(bob, lost, bob.id);
      expect((await page(alice)).items[0]).toMatchObject({
        type: 'bet_resolved',
        title: 'You lost “Who wins the derby?”',
        amount: null,
      });
      const draw = await activeBet(t, alice, bob);
      await report(alice, draw, 'NO_CLEAR_OUTCOME');
      await report(bob, draw, 'NO_CLEAR_OUTCOME');
      expect((await page(alice)).items[0]).toMatchObject({
        type: 'bet_resolved',
        title: '“Who wins the derby?” ended in a draw',
        amount: null,
      });
    });

    it('declining tells the challenger; cancelling tells the opponent', async () => {
      const declined = await pendingBet(t, alice, bob);
      expect((await api(t, 'POST', `/api/bets/${declined}/decline`, { token: bob.token })).status).toBe(200);
      expect((await page(alice)).items[0]).toMatchObject({
        type: 'bet_declined',
        title: `${bob.username} declined your challenge`,
        betId: declined,
      });
      const cancelled = await pendingBet(t, alice, bob);
      expect((await api(t, 'POST', `/api/bets/${cancelled}/cancel`, { token: alice.token })).status).toBe(
        200,
      );
      expect((await page(bob)).items[0]).toMatchObject({ type: 'bet_cancelled', betId: cancelled });
      expect(await types(alice)).toEqual(['bet_declined']);
    });

    it('a confirmed conflict tells the other party; an admin decision and its change tell both', async () => {
      const admin = await newAdmin(t);
      const id = await activeBet(t, alice, bob, '10.00');
      await report(alice, id, alice.id);
      expect((await report(bob, id, bob.id)).body).toMatchObject({ needsConfirmation: true });
      expect(await types(alice)).toEqual(['bet_accepted']); // unconfirmed: nothing happened
      expect((await report(bob, id, bob.id, true)).body).toMatchObject({ status: 'disputed' });
      expect(await types(alice)).toEqual(['bet_disputed', 'bet_accepted']);
      expect(await types(bob)).toEqual(['result_submitted', 'bet_received']);

      const resolve = await api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
        token: admin.token,
        body: { winnerId: bob.id, resolution: 'The referee report names Bob' },
      });
      expect(resolve.status).toBe(200);
      expect((await page(bob)).items[0]).toMatchObject({
        type: 'dispute_resolved',
        title: 'You won $10.00!',
        amount: '10.00',
      });
      expect((await page(alice)).items[0]).toMatchObject({ type: 'dispute_resolved', amount: null });

      const edit = await api(t, 'POST', `/api/bets/${id}/edit-resolution`, {
        token: admin.token,
        body: { winnerId: alice.id, reason: 'The video shows the Reds scored' },
      });
      expect(edit.status).toBe(200);
      expect((await page(alice)).items[0]).toMatchObject({
        title: 'Decision changed: You won $10.00!',
        amount: '10.00',
      });
      expect((await page(bob)).items[0]).toMatchObject({
        title: 'Decision changed: You lost “Who wins the derby?”',
      });
      expect(await types(admin)).toEqual([]);
    });

    it('an unanswered challenge that expires tells the challenger', async () => {
      const id = await pendingBet(t, alice, bob);
      jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 169 * 3_600_000));
      await t.app.get(BetDeadlinesService).processDeadlines();
      expect((await page(alice)).items[0]).toMatchObject({
        type: 'bet_expired',
        category: 'betExpiring',
        betId: id,
      });
    });

    it('friend requests and acceptances tell the other person; a decline is quiet', async () => {
      const sent = await api(t, 'POST', '/api/friends/request', {
        token: alice.token,
        body: { addresseeId: bob.id },
      });
      expect(sent.status).toBe(201);
      expect((await page(bob)).items[0]).toMatchObject({
        type: 'friend_request',
        category: 'friendRequests',
        title: `${alice.username} sent you a friend request`,
        url: '/friends',
      });
      const accepted = await api(t, 'POST', `/api/friends/${String(sent.body.id)}/accept`, {
        token: bob.token,
      });
      expect(accepted.status).toBe(200);
      expect((await page(alice)).items[0]).toMatchObject({
        type: 'friend_accepted',
        // Friends now, so named (both are called Avery Stone here, hence the username beside it).
        title: `Avery Stone (@${bob.username}) accepted your friend request`,
      });

      const carol = await newUser(t);
      const request = await api(t, 'POST', '/api/friends/request', {
        token: carol.token,
        body: { addresseeId: alice.id },
      });
      await api(t, 'POST', `/api/friends/${String(request.body.id)}/decline`, { token: alice.token });
      expect(await types(carol)).toEqual([]);
    });

    it('an admin warning, suspension and balance adjustment reach the user, never naming the admin', async () => {
      const admin = await newAdmin(t);
      await moderate(t, admin, alice.id, 'warn', 'Please keep bet titles friendly');
      await moderate(t, admin, alice.id, 'suspend', 'Repeated abusive bet titles', 3);
      const adjusted = await api(t, 'POST', '/api/admin/balance-adjustment', {
        token: admin.token,
        body: { userId: alice.id, amount: '5.25', type: 'deposit', reason: 'Compensation for an outage' },
      });
      expect(adjusted.status).toBe(200);
      const { items } = await page(alice);
      expect(items.map((item) => [item.type, item.category, item.url])).toEqual([
        ['balance_adjusted', 'account', '/history'],
        ['moderation', 'account', '/account'],
        ['moderation', 'account', '/account'],
      ]);
      expect(items[0]?.title).toBe('An admin added $5.25');
      expect(items[1]?.title).toMatch(/^Your account is suspended until [A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(items[2]).toMatchObject({
        title: 'Warning from an admin',
        body: 'Please keep bet titles friendly',
      });
      expect(JSON.stringify(items)).not.toContain(admin.username);
    });

    it('a refused use case leaves no notification behind', async () => {
      const refused = await api(t, 'POST', '/api/bets', {
        token: alice.token,
        body: betBody(bob, '5000.00'),
      });
      expect(refused.status).toBe(400);
      expect(await types(bob)).toEqual([]);
    });
  });

  describe('reading is private to the owner', () => {
    it('lists only the caller’s notifications, pages with a cursor, and refuses bad paging', async () => {
      for (let i = 0; i < 3; i++) await pendingBet(t, alice, bob);
      const first = await page(bob, '?limit=2');
      expect(first.items).toHaveLength(2);
      expect(first.unreadCount).toBe(3);
      expect(first.nextBefore).toBe(first.items[1]?.id);
      const second = await page(bob, `?limit=2&before=${String(first.nextBefore)}`);
      expect(second.items).toHaveLength(1);
      expect(second.nextBefore).toBeNull();
      expect(await types(alice)).toEqual([]);
      for (const bad of ['?limit=0', '?limit=101', '?limit=abc', '?before=-1']) {
        expect((await api(t, 'GET', `/api/notifications${bad}`, { token: bob.token })).status).toBe(400);
      }
      expect((await api(t, 'GET', '/api/notifications')).status).toBe(401);
    });

    it('marks one or all read, and cannot touch someone else’s', async () => {
      await pendingBet(t, alice, bob);
      await pendingBet(t, alice, bob);
      await pendingBet(t, bob, alice);
      const [latest, older] = (await page(bob)).items;
      const mine = (await page(alice)).items[0];
      if (!latest || !older || !mine) throw new Error('expected notifications');

      const stranger = await api(t, 'POST', `/api/notifications/${mine.id}/read`, { token: bob.token });
      expect(stranger.status).toBe(404);
      expect((await page(alice)).unreadCount).toBe(1);
      for (const bad of ['abc', '0', '99999999999']) {
        expect((await api(t, 'POST', `/api/notifications/${bad}/read`, { token: bob.token })).status).toBe(
          404,
        );
      }

      const one = await api(t, 'POST', `/api/notifications/${latest.id}/read`, { token: bob.token });
      expect(one).toMatchObject({ status: 200, body: { unreadCount: 1 } });
      const again = await api(t, 'POST', `/api/notifications/${latest.id}/read`, { token: bob.token });
      expect(again.body).toEqual({ unreadCount: 1 });
      expect((await page(bob)).items[0]?.readAt).toEqual(expect.any(String));

      const all = await api(t, 'POST', '/api/notifications/read-all', { token: bob.token });
      expect(all).toMatchObject({ status: 200, body: { unreadCount: 0 } });
      expect((await page(bob)).items.every((item) => item.readAt !== null)).toBe(true);
      expect((await page(alice)).unreadCount).toBe(1);
    });

    it('a deleted account takes its notifications with it', async () => {
      await pendingBet(t, alice, bob);
      const deleted = await api(t, 'DELETE', '/api/user/account', {
        token: bob.token,
        body: { password: bob.password, confirm: 'DELETE' },
      });
      expect(deleted.status).toBeLessThan(300);
      const [row] = await t.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM notifications WHERE "userId" = $1`,
        [bob.id],
      );
      expect(row?.count).toBe(0);
      // The challenger is told the bet was called off and refunded.
      expect((await page(alice)).items[0]).toMatchObject({
        type: 'bet_cancelled',
        title: 'A bet was called off',
      });
    });
  });

  describe('live stream', () => {
    // Pushed on the open stream, not found on a later poll; how fast is the bench's question, not a gate here
    // (a 1 s bound failed with three int workers on two cores).
    it('delivers a challenge to the opponent’s open stream, and a change to both', async () => {
      const stream = await SseClient.open(t.url, bob.token);
      const own = await SseClient.open(t.url, alice.token);
      try {
        expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        await stream.waitFor((event) => event.event === 'ready');
        await own.waitFor((event) => event.event === 'ready');
        const id = await pendingBet(t, alice, bob);
        const notice = await stream.waitFor((event) => event.event === 'notification', 10_000);
        expect(notice.data).toMatchObject({ type: 'bet_received', betId: id, url: `/bets/${id}` });
        await stream.waitFor((event) => event.event === 'changed');
        expect((await own.waitFor((event) => event.event === 'changed')).data).toEqual({
          topics: ['bets', 'wallet', 'activities', 'notifications'],
        });
        expect(own.events.some((event) => event.event === 'notification')).toBe(false);
      } finally {
        stream.close();
        own.close();
      }
    });

    it('refuses a caller without a session, and ends the stream when the session ends', async () => {
      const anonymous = await SseClient.open(t.url, null);
      expect(anonymous.response.status).toBe(401);
      anonymous.close();
      t.app.get(LiveStreams).heartbeatMs = 100;
      const stream = await SseClient.open(t.url, bob.token);
      try {
        await stream.waitFor((event) => event.event === 'ready');
        expect((await api(t, 'GET', '/api/logout', { token: bob.token })).status).toBeLessThan(400);
        await expect(
          Promise.race([
            stream.ended.then(() => 'ended'),
            new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000)),
          ]),
        ).resolves.toBe('ended');
      } finally {
        stream.close();
        t.app.get(LiveStreams).heartbeatMs = 25_000;
      }
    });
  });
});

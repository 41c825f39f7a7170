import { pendingBet, activeBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { SseClient } from '../support/sse-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Notice {
  type: string;
  title: string;
  body: string;
  betId: number | null;
}

/** What the server writes about people and their calls to action: one name per person, texts that stay true. */
describe('notification texts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const notices = async (user: SignedUpUser): Promise<Notice[]> => {
    const response = await api(t, 'GET', '/api/notifications', { token: user.token });
    expect(response.status).toBe(200);
    return (response.body as unknown as { items: Notice[] }).items;
  };
  const befriend = async (a: SignedUpUser, b: SignedUpUser) => {
    const sent = await api(t, 'POST', '/api/friends/request', {
      token: a.token,
      body: { addresseeId: b.id },
    });
    expect(sent.status).toBe(201);
    const accepted = await api(t, 'POST', `/api/friends/${String(sent.body.id)}/accept`, { token: b.token });
    expect(accepted.status).toBe(200);
    return String(sent.body.id);
  };
  const report = (user: SignedUpUser, id: number, result: string) =>
    api(t, 'POST', `/api/bets/${id}/submit-result`, { token: user.token, body: { result } });

  describe('one name per person', () => {
    it('names a friend by their name, a stranger by their username, and a namesake with both', async () => {
      const maya = await newUser(t, { firstName: 'Maya', lastName: 'Lopez' });
      const zoe = await newUser(t, { firstName: 'Zoe', lastName: 'Park' });
      const stranger = await newUser(t, { firstName: 'Sam', lastName: 'Hidden' });
      await befriend(maya, zoe);

      await pendingBet(t, maya, zoe);
      expect((await notices(zoe))[0]?.title).toBe('New challenge from Maya Lopez');

      // A friends-only profile keeps its name from people who are not friends.
      await pendingBet(t, stranger, zoe);
      expect((await notices(zoe))[0]?.title).toBe(`New challenge from ${stranger.username}`);

      const otherZoe = await newUser(t, { firstName: 'Zoe', lastName: 'Park' });
      await befriend(otherZoe, zoe);
      await pendingBet(t, otherZoe, zoe);
      expect((await notices(zoe))[0]?.title).toBe(`New challenge from Zoe Park (@${otherZoe.username})`);
    });
  });

  describe('a call to action follows what it points at', () => {
    let maya: SignedUpUser;
    let zoe: SignedUpUser;
    beforeEach(async () => {
      [maya, zoe] = [await newUser(t), await newUser(t)];
    });

    it('“Submit your outcome” reads as settled once the recipient has reported and the bet settled', async () => {
      const id = await activeBet(t, maya, zoe);
      expect((await report(maya, id, maya.id)).status).toBe(200);
      const asked = (await notices(zoe)).find((notice) => notice.type === 'result_submitted');
      expect(asked?.body).toBe('Submit your outcome for “Who wins the derby?” to settle it.');

      expect((await report(zoe, id, maya.id)).status).toBe(200);
      const after = (await notices(zoe)).find((notice) => notice.type === 'result_submitted');
      expect(after?.body).toBe('“Who wins the derby?”: The bet has been settled.');
      // The challenger's "Report the result" is done too.
      const accepted = (await notices(maya)).find((notice) => notice.type === 'bet_accepted');
      expect(accepted?.body).toBe('“Who wins the derby?” is on: $50.00 each. The bet has been settled.');
    });

    it('“Accept or decline it” reads as declined after Deny, and the decliner’s open apps are told to refresh', async () => {
      const id = await pendingBet(t, maya, zoe);
      const stream = await SseClient.open(t.url, zoe.token);
      try {
        await stream.waitFor((event) => event.event === 'ready');
        expect((await api(t, 'POST', `/api/bets/${id}/decline`, { token: zoe.token })).status).toBe(200);
        const changed = await stream.waitFor((event) => event.event === 'changed');
        expect((changed.data as { topics: string[] }).topics).toContain('notifications');
      } finally {
        stream.close();
      }
      const [challenge] = await notices(zoe);
      expect(challenge).toMatchObject({ type: 'bet_received', betId: id });
      expect(challenge?.body).toBe('“Who wins the derby?” for $50.00. The challenge was declined.');
    });

    it('“Accept it on the Friends page” reads as done once the request is accepted', async () => {
      const sent = await api(t, 'POST', '/api/friends/request', {
        token: maya.token,
        body: { addresseeId: zoe.id },
      });
      expect((await notices(zoe))[0]?.body).toBe(
        'Accept it on the Friends page to challenge each other and compare records.',
      );
      await api(t, 'POST', `/api/friends/${String(sent.body.id)}/accept`, { token: zoe.token });
      expect((await notices(zoe))[0]?.body).toBe('You are friends now.');
    });
  });
});

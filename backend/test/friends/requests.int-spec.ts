import { Clock } from '../../src/common/clock.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { asList, itemsOf, befriend, sendRequest, statusSeenBy, type Person } from './friends-helpers.js';

interface FriendRow extends Person {
  friendshipId: string;
  since: string;
}
interface RequestRow {
  id: string;
  requester: Person;
  createdAt: string;
}

describe('friend requests and friendships', () => {
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let carol: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    [alice, bob, carol] = [await newUser(t), await newUser(t), await newUser(t)];
  });
  afterEach(() => jest.restoreAllMocks());

  const friendsOf = async (user: SignedUpUser) =>
    itemsOf<FriendRow>((await api(t, 'GET', '/api/friends', { token: user.token })).body);
  const requestsOf = async (user: SignedUpUser) =>
    asList<RequestRow>((await api(t, 'GET', '/api/friends/requests', { token: user.token })).body);
  const answer = (user: SignedUpUser, requestId: string, action: 'accept' | 'decline') =>
    api(t, 'POST', `/api/friends/${requestId}/${action}`, { token: user.token });

  it('goes none -> request_sent / request_received -> friends, seen from both sides', async () => {
    expect(await statusSeenBy(t, alice, bob)).toBe('none');
    expect(await statusSeenBy(t, bob, alice)).toBe('none');

    const sent = await sendRequest(t, alice, bob);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      requesterId: alice.id,
      addresseeId: bob.id,
      status: 'pending',
      friendshipStatus: 'request_sent',
    });
    const requestId = sent.body.id as string;
    expect(await statusSeenBy(t, alice, bob)).toBe('request_sent');
    expect(await statusSeenBy(t, bob, alice)).toBe('request_received');

    const incoming = await requestsOf(bob);
    expect(incoming).toEqual([
      {
        id: requestId,
        requester: {
          id: alice.id,
          username: alice.username,
          firstName: null,
          lastName: null,
          profileImageUrl: null,
        },
        createdAt: expect.any(String) as string,
      },
    ]);
    expect(await requestsOf(alice)).toEqual([]);
    expect(await friendsOf(alice)).toEqual([]);

    const accepted = await answer(bob, requestId, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: requestId, status: 'accepted', friendshipStatus: 'friends' });
    expect(await statusSeenBy(t, alice, bob)).toBe('friends');
    expect(await statusSeenBy(t, bob, alice)).toBe('friends');
    expect(await requestsOf(bob)).toEqual([]);

    const alicesFriends = await friendsOf(alice);
    expect(alicesFriends).toEqual([
      {
        id: bob.id,
        username: bob.username,
        // Friends see a default ('friends') profile.
        firstName: 'Avery',
        lastName: 'Stone',
        profileImageUrl: null,
        friendshipStatus: 'friends',
        friendshipId: requestId,
        since: expect.any(String) as string,
      },
    ]);
    expect((await friendsOf(bob)).map((friend) => friend.id)).toEqual([alice.id]);
  });

  it('lets only the addressee answer: outsiders get 404, the requester 403', async () => {
    const requestId = (await sendRequest(t, alice, bob)).body.id as string;
    for (const action of ['accept', 'decline'] as const) {
      const outsider = await answer(carol, requestId, action);
      expect(outsider.status).toBe(404);
      expect(outsider.body.message).toBe('Friend request not found');
      const own = await answer(alice, requestId, action);
      expect(own.status).toBe(403);
      expect(own.body.message).toBe(`Only the person who received this friend request can ${action} it`);
    }
    expect((await answer(bob, '00000000-0000-4000-8000-000000000000', 'accept')).status).toBe(404);
    expect((await answer(bob, 'not-a-uuid', 'accept')).status).toBe(404);
    expect((await api(t, 'POST', `/api/friends/${requestId}/accept`)).status).toBe(401);
    expect(await statusSeenBy(t, alice, bob)).toBe('request_sent');
  });

  it('refuses requests to yourself, to unknown people, duplicates and between friends', async () => {
    const self = await sendRequest(t, alice, alice);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot send a friend request to yourself');

    const unknown = await api(t, 'POST', '/api/friends/request', {
      token: alice.token,
      body: { addresseeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    const malformed = await api(t, 'POST', '/api/friends/request', {
      token: alice.token,
      body: { addresseeId: 'bob' },
    });
    expect(malformed.status).toBe(400);
    const extra = await api(t, 'POST', '/api/friends/request', {
      token: alice.token,
      body: { addresseeId: bob.id, status: 'accepted' },
    });
    expect(extra.status).toBe(400);

    expect((await sendRequest(t, alice, bob)).status).toBe(201);
    const duplicate = await sendRequest(t, alice, bob);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Friend request already sent');

    await answer(bob, (await requestsOf(bob))[0]?.id ?? '', 'accept');
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const between = await sendRequest(t, from, to);
      expect(between.status).toBe(409);
      expect(between.body.message).toBe('You are already friends');
    }
    const rows = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM friendships WHERE $1 IN ("requesterId", "addresseeId")`,
      [alice.id],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses a request to a deleted or banned person as unknown (404)', async () => {
    await t.dataSource.query(`UPDATE users SET "deletedAt" = now() WHERE id = $1`, [bob.id]);
    await t.dataSource.query(`UPDATE users SET "bannedAt" = now() WHERE id = $1`, [carol.id]);
    expect((await sendRequest(t, alice, bob)).status).toBe(404);
    expect((await sendRequest(t, alice, carol)).status).toBe(404);
  });

  it('accepts the crossing request: asking someone who already asked you makes you friends', async () => {
    const first = await sendRequest(t, alice, bob);
    const crossing = await sendRequest(t, bob, alice);
    expect(crossing.status).toBe(201);
    expect(crossing.body).toMatchObject({
      id: first.body.id,
      requesterId: alice.id,
      addresseeId: bob.id,
      status: 'accepted',
      friendshipStatus: 'friends',
    });
    expect(await statusSeenBy(t, alice, bob)).toBe('friends');
    expect(await requestsOf(bob)).toEqual([]);
    expect((await friendsOf(alice)).map((friend) => friend.id)).toEqual([bob.id]);
  });

  it('after a decline either side may ask again, reusing the one row of the pair', async () => {
    const first = await sendRequest(t, alice, bob);
    const declined = await answer(bob, first.body.id as string, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', friendshipStatus: 'none' });
    expect(await statusSeenBy(t, alice, bob)).toBe('none');
    expect(await statusSeenBy(t, bob, alice)).toBe('none');
    expect(await requestsOf(bob)).toEqual([]);
    // A declined request cannot be answered again.
    expect((await answer(bob, first.body.id as string, 'accept')).status).toBe(409);

    const again = await sendRequest(t, alice, bob);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, status: 'pending', requesterId: alice.id });
    await answer(bob, first.body.id as string, 'decline');

    // Now the one who declined asks.
    const reverse = await sendRequest(t, bob, alice);
    expect(reverse.status).toBe(201);
    expect(reverse.body).toMatchObject({ id: first.body.id, requesterId: bob.id, addresseeId: alice.id });
    expect(await statusSeenBy(t, alice, bob)).toBe('request_received');
    expect((await answer(alice, first.body.id as string, 'accept')).status).toBe(200);
    expect(await statusSeenBy(t, bob, alice)).toBe('friends');
  });

  it('unfriends from either side; 404 when not friends', async () => {
    await befriend(t, alice, bob);
    await befriend(t, carol, alice);
    const removed = await api(t, 'DELETE', `/api/friends/${bob.id}`, { token: bob.token });
    expect(removed.status).toBe(404); // bob is not his own friend
    expect((await api(t, 'DELETE', `/api/friends/${alice.id}`, { token: bob.token })).status).toBe(204);
    expect(await statusSeenBy(t, alice, bob)).toBe('none');
    expect((await friendsOf(alice)).map((friend) => friend.id)).toEqual([carol.id]);
    const again = await api(t, 'DELETE', `/api/friends/${alice.id}`, { token: bob.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('You are not friends with this person');
    expect((await api(t, 'DELETE', `/api/friends/${carol.id}`, { token: alice.token })).status).toBe(204);
    expect(await friendsOf(carol)).toEqual([]);
    // A pending request is not a friendship either.
    await sendRequest(t, alice, bob);
    expect((await api(t, 'DELETE', `/api/friends/${bob.id}`, { token: alice.token })).status).toBe(404);
    // And they can become friends again.
    expect((await sendRequest(t, bob, alice)).body.status).toBe('accepted');
  });

  it('refuses requests from a suspended account (403) until the suspension ends', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000);
    await t.dataSource.query(`UPDATE users SET "suspendedUntil" = $2 WHERE id = $1`, [alice.id, until]);
    const refused = await sendRequest(t, alice, bob);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your account is suspended, so you cannot send friend requests right now.',
    );
    expect(await statusSeenBy(t, bob, alice)).toBe('none');

    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(until.getTime() + 1000));
    expect((await sendRequest(t, alice, bob)).status).toBe(201);
  });

  it('hides requests and friends whose accounts are gone', async () => {
    await sendRequest(t, alice, bob);
    await befriend(t, carol, bob);
    await t.dataSource.query(`UPDATE users SET "deletedAt" = now() WHERE id = ANY($1::uuid[])`, [
      [alice.id, carol.id],
    ]);
    expect(await requestsOf(bob)).toEqual([]);
    expect(await friendsOf(bob)).toEqual([]);
  });

  it('keeps one friendship when both send requests at the same time', async () => {
    const results = await Promise.all([sendRequest(t, alice, bob), sendRequest(t, bob, alice)]);
    expect(results.map((result) => result.status)).toEqual([201, 201]);
    const rows = await t.dataSource.query<{ status: string }[]>(
      `SELECT status FROM friendships WHERE $1 IN ("requesterId", "addresseeId")`,
      [alice.id],
    );
    expect(rows).toEqual([{ status: 'accepted' }]);
  });

  it('needs a signed-in user everywhere', async () => {
    for (const [method, path] of [
      ['GET', '/api/friends'],
      ['GET', '/api/friends/requests'],
      ['POST', '/api/friends/request'],
      ['DELETE', `/api/friends/${bob.id}`],
      ['GET', `/api/friends/${bob.id}/head-to-head`],
      ['GET', '/api/users/search?q=a'],
      ['GET', '/api/users/search/suggestions?q=ab'],
      ['GET', `/api/users/${bob.id}`],
    ]) {
      expect((await api(t, method ?? 'GET', path ?? '/')).status).toBe(401);
    }
  });
});

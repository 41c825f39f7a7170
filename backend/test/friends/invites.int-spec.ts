import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { asList, itemsOf, befriend, playBet, sendRequest, statusSeenBy, type Person } from './friends-helpers.js';

interface Link {
  code: string;
  createdAt: string;
}

describe('personal invite links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  async function myCode(user: SignedUpUser): Promise<string> {
    const response = await api(t, 'GET', '/api/invites/mine', { token: user.token });
    expect(response.status).toBe(200);
    return (response.body as unknown as Link).code;
  }
  const accept = (user: SignedUpUser, code: string) =>
    api(t, 'POST', `/api/invites/${encodeURIComponent(code)}/accept`, { token: user.token });
  const friendIds = async (user: SignedUpUser) =>
    itemsOf<Person>((await api(t, 'GET', '/api/friends', { token: user.token })).body).map((p) => p.id);

  it('gives each person one random code, the same until replaced, even to racing first calls', async () => {
    const inviter = await newUser(t);
    const codes = await Promise.all(Array.from({ length: 8 }, () => myCode(inviter)));
    expect(new Set(codes).size).toBe(1);
    expect(codes[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await myCode(inviter)).toBe(codes[0]);
    expect(await myCode(await newUser(t))).not.toBe(codes[0]);
    expect((await api(t, 'GET', '/api/invites/mine')).status).toBe(401);
  });

  it('shows who invited you without sign-in, and only their name and username', async () => {
    const inviter = await newUser(t, { firstName: 'Maya', lastName: 'Lopez' });
    const code = await myCode(inviter);
    const response = await api(t, 'GET', `/api/invites/${code}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      code,
      inviter: { id: inviter.id, username: inviter.username, displayName: 'Maya Lopez' },
    });
  });

  it('signed in, one call makes both people friends and tells the inviter; a second call changes nothing', async () => {
    const inviter = await newUser(t);
    const friend = await newUser(t);
    const code = await myCode(inviter);
    const first = await accept(friend, code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      alreadyFriends: false,
      friendshipStatus: 'friends',
      inviter: { id: inviter.id },
    });
    expect(await friendIds(inviter)).toEqual([friend.id]);
    expect(await friendIds(friend)).toEqual([inviter.id]);
    expect(await statusSeenBy(t, inviter, friend)).toBe('friends');
    const [note] = (
      (await api(t, 'GET', '/api/notifications', { token: inviter.token })).body as unknown as {
        items: { type: string; title: string }[];
      }
    ).items;
    expect(note?.type).toBe('friend_accepted');
    expect(note?.title).toContain('invite link');

    const again = await accept(friend, code);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyFriends: true });
    expect(await friendIds(friend)).toEqual([inviter.id]);
    // The link keeps working for others: it is a personal link, not a one-time ticket.
    const third = await newUser(t);
    expect((await accept(third, code)).status).toBe(200);
    expect((await friendIds(inviter)).sort()).toEqual([friend.id, third.id].sort());
  });

  it('works right after sign-up, and over a pending or declined request in either direction', async () => {
    const inviter = await newUser(t);
    const code = await myCode(inviter);
    const fresh = await newUser(t); // signed up a moment ago through the real endpoint
    expect((await accept(fresh, code)).status).toBe(200);
    expect(await statusSeenBy(t, fresh, inviter)).toBe('friends');

    const asked = await newUser(t);
    await sendRequest(t, asked, inviter);
    expect((await accept(asked, code)).body).toMatchObject({ alreadyFriends: false });
    expect(await statusSeenBy(t, asked, inviter)).toBe('friends');

    const askedBy = await newUser(t);
    await sendRequest(t, inviter, askedBy);
    expect((await accept(askedBy, code)).status).toBe(200);
    expect(await statusSeenBy(t, askedBy, inviter)).toBe('friends');

    const declined = await newUser(t);
    const request = await sendRequest(t, declined, inviter);
    await api(t, 'POST', `/api/friends/${request.body.id as string}/decline`, { token: inviter.token });
    expect((await accept(declined, code)).status).toBe(200);
    expect(await statusSeenBy(t, declined, inviter)).toBe('friends');
  });

  it('replacing revokes the old code (410 to look up and to use) and the new one works', async () => {
    const inviter = await newUser(t);
    const old = await myCode(inviter);
    const replaced = await api(t, 'POST', '/api/invites/mine/replace', { token: inviter.token });
    expect(replaced.status).toBe(200);
    const fresh = (replaced.body as unknown as Link).code;
    expect(fresh).not.toBe(old);
    expect(await myCode(inviter)).toBe(fresh);

    const lookup = await api(t, 'GET', `/api/invites/${old}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body).toMatchObject({ code: 'invite_revoked' });
    const late = await newUser(t);
    const refused = await accept(late, old);
    expect(refused.status).toBe(410);
    expect(await friendIds(late)).toEqual([]);
    expect((await accept(late, fresh)).status).toBe(200);

    // Revoking leaves no active code; the next look at your link makes a new one.
    expect((await api(t, 'DELETE', '/api/invites/mine', { token: inviter.token })).status).toBe(204);
    expect((await api(t, 'GET', `/api/invites/${fresh}`)).status).toBe(410);
    const next = await myCode(inviter);
    expect([old, fresh]).not.toContain(next);
  });

  it('racing replacements leave exactly one active code', async () => {
    const inviter = await newUser(t);
    await myCode(inviter);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(t, 'POST', '/api/invites/mine/replace', { token: inviter.token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const [{ active } = { active: -1 }] = await t.dataSource.query<{ active: number }[]>(
      `SELECT count(*)::int AS active FROM invite_codes WHERE "userId" = $1 AND "revokedAt" IS NULL`,
      [inviter.id],
    );
    expect(active).toBe(1);
  });

  it('refuses your own link, unknown codes, signed-out use, suspended users and vanished inviters clearly', async () => {
    const inviter = await newUser(t);
    const code = await myCode(inviter);
    const self = await accept(inviter, code);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'invite_self' });

    for (const unknown of [
      'AAAAAAAAAAAAAAAAAAAAAA',
      'short',
      "'; DROP TABLE users; --",
      '%2e%2e',
      'x'.repeat(65),
    ]) {
      const lookup = await api(t, 'GET', `/api/invites/${encodeURIComponent(unknown)}`);
      expect(lookup.status).toBe(404);
      expect(lookup.body).toMatchObject({ code: 'invite_not_found' });
      expect((await accept(inviter, unknown)).status).toBe(404);
    }
    expect((await api(t, 'POST', `/api/invites/${code}/accept`)).status).toBe(401);

    const suspended = await newUser(t);
    await t.dataSource.query(`UPDATE users SET "suspendedUntil" = now() + interval '1 day' WHERE id = $1`, [
      suspended.id,
    ]);
    expect((await accept(suspended, code)).status).toBe(403);
    expect(await friendIds(suspended)).toEqual([]);

    await t.dataSource.query(`UPDATE users SET "bannedAt" = now() WHERE id = $1`, [inviter.id]);
    expect((await api(t, 'GET', `/api/invites/${code}`)).status).toBe(404);
    expect((await accept(await newUser(t), code)).status).toBe(404);
  });
});

describe('people you may know', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  interface Suggestion extends Person {
    mutualFriends: number;
    betTogether: boolean;
  }
  const suggestionsFor = async (user: SignedUpUser) => {
    const response = await api(t, 'GET', '/api/friends/suggestions', { token: user.token });
    expect(response.status).toBe(200);
    return asList<Suggestion>(response.body);
  };

  it('ranks friends of friends by mutual friends, adds past opponents, and leaves out friends, self and banned', async () => {
    const me = await newUser(t);
    const [f1, f2, two, one, rival, gone] = await Promise.all(Array.from({ length: 6 }, () => newUser(t)));
    if (!f1 || !f2 || !two || !one || !rival || !gone) throw new Error('users missing');
    await befriend(t, me, f1);
    await befriend(t, me, f2);
    await befriend(t, f1, two);
    await befriend(t, f2, two);
    await befriend(t, f1, one);
    await befriend(t, f1, gone);
    await befriend(t, f2, f1); // my friends know each other: still not suggested, they are my friends
    await t.dataSource.query(`UPDATE users SET "bannedAt" = now() WHERE id = $1`, [gone.id]);
    await befriend(t, me, rival);
    await playBet(t, me, rival, '5.00', 'creator');
    await api(t, 'DELETE', `/api/friends/${rival.id}`, { token: me.token }); // played, then unfriended

    const list = await suggestionsFor(me);
    expect(list.map((s) => [s.id, s.mutualFriends, s.betTogether])).toEqual([
      [two.id, 2, false],
      [one.id, 1, false],
      [rival.id, 0, true],
    ]);
    expect(list[0]).toMatchObject({ firstName: null, friendshipStatus: 'none' }); // privacy as everywhere
  });

  it('shows at most 10 and forgets dismissed people for good', async () => {
    const me = await newUser(t);
    const hub = await newUser(t);
    await befriend(t, me, hub);
    const theirs = [];
    for (let i = 0; i < 12; i++) {
      const person = await newUser(t);
      await befriend(t, hub, person);
      theirs.push(person);
    }
    const first = await suggestionsFor(me);
    expect(first).toHaveLength(10);
    const dismissed = first[0];
    if (!dismissed) throw new Error('no suggestion');
    const response = await api(t, 'POST', `/api/friends/suggestions/${dismissed.id}/dismiss`, {
      token: me.token,
    });
    expect(response.status).toBe(204);
    expect(
      (await api(t, 'POST', `/api/friends/suggestions/${dismissed.id}/dismiss`, { token: me.token })).status,
    ).toBe(204);
    const after = await suggestionsFor(me);
    expect(after).toHaveLength(10);
    expect(after.map((s) => s.id)).not.toContain(dismissed.id);

    expect(
      (await api(t, 'POST', `/api/friends/suggestions/${me.id}/dismiss`, { token: me.token })).status,
    ).toBe(400);
    expect(
      (
        await api(t, 'POST', '/api/friends/suggestions/00000000-0000-4000-8000-000000000000/dismiss', {
          token: me.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await api(t, 'POST', '/api/friends/suggestions/not-a-uuid/dismiss', { token: me.token })).status,
    ).toBe(404);
    expect((await api(t, 'GET', '/api/friends/suggestions')).status).toBe(401);
  });
});

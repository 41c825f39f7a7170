import { befriend } from '../friends/friends-helpers.js';
import { newAdmin } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { SseClient } from '../support/sse-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { circleBet, circleOf, expectStatus, feed, table, users } from './circles-helpers.js';

describe('circles', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { CIRCLE_MAX_MEMBERS: '4' } });
  });
  afterAll(async () => t.close());
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const countRows = async (table: string) => {
    const [row] = await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table}`);
    return row?.n ?? 0;
  };

  it('invites friends, who accept or decline, and joins others through the link', async () => {
    const [owner, ann, bob, cat] = await users(t, 4);
    await befriend(t, owner, ann);
    await befriend(t, owner, bob);
    const created = await expectStatus(
      api(t, 'POST', '/api/circles', { token: owner.token, body: { name: '  Office pool  ' } }),
      201,
    );
    expect(created.body).toMatchObject({ name: 'Office pool', role: 'owner', memberCount: 1 });
    const id = created.body.id as string;

    const sent = await expectStatus(
      api(t, 'POST', `/api/circles/${id}/invitations`, {
        token: owner.token,
        body: { userIds: [ann.id, bob.id] },
      }),
      200,
    );
    expect(sent.body).toEqual({ invited: [ann.id, bob.id], skipped: [] });
    const annInvites = await expectStatus(
      api(t, 'GET', '/api/circles/invitations', { token: ann.token }),
      200,
    );
    const [invitation] = annInvites.body as unknown as { id: number; circleName: string }[];
    expect(invitation?.circleName).toBe('Office pool');
    await expectStatus(
      api(t, 'POST', `/api/circles/invitations/${invitation?.id}/accept`, { token: ann.token }),
      200,
    );
    const [bobInvite] = (await api(t, 'GET', '/api/circles/invitations', { token: bob.token }))
      .body as unknown as {
      id: number;
    }[];
    await expectStatus(
      api(t, 'POST', `/api/circles/invitations/${bobInvite?.id}/decline`, { token: bob.token }),
      204,
    );

    // Cat is nobody's friend here but has the link.
    const code = created.body.inviteCode as string;
    const link = await expectStatus(api(t, 'GET', `/api/circles/links/${code}`, { token: cat.token }), 200);
    expect(link.body).toEqual({ id, name: 'Office pool', memberCount: 2, member: false });
    await expectStatus(
      api(t, 'POST', `/api/circles/${id}/join`, { token: cat.token, body: { code: 'x'.repeat(22) } }),
      404,
    );
    await expectStatus(api(t, 'POST', `/api/circles/${id}/join`, { token: cat.token, body: { code } }), 200);
    await expectStatus(api(t, 'POST', `/api/circles/${id}/join`, { token: cat.token, body: { code } }), 409);

    const circle = await expectStatus(api(t, 'GET', `/api/circles/${id}`, { token: cat.token }), 200);
    expect(
      (circle.body.members as { person: { id: string }; role: string }[]).map((m) => [m.person.id, m.role]),
    ).toEqual([
      [owner.id, 'owner'],
      [ann.id, 'member'],
      [cat.id, 'member'],
    ]);
    const mine = await expectStatus(api(t, 'GET', '/api/circles', { token: ann.token }), 200);
    expect(mine.body).toEqual([expect.objectContaining({ id, role: 'member', memberCount: 3 })]);

    // The owner makes a co-owner, who may rename; plain members may not.
    await expectStatus(
      api(t, 'PATCH', `/api/circles/${id}`, { token: cat.token, body: { name: 'Mine now' } }),
      403,
    );
    await expectStatus(
      api(t, 'PUT', `/api/circles/${id}/members/${ann.id}/role`, {
        token: owner.token,
        body: { role: 'co_owner' },
      }),
      200,
    );
    const renamed = await expectStatus(
      api(t, 'PATCH', `/api/circles/${id}`, { token: ann.token, body: { name: 'Pool <b>2</b>' } }),
      200,
    );
    expect(renamed.body.name).toBe('Pool <b>2</b>');
  });

  it('refuses bad input and changes nothing', async () => {
    const [owner, friend, stranger] = await users(t, 3);
    const circles = await countRows('circles');
    for (const name of ['', '   ', 'x'.repeat(201)]) {
      const refused = await expectStatus(
        api(t, 'POST', '/api/circles', { token: owner.token, body: { name } }),
        400,
      );
      expect(refused.body.message).toMatch(/name/);
    }
    expect(await countRows('circles')).toBe(circles);
    const id = await circleOf(t, owner, [friend]);
    const invites = await countRows('circle_invitations');
    const notFriend = await expectStatus(
      api(t, 'POST', `/api/circles/${id}/invitations`, {
        token: owner.token,
        body: { userIds: [stranger.id] },
      }),
      400,
    );
    expect(notFriend.body.code).toBe('invitee_not_friend');
    expect(await countRows('circle_invitations')).toBe(invites);
  });

  it('holds the member cap (CIRCLE_MAX_MEMBERS, 4 here) for invitations and links', async () => {
    const [owner, a, b, c, d] = await users(t, 5);
    const id = await circleOf(t, owner, [a, b, c]);
    await befriend(t, owner, d);
    const full = await expectStatus(
      api(t, 'POST', `/api/circles/${id}/invitations`, { token: owner.token, body: { userIds: [d.id] } }),
      409,
    );
    expect(full.body.code).toBe('circle_full');
    const circle = await api(t, 'GET', `/api/circles/${id}`, { token: owner.token });
    const refused = await expectStatus(
      api(t, 'POST', `/api/circles/${id}/join`, { token: d.token, body: { code: circle.body.inviteCode } }),
      409,
    );
    expect(refused.body.message).toBe('A circle can have at most 4 members');
    expect(circle.body.memberCount).toBe(4);
  });

  it('posts bets in the circle, keeps the feed and the table as they settle, and live', async () => {
    const [owner, ann, outsider] = await users(t, 3);
    const id = await circleOf(t, owner, [ann]);
    await befriend(t, owner, outsider);
    // Only members post, and only with members.
    const body = {
      opponentId: outsider.id,
      amount: '5.00',
      title: 'Rain',
      outcomes: ['Yes', 'No'],
      duration: 24,
      creatorPick: 'Yes',
      circleId: id,
    };
    const bets = await countRows('bets');
    expect((await api(t, 'POST', '/api/bets', { token: owner.token, body })).body.code).toBe(
      'opponent_not_in_circle',
    );
    expect(
      (await api(t, 'POST', '/api/bets', { token: outsider.token, body: { ...body, opponentId: owner.id } }))
        .status,
    ).toBe(404);
    expect(await countRows('bets')).toBe(bets);

    const live = await SseClient.open(t.url, ann.token);
    try {
      await live.waitFor((event) => event.event === 'ready');
      const won = await circleBet(t, id, owner, ann, '10.00', 'creator');
      await live.waitFor(
        (event) => event.event === 'circle' && (event.data as { change: string }).change === 'item',
      );
      const page = await feed(t, ann, id);
      expect(page.items.map((item) => item.kind)).toEqual(['settled', 'accepted', 'challenged']);
      expect(page.items[0]?.bet).toMatchObject({ id: won, status: 'completed' });
      await circleBet(t, id, ann, owner, '4.00', 'creator');
      await circleBet(t, id, owner, ann, '3.00', 'draw');

      const standings = (await table(t, owner, id)).standings;
      expect(standings.map((row) => [row.person.id, row.won, row.lost, row.drawn, row.streak])).toEqual([
        [owner.id, 1, 1, 1, 0],
        [ann.id, 1, 1, 1, 0],
      ]);
      // Net visible to oneself; ann's balance is private by default, so the owner sees null for her.
      expect(standings.find((row) => row.person.id === owner.id)?.net).toBe('6.00');
      expect(standings.find((row) => row.person.id === ann.id)?.net).toBeNull();
      expect((await table(t, ann, id)).standings.find((row) => row.person.id === ann.id)?.net).toBe('-6.00');
    } finally {
      live.close();
    }
  });

  it('takes back and re-applies a result exactly when an admin changes a decision', async () => {
    const admin = await newAdmin(t);
    const [owner, ann] = await users(t, 2);
    const id = await circleOf(t, owner, [ann]);
    await circleBet(t, id, owner, ann, '2.00', 'creator');
    const disputed = await circleBet(t, id, owner, ann, '7.00', 'open');
    await expectStatus(
      api(t, 'POST', `/api/bets/${disputed}/accept`, { token: ann.token, body: { opponentPick: 'No' } }),
      200,
    );
    await expectStatus(
      api(t, 'POST', `/api/bets/${disputed}/submit-result`, {
        token: owner.token,
        body: { result: owner.id },
      }),
      200,
    );
    await expectStatus(
      api(t, 'POST', `/api/bets/${disputed}/submit-result`, {
        token: ann.token,
        body: { result: ann.id, confirmed: true },
      }),
      200,
    );
    await expectStatus(
      api(t, 'POST', `/api/bets/${disputed}/admin-resolve`, {
        token: admin.token,
        body: { winnerId: ann.id, resolution: 'The photo shows Ann won' },
      }),
      200,
    );
    const after = (await table(t, owner, id)).standings.find((row) => row.person.id === owner.id);
    expect(after).toMatchObject({
      won: 1,
      lost: 1,
      streak: -1,
      net: '-5.00',
      disputesLost: 1,
      reliability: 'watch',
    });
    await expectStatus(
      api(t, 'POST', `/api/bets/${disputed}/edit-resolution`, {
        token: admin.token,
        body: { winnerId: owner.id, reason: 'The photo was of another match' },
      }),
      200,
    );
    const changed = (await table(t, owner, id)).standings;
    expect(changed.find((row) => row.person.id === owner.id)).toMatchObject({
      won: 2,
      lost: 0,
      streak: 2,
      net: '9.00',
      disputesLost: 0,
      reliability: 'reliable',
      winRate: 100,
    });
    expect(changed.find((row) => row.person.id === ann.id)).toMatchObject({
      won: 0,
      lost: 2,
      streak: -2,
      disputesLost: 1,
    });
    const kinds = (await feed(t, owner, id)).items.map((item) => item.kind);
    expect(kinds.slice(0, 2)).toEqual(['decided', 'decided']);
  });

  it('comments and reactions: text kept as typed, own edits only, toggles idempotent, players notified', async () => {
    const [owner, ann, cat] = await users(t, 3);
    const id = await circleOf(t, owner, [ann, cat]);
    await circleBet(t, id, owner, ann, '1.00', 'open');
    const [item] = (await feed(t, cat, id)).items;
    const script = '<script>alert("hi")</script> & <b>bold</b>';
    const comment = await expectStatus(
      api(t, 'POST', `/api/feed/${item?.id}/comments`, { token: cat.token, body: { body: script } }),
      201,
    );
    expect(comment.body).toMatchObject({ body: script, mine: true, hidden: false });
    for (const body of ['', '   ', 'x'.repeat(501)]) {
      await expectStatus(
        api(t, 'POST', `/api/feed/${item?.id}/comments`, { token: cat.token, body: { body } }),
        400,
      );
    }
    await expectStatus(
      api(t, 'PATCH', `/api/feed/comments/${String(comment.body.id)}`, {
        token: ann.token,
        body: { body: 'mine now' },
      }),
      404,
    );
    const edited = await expectStatus(
      api(t, 'PATCH', `/api/feed/comments/${String(comment.body.id)}`, {
        token: cat.token,
        body: { body: 'Calm down' },
      }),
      200,
    );
    expect(edited.body.editedAt).not.toBeNull();
    const notified = await t.dataSource.query<{ userId: string }[]>(
      `SELECT "userId" FROM notifications WHERE type = 'circle_comment' AND "betId" = $1 ORDER BY "userId"`,
      [item?.bet?.id],
    );
    expect(notified.map((row) => row.userId).sort()).toEqual([owner.id, ann.id].sort());

    const fire = encodeURIComponent('🔥');
    for (let i = 0; i < 2; i++) {
      const on = await expectStatus(
        api(t, 'PUT', `/api/feed/${item?.id}/reactions/${fire}`, { token: ann.token }),
        200,
      );
      expect(on.body.reactions).toEqual([expect.objectContaining({ emoji: '🔥', count: 1, mine: true })]);
    }
    await expectStatus(
      api(t, 'PUT', `/api/feed/${item?.id}/reactions/${encodeURIComponent('💩')}`, { token: ann.token }),
      400,
    );
    for (let i = 0; i < 2; i++) {
      const off = await expectStatus(
        api(t, 'DELETE', `/api/feed/${item?.id}/reactions/${fire}`, { token: ann.token }),
        200,
      );
      expect(off.body.reactions).toEqual([]);
    }

    // After leaving: no more commenting, and the old comment stays.
    await expectStatus(api(t, 'POST', `/api/circles/${id}/leave`, { token: cat.token }), 204);
    await expectStatus(
      api(t, 'POST', `/api/feed/${item?.id}/comments`, { token: cat.token, body: { body: 'hi' } }),
      404,
    );
    const listed = await expectStatus(
      api(t, 'GET', `/api/feed/${item?.id}/comments`, { token: owner.token }),
      200,
    );
    expect((listed.body.items as { body: string }[]).map((c) => c.body)).toEqual(['Calm down']);
    expect((await table(t, owner, id)).standings.map((row) => row.person.id)).not.toContain(cat.id);
  });

  it('lets an admin hide a comment with a reason: audited, author told, members see it hidden', async () => {
    const admin = await newAdmin(t);
    const [owner, ann] = await users(t, 2);
    const id = await circleOf(t, owner, [ann]);
    await circleBet(t, id, owner, ann, '1.00', 'open');
    const [item] = (await feed(t, ann, id)).items;
    const comment = await expectStatus(
      api(t, 'POST', `/api/feed/${item?.id}/comments`, { token: ann.token, body: { body: 'rude words' } }),
      201,
    );
    await expectStatus(
      api(t, 'POST', `/api/feed/comments/${String(comment.body.id)}/hide`, {
        token: owner.token,
        body: { reason: 'no' },
      }),
      403,
    );
    await expectStatus(
      api(t, 'POST', `/api/feed/comments/${String(comment.body.id)}/hide`, {
        token: admin.token,
        body: { reason: 'Insults' },
      }),
      200,
    );
    const seen = await api(t, 'GET', `/api/feed/${item?.id}/comments`, { token: owner.token });
    expect(seen.body.items).toEqual([
      expect.objectContaining({ body: null, hidden: true, hiddenReason: null }),
    ]);
    const own = await api(t, 'GET', `/api/feed/${item?.id}/comments`, { token: ann.token });
    expect(own.body.items).toEqual([expect.objectContaining({ hidden: true, hiddenReason: 'Insults' })]);
    const [audit] = await t.dataSource.query<{ action: string; reason: string }[]>(
      `SELECT action, reason FROM admin_audit_log WHERE "targetType" = 'circle_comment' AND "targetId" = $1`,
      [String(comment.body.id)],
    );
    expect(audit).toEqual({ action: 'circle_comment_hidden', reason: 'Insults' });
    const [told] = await t.dataSource.query<{ body: string }[]>(
      `SELECT body FROM notifications WHERE "userId" = $1 AND type = 'comment_hidden'`,
      [ann.id],
    );
    expect(told?.body).toContain('Reason: Insults');
  });

  it('hands the circle on when its owner leaves, and the last one out deletes it', async () => {
    const [owner, ann]: SignedUpUser[] = [await newUser(t), await newUser(t)];
    const id = await circleOf(t, owner, [ann]);
    await expectStatus(api(t, 'POST', `/api/circles/${id}/leave`, { token: owner.token }), 204);
    const circle = await expectStatus(api(t, 'GET', `/api/circles/${id}`, { token: ann.token }), 200);
    expect(circle.body.role).toBe('owner');
    await expectStatus(api(t, 'POST', `/api/circles/${id}/leave`, { token: ann.token }), 204);
    const [row] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM circles WHERE id = $1`,
      [id],
    );
    expect(row?.n).toBe(0);
  });
});

import { newAdmin } from '../admin/admin-helpers.js';
import { potAction, potBody as bodyOf } from '../bets/pot-helpers.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { circleOf, expectStatus, feed, table, users } from './circles-helpers.js';

/** The flag on the bet says exactly which bets have a circle row. */
async function expectFlagsMatchCircleRows(t: TestApp): Promise<void> {
  const [{ wrong }] = await t.dataSource.query<{ wrong: number }[]>(
    `SELECT count(*)::int AS wrong FROM bets b
      WHERE b."postedInCircle" <> EXISTS (SELECT 1 FROM circle_bets c WHERE c."betId" = b.id)`,
  );
  expect(wrong).toBe(0);
}

interface FeedPlayer {
  person: { id: string };
  result: string | null;
  net: string | null;
}

/**
 * Group pots posted in a circle (docs/product.md, "Circles"): the rules of a duel (the creator and everyone
 * invited must be members), the feed says what happened (created, locked, settled with who won what, void, an
 * admin's decision) and the table counts each player; only members see any of it.
 */
describe('group pots in circles', () => {
  let t: TestApp;
  let admin: SignedUpUser;
  let owner: SignedUpUser;
  let members: SignedUpUser[];
  let circleId: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newAdmin(t);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    [owner, ...members] = await users(t, 4);
    circleId = await circleOf(t, owner, members);
  });
  afterEach(async () => {
    await expectMoneyInvariants(t.dataSource);
    await expectFlagsMatchCircleRows(t);
  });

  const act = (user: SignedUpUser, id: number, action: string, body: unknown = {}) =>
    potAction(t, user, id, action, body);
  const potBody = (invitees: SignedUpUser[], circle: string | null = circleId) =>
    bodyOf(invitees, circle ? { circleId: circle } : {});
  const postPot = async (invitees: SignedUpUser[]) =>
    (await expectStatus(api(t, 'POST', '/api/bets', { token: owner.token, body: potBody(invitees) }), 201))
      .body.id as number;
  const kinds = async (viewer: SignedUpUser) =>
    (await feed(t, viewer, circleId)).items.map((item) => item.kind);
  const latestPlayers = async (viewer: SignedUpUser) =>
    ((await feed(t, viewer, circleId)).items[0]?.bet as unknown as { players: FeedPlayer[] }).players;

  it('refuses a pot with anyone outside the circle, or from outside it, and keeps nothing', async () => {
    const [outsider] = await users(t, 1);
    await befriend(t, owner, outsider);
    const [before] = await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM bets`);
    const refused = await api(t, 'POST', '/api/bets', {
      token: owner.token,
      body: potBody([members[0], outsider]),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'opponent_not_in_circle',
      message: 'Everyone you invite to a pot posted in this circle must be in the circle',
    });
    // Someone not in the circle cannot post there at all: as for any circle one is not in.
    await befriend(t, outsider, members[1]);
    await befriend(t, outsider, members[2]);
    const stranger = await api(t, 'POST', '/api/bets', {
      token: outsider.token,
      body: potBody([members[1], members[2]]),
    });
    expect(stranger.status).toBe(404);
    const [after] = await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM bets`);
    expect(after.n).toBe(before.n);
    expect(await balanceOf(t.dataSource, owner.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, outsider.id)).toBe('1000.00');
    expect(await kinds(owner)).toEqual([]);
  });

  it('posts its creation, lock and settlement with who won what, and counts every player in the table', async () => {
    const [ana, ben, cy] = members as [SignedUpUser, SignedUpUser, SignedUpUser];
    const id = await postPot([ana, ben, cy]);
    expect(await kinds(ana)).toEqual(['challenged']);
    // While it takes players, everyone invited shows.
    expect((await latestPlayers(ana)).map((player) => player.person.id).sort()).toEqual(
      [owner.id, ana.id, ben.id, cy.id].sort(),
    );
    await expectStatus(act(ana, id, 'join', { pick: 'Ana' }), 200);
    await expectStatus(act(ben, id, 'join', { pick: 'Ben' }), 200);
    await expectStatus(act(owner, id, 'lock'), 200);
    expect(await kinds(ana)).toEqual(['locked', 'challenged']);
    // From the lock, the players who joined.
    expect((await latestPlayers(ana)).map((player) => player.person.id).sort()).toEqual(
      [owner.id, ana.id, ben.id].sort(),
    );
    for (const player of [owner, ana, ben])
      await expectStatus(act(player, id, 'submit-result', { result: 'Ana' }), 200);
    expect(await kinds(cy)).toEqual(['settled', 'locked', 'challenged']);
    const settled = await latestPlayers(ana);
    const resultOf = (user: SignedUpUser) => settled.find((player) => player.person.id === user.id);
    expect(resultOf(owner)?.result).toBe('won');
    expect(resultOf(ben)?.result).toBe('lost');
    // Each sees their own amount (30.00 split between two who picked Ana); balances are private by default.
    expect(resultOf(ana)?.net).toBe('5.00');
    expect(resultOf(ben)?.net).toBeNull();
    const standings = (await table(t, owner, circleId)).standings;
    const row = (user: SignedUpUser) => standings.find((standing) => standing.person.id === user.id);
    expect(row(owner)).toMatchObject({ won: 1, lost: 0, net: '5.00' });
    expect(row(ana)).toMatchObject({ won: 1, lost: 0 });
    expect(row(ben)).toMatchObject({ won: 0, lost: 1 });
    // Cy never joined: a member with nothing played.
    expect(row(cy)).toMatchObject({ won: 0, lost: 0, drawn: 0 });
  });

  it('posts a void pot, and a decision and its change, re-applied in the table exactly', async () => {
    const [ana, ben] = members as [SignedUpUser, SignedUpUser];
    const same = await postPot([ana, ben]);
    await expectStatus(act(ana, same, 'join', { pick: 'Ana' }), 200);
    expect((await expectStatus(act(owner, same, 'lock'), 200)).body.status).toBe('cancelled');
    expect(await kinds(ana)).toEqual(['void', 'challenged']);

    const id = await postPot([ana, ben]);
    await expectStatus(act(ana, id, 'join', { pick: 'Ben' }), 200);
    await expectStatus(act(ben, id, 'join', { pick: 'Ben' }), 200);
    await expectStatus(act(owner, id, 'lock'), 200);
    await expectStatus(act(owner, id, 'submit-result', { result: 'Ana' }), 200);
    await expectStatus(act(ana, id, 'submit-result', { result: 'Ben', confirmed: true }), 200);
    await expectStatus(
      act(admin, id, 'admin-resolve', { outcome: 'Ana', resolution: 'The photo shows Ana' }),
      200,
    );
    expect((await kinds(ben)).slice(0, 2)).toEqual(['decided', 'locked']);
    let standings = (await table(t, owner, circleId)).standings;
    expect(standings.find((row) => row.person.id === owner.id)).toMatchObject({
      won: 1,
      lost: 0,
      net: '20.00',
    });
    expect(standings.find((row) => row.person.id === ana.id)).toMatchObject({
      won: 0,
      lost: 1,
      disputesLost: 1,
    });

    await expectStatus(
      act(admin, id, 'edit-resolution', { outcome: 'Ben', reason: 'A second photo came' }),
      200,
    );
    expect((await kinds(ben)).slice(0, 2)).toEqual(['decided', 'decided']);
    standings = (await table(t, owner, circleId)).standings;
    expect(standings.find((row) => row.person.id === owner.id)).toMatchObject({
      won: 0,
      lost: 1,
      net: '-10.00',
    });
    expect(standings.find((row) => row.person.id === ana.id)).toMatchObject({
      won: 1,
      lost: 0,
      disputesLost: 0,
    });
  });

  it('shows a posted pot to members only, and leaves pots not posted out of every circle', async () => {
    const [ana, ben] = members as [SignedUpUser, SignedUpUser];
    const [outsider] = await users(t, 1);
    await befriend(t, owner, outsider);
    await befriend(t, ana, outsider);
    const id = await postPot([ana, ben]);
    // A friend of members who is not in the circle sees neither the circle nor its feed.
    expect((await api(t, 'GET', `/api/circles/${circleId}/feed`, { token: outsider.token })).status).toBe(
      404,
    );
    // A pot with the outsider, not posted anywhere: no circle row, no feed post, the bet not flagged.
    const elsewhere = (
      await expectStatus(
        api(t, 'POST', '/api/bets', { token: owner.token, body: potBody([ana, outsider], null) }),
        201,
      )
    ).body.id as number;
    await expectStatus(act(ana, elsewhere, 'join', { pick: 'Ben' }), 200);
    await expectStatus(act(owner, elsewhere, 'lock'), 200);
    const flags = await t.dataSource.query<{ id: number; postedInCircle: boolean }[]>(
      `SELECT id, "postedInCircle" FROM bets WHERE id = ANY($1) ORDER BY id`,
      [[id, elsewhere]],
    );
    expect(flags).toEqual([
      { id, postedInCircle: true },
      { id: elsewhere, postedInCircle: false },
    ]);
    expect(await kinds(ana)).toEqual(['challenged']);
  });
});

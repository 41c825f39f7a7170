import { befriend, setPrivacy } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { getPicture, putPicture, testImage } from '../support/images.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { activeBet, moderate, newAdmin, pendingBet } from './admin-helpers.js';

/** A banned person can never report, so nothing of theirs may still take someone's stake. */
describe('a ban stops what the person left open', () => {
  let t: TestApp;
  let admin: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newAdmin(t);
  });
  afterEach(async () => expectMoneyInvariants(t.dataSource));
  afterAll(async () => t.close());

  async function openChallenge(creator: SignedUpUser): Promise<{ id: number; code: string }> {
    const created = await api(t, 'POST', '/api/challenges', {
      token: creator.token,
      body: {
        amount: '40.00',
        title: 'Will it snow on Friday?',
        description: 'Between us',
        outcomes: ['Snow', 'No snow'],
        duration: 24,
        creatorPick: 'Snow',
      },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id as number, code: created.body.challengeCode as string };
  }

  const statusOf = async (id: number) =>
    (await t.dataSource.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [id]))[0]
      ?.status;

  it('cancels their open challenges and pending bets both ways, refunding each creator in the ban’s transaction', async () => {
    const [mallory, bob, carol] = [await newUser(t), await newUser(t), await newUser(t)];
    const challenge = await openChallenge(mallory);
    const theirs = await pendingBet(t, mallory, bob, '30.00');
    const toThem = await pendingBet(t, carol, mallory, '20.00');
    const running = await activeBet(t, mallory, carol, '10.00');
    const inviteCode = (await api(t, 'GET', '/api/invites/mine', { token: mallory.token })).body
      .code as string;
    expect((await api(t, 'GET', `/api/invites/${inviteCode}`)).status).toBe(200);
    expect(await balanceOf(t.dataSource, mallory.id)).toBe('920.00');
    expect(await balanceOf(t.dataSource, carol.id)).toBe('970.00');

    await moderate(t, admin, mallory.id, 'ban', 'Fraud with fake reports');

    expect([await statusOf(challenge.id), await statusOf(theirs), await statusOf(toThem)]).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    // Active bets go on to their deadline and, if need be, an admin.
    expect(await statusOf(running)).toBe('active');
    expect(await balanceOf(t.dataSource, mallory.id)).toBe('990.00');
    expect(await balanceOf(t.dataSource, carol.id)).toBe('990.00');
    const refunds = await t.dataSource.query<{ userId: string; amount: string; referenceId: string }[]>(
      `SELECT "userId", amount::text, "referenceId" FROM transactions WHERE type = 'bet_refund' ORDER BY "referenceId"::int`,
      [],
    );
    expect(
      refunds.filter((row) => [challenge.id, theirs, toThem].map(String).includes(row.referenceId)),
    ).toEqual([
      { userId: mallory.id, amount: '40.00', referenceId: String(challenge.id) },
      { userId: mallory.id, amount: '30.00', referenceId: String(theirs) },
      { userId: carol.id, amount: '20.00', referenceId: String(toThem) },
    ]);

    // Nothing of theirs can be accepted any more; the link says so.
    const link = await api(t, 'GET', `/api/challenges/${challenge.code}`);
    expect(link.body.status).toBe('cancelled');
    const taken = await api(t, 'POST', `/api/challenges/${challenge.code}/accept`, {
      token: bob.token,
      body: { opponentPick: 'No snow' },
    });
    expect(taken.status).toBe(409);
    const accepted = await api(t, 'POST', `/api/bets/${theirs}/accept`, {
      token: bob.token,
      body: { opponentPick: 'Blues' },
    });
    expect(accepted.status).toBe(409);
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1000.00');
    // Their invite link is as good as unknown.
    expect((await api(t, 'GET', `/api/invites/${inviteCode}`)).status).toBe(404);
  });

  it('hides their picture wherever their profile answers 404, but not from admins', async () => {
    const [mallory, friend] = [await newUser(t), await newUser(t)];
    await befriend(t, mallory, friend);
    await setPrivacy(t, mallory, {
      profileVisibility: 'public',
      activityVisibility: 'friends',
      balanceVisibility: 'private',
    });
    expect((await putPicture(t, await testImage('png'), { token: mallory.token })).status).toBe(200);
    const picture = `/api/users/${mallory.id}/picture`;
    const seenBy = async (viewer: SignedUpUser) =>
      (await getPicture(t, picture, { authorization: `Bearer ${viewer.token}` })).status;
    expect(await seenBy(friend)).toBe(200);

    await moderate(t, admin, mallory.id, 'ban', 'Fraud with fake reports');

    const profile = await api(t, 'GET', `/api/users/${mallory.id}`, { token: friend.token });
    expect([profile.status, await seenBy(friend), await seenBy(admin)]).toEqual([404, 404, 200]);
  });

  it('while the creator is suspended nobody can accept their challenges; once lifted they can', async () => {
    const [sam, bob] = [await newUser(t), await newUser(t)];
    const challenge = await openChallenge(sam);
    const direct = await pendingBet(t, sam, bob, '15.00');
    await moderate(t, admin, sam.id, 'suspend', 'Cooling off for a week', 7);

    const viaLink = await api(t, 'POST', `/api/challenges/${challenge.code}/accept`, {
      token: bob.token,
      body: { opponentPick: 'No snow' },
    });
    const viaBet = await api(t, 'POST', `/api/bets/${direct}/accept`, {
      token: bob.token,
      body: { opponentPick: 'Blues' },
    });
    expect([viaLink.status, viaLink.body.code, viaBet.status, viaBet.body.code]).toEqual([
      409,
      'challenger_suspended',
      409,
      'challenger_suspended',
    ]);
    expect([
      await statusOf(challenge.id),
      await statusOf(direct),
      await balanceOf(t.dataSource, bob.id),
    ]).toEqual(['pending', 'pending', '1000.00']);

    await moderate(t, admin, sam.id, 'unsuspend', 'Cooling off period over');
    const later = await api(t, 'POST', `/api/bets/${direct}/accept`, {
      token: bob.token,
      body: { opponentPick: 'Blues' },
    });
    expect([later.status, await statusOf(direct)]).toEqual([200, 'active']);
  });
});

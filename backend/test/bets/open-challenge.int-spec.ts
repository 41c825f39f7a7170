import { Clock } from '../../src/common/clock.js';
import { BetDeadlinesService } from '../../src/modules/bets/bet-deadlines.service.js';
import { setPrivacy } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { jittered, seededRandom } from '../support/seeded-random.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Open challenge links (docs/product.md, "Open challenge links"): POST /api/challenges, /c/{code}. */
describe('open challenge links', () => {
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

  const body = (overrides: Record<string, unknown> = {}) => ({
    amount: '25.00',
    title: 'Will it snow on Friday?',
    description: 'Kept between us',
    outcomes: ['Snow', 'No snow'],
    duration: 24,
    creatorPick: 'Snow',
    ...overrides,
  });

  async function openChallenge(
    creator: SignedUpUser,
    overrides: Record<string, unknown> = {},
  ): Promise<{ id: number; code: string }> {
    const created = await api(t, 'POST', '/api/challenges', { token: creator.token, body: body(overrides) });
    expect(created.status).toBe(201);
    return { id: created.body.id as number, code: created.body.challengeCode as string };
  }

  const accept = (user: SignedUpUser, code: string, opponentPick: unknown = 'No snow') =>
    api(t, 'POST', `/api/challenges/${code}/accept`, { token: user.token, body: { opponentPick } });

  it('escrows the creator’s stake at creation and gives a random, unguessable link code', async () => {
    const created = await api(t, 'POST', '/api/challenges', { token: alice.token, body: body() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      opponentId: null,
      opponent: null,
      amount: '25.00',
    });
    expect(created.body.challengeCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('975.00');
    const stakes = await t.dataSource.query<{ amount: string }[]>(
      `SELECT amount::text FROM transactions WHERE type = 'bet_stake' AND "referenceId" = $1`,
      [String(created.body.id)],
    );
    expect(stakes).toEqual([{ amount: '-25.00' }]);
    const other = await openChallenge(alice);
    expect(other.code).not.toBe(created.body.challengeCode);
    // The creator sees it among their pending challenges, with its code to share again.
    const pending = await api(t, 'GET', '/api/bets/pending', { token: alice.token });
    expect(pending.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: created.body.id, challengeCode: created.body.challengeCode }),
      ]),
    );
  });

  it('shows the link signed out: title, amount, outcomes and the creator’s display name only', async () => {
    const carol = await newUser(t, { firstName: 'Carol', lastName: 'Quinn' });
    await setPrivacy(t, carol, {
      profileVisibility: 'public',
      activityVisibility: 'friends',
      balanceVisibility: 'private',
    });
    const { code } = await openChallenge(carol);
    const shown = await api(t, 'GET', `/api/challenges/${code}`);
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.body).sort()).toEqual([
      'amount',
      'code',
      'creator',
      'creatorPick',
      'expiresAt',
      'outcomes',
      'status',
      'title',
    ]);
    expect(shown.body).toMatchObject({
      code,
      title: 'Will it snow on Friday?',
      amount: '25.00',
      outcomes: ['Snow', 'No snow'],
      creatorPick: 'Snow',
      creator: { id: carol.id, displayName: 'Carol Quinn' },
      status: 'open',
    });
    expect(Date.parse(String(shown.body.expiresAt))).toBeGreaterThan(Date.now());
    expect(JSON.stringify(shown.body)).not.toContain('Kept between us');
  });

  it('names a creator whose profile is not public by their username only, as strangers see them', async () => {
    const dana = await newUser(t, { firstName: 'Dana', lastName: 'Hidden' });
    const { code } = await openChallenge(dana);
    for (const profileVisibility of ['friends', 'private'] as const) {
      await setPrivacy(t, dana, {
        profileVisibility,
        activityVisibility: 'friends',
        balanceVisibility: 'private',
      });
      const shown = await api(t, 'GET', `/api/challenges/${code}`);
      expect([profileVisibility, shown.body.creator]).toEqual([
        profileVisibility,
        { id: dana.id, displayName: dana.username },
      ]);
      expect(JSON.stringify(shown.body)).not.toContain('Hidden');
    }
  });

  it('makes the first person to accept the opponent: the bet goes on as any other', async () => {
    const { id, code } = await openChallenge(alice);
    const accepted = await accept(bob, code);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      id,
      status: 'active',
      creatorId: alice.id,
      opponentId: bob.id,
      opponentPick: 'No snow',
      challengeCode: null,
    });
    expect(await balanceOf(t.dataSource, bob.id)).toBe('975.00');
    expect((await api(t, 'GET', '/api/bets/active', { token: alice.token })).body).toEqual([
      expect.objectContaining({ id, status: 'active', opponentId: bob.id }),
    ]);
    // Both report, and it settles like a challenge sent to a friend.
    await api(t, 'POST', `/api/bets/${id}/submit-result`, { token: alice.token, body: { result: bob.id } });
    const settled = await api(t, 'POST', `/api/bets/${id}/submit-result`, {
      token: bob.token,
      body: { result: bob.id },
    });
    expect(settled.body).toMatchObject({ status: 'completed', winnerUserId: bob.id });
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1025.00');
    expect(await balanceOf(t.dataSource, alice.id)).toBe('975.00');
  });

  it('a used link says the bet is taken, and a second acceptor gets a clear 409', async () => {
    const { code } = await openChallenge(alice);
    expect((await accept(bob, code)).status).toBe(200);
    const shown = await api(t, 'GET', `/api/challenges/${code}`);
    expect(shown.body).toMatchObject({ status: 'taken' });
    const late = await accept(await newUser(t), code);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'challenge_taken',
      message: 'Someone else accepted this challenge first.',
    });
    const again = await accept(bob, code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already accepted this challenge');
  });

  it('20 people accepting at once: exactly one becomes the opponent, the ledger stays whole', async () => {
    const { id, code } = await openChallenge(alice, { amount: '10.00' });
    const racers = await Promise.all(Array.from({ length: 20 }, () => newUser(t)));
    const responses = await jittered(
      racers.map((racer) => () => accept(racer, code)),
      seededRandom(20261125),
    );
    const winners = responses.flatMap((response, i) => (response.status === 200 ? [racers[i]] : []));
    expect(winners).toHaveLength(1);
    const losers = responses.filter((response) => response.status !== 200);
    expect(losers).toHaveLength(19);
    for (const loser of losers)
      expect(loser.body).toMatchObject({ statusCode: 409, code: 'challenge_taken' });
    const bet = await api(t, 'GET', `/api/bets/${id}`, { token: alice.token });
    expect(bet.body).toMatchObject({ status: 'active', opponentId: winners[0]?.id });
    for (const racer of racers) {
      expect(await balanceOf(t.dataSource, racer.id)).toBe(racer === winners[0] ? '990.00' : '1000.00');
    }
    await expectMoneyInvariants(t.dataSource);
  });

  it('refuses the creator’s own acceptance, the creator’s pick, and a pick that is no outcome', async () => {
    const { code } = await openChallenge(alice);
    const own = await accept(alice, code);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: 'challenge_own' });
    const same = await accept(bob, code, 'Snow');
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('You must choose a different outcome than the challenger.');
    const unknown = await accept(bob, code, 'Hail');
    expect(unknown.status).toBe(400);
    for (const bad of [null, '', 42, ['No snow']]) {
      const response = await accept(bob, code, bad);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please select your predicted outcome.');
    }
    expect((await api(t, 'GET', `/api/challenges/${code}`)).body).toMatchObject({ status: 'open' });
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1000.00');
  });

  it('lets the creator cancel it until taken, refunding the stake; then the link says so', async () => {
    const { id, code } = await openChallenge(alice);
    expect((await api(t, 'POST', `/api/bets/${id}/cancel`, { token: bob.token })).status).toBe(404);
    const cancelled = await api(t, 'POST', `/api/bets/${id}/cancel`, { token: alice.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
    expect((await api(t, 'GET', `/api/challenges/${code}`)).body).toMatchObject({ status: 'cancelled' });
    const late = await accept(bob, code);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'challenge_cancelled' });

    const taken = await openChallenge(alice);
    await accept(bob, taken.code);
    const tooLate = await api(t, 'POST', `/api/bets/${taken.id}/cancel`, { token: alice.token });
    expect(tooLate.status).toBe(409);
  });

  it('expires with the bet’s duration: the deadlines job refunds it and the link says expired', async () => {
    const { id, code } = await openChallenge(alice, { duration: 1 });
    const later = new Date(Date.now() + 2 * 3_600_000);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
    // Past its deadline, before the job has run: already expired for the link and for acceptors.
    expect((await api(t, 'GET', `/api/challenges/${code}`)).body).toMatchObject({ status: 'expired' });
    const early = await accept(bob, code);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'challenge_expired' });

    const result = await t.app.get(BetDeadlinesService).processDeadlines();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await api(t, 'GET', `/api/bets/${id}`, { token: alice.token })).body).toMatchObject({
      status: 'expired',
    });
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
    expect((await api(t, 'GET', `/api/challenges/${code}`)).body).toMatchObject({ status: 'expired' });
  });

  it('answers 404 for unknown and malformed codes, 401 signed out, and validates creation', async () => {
    const unknown = await api(t, 'GET', '/api/challenges/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'challenge_not_found' });
    expect((await api(t, 'GET', '/api/challenges/short')).status).toBe(404);
    expect((await api(t, 'GET', `/api/challenges/${'%27%3B--'.repeat(3)}`)).status).toBe(404);
    expect((await accept(bob, 'AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    const { code } = await openChallenge(alice);
    const signedOut = await api(t, 'POST', `/api/challenges/${code}/accept`, {
      body: { opponentPick: 'No snow' },
    });
    expect(signedOut.status).toBe(401);
    expect((await api(t, 'POST', '/api/challenges', { body: body() })).status).toBe(401);

    const invalid = await api(t, 'POST', '/api/challenges', {
      token: alice.token,
      body: body({ amount: '0.00', creatorPick: 'Rain' }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('Minimum bet amount is $0.01');
    const notAnOutcome = await api(t, 'POST', '/api/challenges', {
      token: alice.token,
      body: body({ creatorPick: 'Rain' }),
    });
    expect(notAnOutcome.status).toBe(400);
    expect(notAnOutcome.body.message).toBe('Your prediction must be one of the outcomes');
    const tooMuch = await api(t, 'POST', '/api/challenges', {
      token: alice.token,
      body: body({ amount: '5000.00' }),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('Insufficient balance for this bet');
  });

  it('takes no referee and no uneven stakes: a link is an even bet the two report on', async () => {
    const before = await balanceOf(t.dataSource, alice.id);
    const refused: [Record<string, unknown>, string][] = [
      [{ resolutionType: 'referee' }, 'resolutionType must be mutual'],
      [{ refereeId: bob.id }, 'property refereeId should not exist'],
      [{ opponentAmount: '5.00' }, 'property opponentAmount should not exist'],
    ];
    for (const [terms, message] of refused) {
      const answer = await api(t, 'POST', '/api/challenges', { token: alice.token, body: body(terms) });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect(await balanceOf(t.dataSource, alice.id)).toBe(before);
    const links = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM bets WHERE "creatorId" = $1`,
      [alice.id],
    );
    expect(links).toEqual([{ n: 0 }]);
  });

  it('accepting with too low a balance is a 400 and leaves the challenge open', async () => {
    const { code } = await openChallenge(alice, { amount: '999.00' });
    const { id } = await openChallenge(bob, { amount: '500.00' });
    expect(id).toBeGreaterThan(0);
    const poor = await accept(bob, code);
    expect(poor.status).toBe(400);
    expect(poor.body.message).toBe('Insufficient balance to accept this bet');
    expect((await api(t, 'GET', `/api/challenges/${code}`)).body).toMatchObject({ status: 'open' });
  });
});

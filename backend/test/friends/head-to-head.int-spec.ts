import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { befriend, playBet } from './friends-helpers.js';

describe('head-to-head record between friends', () => {
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
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const record = (viewer: SignedUpUser, friend: SignedUpUser) =>
    api(t, 'GET', `/api/friends/${friend.id}/head-to-head`, { token: viewer.token });

  it('starts empty between new friends', async () => {
    await befriend(t, alice, bob);
    const response = await record(alice, bob);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      won: 0,
      lost: 0,
      draws: 0,
      netProfit: '0.00',
      currentStreak: { kind: 'none', count: 0 },
      biggestWin: null,
      totalBets: 0,
      activeBets: 0,
      pendingBets: 0,
    });
  });

  it('matches the bets actually played, from each side', async () => {
    await befriend(t, alice, bob);
    // Oldest first. Alice's view: W 10.25, L 3.10, D 7.00, W 25.50, W 0.01
    await playBet(t, alice, bob, '10.25', 'creator');
    await playBet(t, bob, alice, '3.10', 'creator');
    await playBet(t, alice, bob, '7.00', 'draw');
    await playBet(t, bob, alice, '25.50', 'opponent');
    await playBet(t, alice, bob, '0.01', 'creator');
    // Not counted: bets with someone else, and bets that did not finish.
    await befriend(t, alice, carol);
    await playBet(t, alice, carol, '99.00', 'creator');
    const pending = await api(t, 'POST', '/api/bets', {
      token: alice.token,
      body: {
        opponentId: bob.id,
        amount: '50.00',
        title: 'Unfinished',
        description: '',
        outcomes: ['Yes', 'No'],
        duration: 168,
        creatorPick: 'Yes',
        resolutionType: 'mutual',
      },
    });
    expect(pending.status).toBe(201);

    const mine = await record(alice, bob);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      won: 3,
      lost: 1,
      draws: 1,
      netProfit: '32.66', // 10.25 - 3.10 + 25.50 + 0.01
      currentStreak: { kind: 'won', count: 2 },
      biggestWin: '25.50',
      totalBets: 5,
      activeBets: 0,
      pendingBets: 1,
    });
    const theirs = await record(bob, alice);
    expect(theirs.body).toEqual({
      won: 1,
      lost: 3,
      draws: 1,
      netProfit: '-32.66',
      currentStreak: { kind: 'lost', count: 2 },
      biggestWin: '3.10',
      totalBets: 5,
      activeBets: 0,
      pendingBets: 1,
    });

    // An accepted challenge is in play, no longer waiting.
    await api(t, 'POST', `/api/bets/${String(pending.body.id)}/accept`, {
      token: bob.token,
      body: { opponentPick: 'No' },
    });
    expect((await record(bob, alice)).body).toMatchObject({ totalBets: 5, activeBets: 1, pendingBets: 0 });

    // A draw breaks the run; then a loss starts a new one.
    await playBet(t, bob, alice, '1.00', 'draw');
    expect((await record(alice, bob)).body.currentStreak).toEqual({ kind: 'none', count: 0 });
    await playBet(t, bob, alice, '4.00', 'creator');
    expect((await record(alice, bob)).body).toMatchObject({
      lost: 2,
      draws: 2,
      netProfit: '28.66',
      currentStreak: { kind: 'lost', count: 1 },
      totalBets: 7,
    });
  });

  it('counts each side’s own stake at odds: a win earns the other’s stake, a loss costs one’s own', async () => {
    await befriend(t, alice, bob);
    // Alice stakes 30 against Bob's 10 twice: Bob wins the first, Alice the second.
    await playBet(t, alice, bob, '30.00', 'opponent', '10.00');
    await playBet(t, alice, bob, '30.00', 'creator', '10.00');
    expect((await record(alice, bob)).body).toMatchObject({
      won: 1,
      lost: 1,
      netProfit: '-20.00', // +10 - 30
      biggestWin: '10.00',
    });
    expect((await record(bob, alice)).body).toMatchObject({
      won: 1,
      lost: 1,
      netProfit: '20.00',
      biggestWin: '30.00',
    });
  });

  it('is only for friends: anyone else gets 404', async () => {
    await playBet(t, alice, bob, '5.00', 'creator');
    const stranger = await record(alice, bob);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('You are not friends with this person');
    expect((await record(alice, alice)).status).toBe(404);
    expect((await api(t, 'GET', '/api/friends/not-a-user/head-to-head', { token: alice.token })).status).toBe(
      404,
    );
    await befriend(t, bob, alice);
    expect((await record(alice, bob)).body).toMatchObject({ won: 1, netProfit: '5.00', totalBets: 1 });
    await api(t, 'DELETE', `/api/friends/${bob.id}`, { token: alice.token });
    expect((await record(bob, alice)).status).toBe(404);
  });
});

import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('wallet, activity and analytics reads', () => {
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob] = [await newUser(t), await newUser(t)];
    const play = async (amount: string, winner: SignedUpUser | null) => {
      const created = await api(t, 'POST', '/api/bets', {
        token: alice.token,
        body: {
          opponentId: bob.id,
          amount,
          title: `Bet ${amount}`,
          outcomes: ['A', 'B'],
          duration: 168,
          creatorPick: 'A',
        },
      });
      const id = String(created.body.id);
      await api(t, 'POST', `/api/bets/${id}/accept`, { token: bob.token, body: { opponentPick: 'B' } });
      const result = winner ? winner.id : 'NO_CLEAR_OUTCOME';
      await api(t, 'POST', `/api/bets/${id}/submit-result`, { token: alice.token, body: { result } });
      await api(t, 'POST', `/api/bets/${id}/submit-result`, { token: bob.token, body: { result } });
    };
    await play('10.00', alice); // win
    await play('20.00', bob); // loss
    await play('5.25', alice); // win
    await play('7.00', alice); // win
    await play('3.00', null); // draw
    // one still pending
    await api(t, 'POST', '/api/bets', {
      token: alice.token,
      body: {
        opponentId: bob.id,
        amount: '4.00',
        title: 'Open',
        outcomes: ['A', 'B'],
        duration: 168,
        creatorPick: 'A',
      },
    });
  });
  afterAll(async () => t.close());

  it('splits the wallet into available and in play, and lists every ledger receipt', async () => {
    const summary = await api(t, 'GET', '/api/wallet', { token: alice.token });
    // 1000 +10 -20 +5.25 +7 +0 - 4 (in escrow)
    expect(summary.body).toEqual({ available: '998.25', inPlay: '4.00', total: '1002.25', currency: 'USD' });
    const entries = await api(t, 'GET', '/api/wallet/transactions?limit=100', { token: alice.token });
    const rows = entries.body as unknown as { type: string; amount: string; balanceAfter: string }[];
    expect(rows[0]).toMatchObject({ type: 'bet_stake', amount: '-4.00', balanceAfter: '998.25' });
    expect(rows.at(-1)).toMatchObject({ type: 'signup_bonus', amount: '1000.00' });
    expect(rows).toHaveLength(1 + 5 + 3 + 1 + 1); // bonus, 5 stakes, 3 payouts, 1 draw refund, the open stake
    const page = await api(t, 'GET', '/api/wallet/transactions?limit=2', { token: alice.token });
    expect(page.body).toHaveLength(2);
    expect((await api(t, 'GET', '/api/wallet/transactions?limit=0', { token: alice.token })).status).toBe(
      400,
    );
  });

  it('computes the analytics in SQL, exactly', async () => {
    const stats = await api(t, 'GET', '/api/analytics/user-stats', { token: alice.token });
    expect(stats.body).toMatchObject({
      totalBetsWon: 3,
      totalBetsLost: 1,
      winRate: 75,
      profitLoss: '2.25',
      totalBetsCreated: 5,
      currentStreak: 2,
      longestWinStreak: 2,
      avgBetAmount: '9.05',
      activeBets: 0,
      pendingBets: 1,
      totalAmountWagered: '45.25',
      totalAmountWon: '44.50',
      friendsCount: 0,
    });
    const history = stats.body.profitHistory as { cumulative: string }[];
    expect(history.map((point) => point.cumulative)).toEqual(['10.00', '-10.00', '-4.75', '2.25']);
    const recent = stats.body.recentActivity as { description: string; amount: string | null }[];
    expect(recent).toHaveLength(5);
    expect(recent[0]?.description).toBe('Bet created: Open');
    const bobStats = await api(t, 'GET', '/api/analytics/user-stats', { token: bob.token });
    expect(bobStats.body).toMatchObject({
      totalBetsWon: 1,
      totalBetsLost: 3,
      profitLoss: '-2.25',
      currentStreak: 0,
    });
  });

  it('lists only the user’s own activities, newest first', async () => {
    const mine = await api(t, 'GET', '/api/activities?limit=50', { token: bob.token });
    const rows = mine.body as unknown as {
      description: string;
      activityType: string;
      amount: string | null;
    }[];
    expect(rows[0]).toMatchObject({ activityType: 'bet_received' });
    expect(rows.find((row) => row.activityType === 'bet_lost')).toMatchObject({ amount: '-7.00' });
    expect(rows.some((row) => row.activityType === 'bet_created')).toBe(false);
  });

  it('serves each bet list for the dashboard', async () => {
    const pending = await api(t, 'GET', '/api/bets/pending', { token: bob.token });
    expect((pending.body as unknown as unknown[]).length).toBe(1);
    const completed = await api(t, 'GET', '/api/bets/completed', { token: bob.token });
    expect((completed.body as unknown as unknown[]).length).toBe(5);
    const active = await api(t, 'GET', '/api/bets/active', { token: bob.token });
    expect(active.body).toEqual([]);
    const history = await api(t, 'GET', '/api/bets/history?limit=3', { token: bob.token });
    expect((history.body as unknown as unknown[]).length).toBe(3);
  });
  it('offers every opponent to filter the history by, whatever their bets’ status', async () => {
    const carol = await newUser(t);
    const created = await api(t, 'POST', '/api/bets', {
      token: alice.token,
      body: {
        opponentId: carol.id,
        amount: '1.00',
        title: 'Withdrawn',
        outcomes: ['A', 'B'],
        duration: 168,
        creatorPick: 'A',
      },
    });
    await api(t, 'POST', `/api/bets/${String(created.body.id)}/cancel`, { token: alice.token });

    const opponents = await api(t, 'GET', '/api/bets/opponents', { token: alice.token });
    expect((opponents.body as unknown as { id: string }[]).map((person) => person.id)).toEqual([
      carol.id,
      bob.id,
    ]);
    const bobs = await api(t, 'GET', '/api/bets/opponents', { token: bob.token });
    expect(bobs.body).toEqual([expect.objectContaining({ id: alice.id, username: alice.username })]);
  });

  it('names the bet each recent activity is about', async () => {
    const stats = await api(t, 'GET', '/api/analytics/user-stats', { token: bob.token });
    const recent = stats.body.recentActivity as { betId: number | null }[];
    expect(recent.every((entry) => typeof entry.betId === 'number')).toBe(true);
  });
});

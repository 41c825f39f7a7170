import { Clock } from '../../src/common/clock.js';
import { AdminService } from '../../src/modules/admin/admin.service.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/admin/analytics'],
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/balance-adjustment'],
  ['POST', '/api/admin/moderation-action'],
  ['DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000'],
  ['GET', '/api/admin/disputed-bets'],
  ['GET', '/api/admin/resolved-disputes'],
  ['GET', '/api/admin/audit-log'],
  ['POST', '/api/bets/1/admin-resolve'],
  ['POST', '/api/bets/1/edit-resolution'],
];

describe('admin', () => {
  let t: TestApp;
  let admin: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newUser(t);
    await t.dataSource.query(`UPDATE users SET "isAdmin" = true WHERE id = $1`, [admin.id]);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const disputedBet = async (a: SignedUpUser, b: SignedUpUser, amount = '50.00') => {
    const created = await api(t, 'POST', '/api/bets', {
      token: a.token,
      body: {
        opponentId: b.id,
        amount,
        title: 'Disputed',
        outcomes: ['A', 'B'],
        duration: 168,
        creatorPick: 'A',
      },
    });
    const id = String(created.body.id);
    await api(t, 'POST', `/api/bets/${id}/accept`, { token: b.token, body: { opponentPick: 'B' } });
    await api(t, 'POST', `/api/bets/${id}/submit-result`, { token: a.token, body: { result: a.id } });
    await api(t, 'POST', `/api/bets/${id}/submit-result`, {
      token: b.token,
      body: { result: b.id, confirmed: true },
    });
    return id;
  };

  it('refuses every admin route to non-admins, suspended and banned users, and strangers', async () => {
    const normal = await newUser(t);
    const suspended = await newUser(t);
    const banned = await newUser(t);
    await api(t, 'POST', '/api/admin/moderation-action', {
      token: admin.token,
      body: { userId: suspended.id, action: 'suspend', reason: 'Testing suspension', duration: 3 },
    });
    await api(t, 'POST', '/api/admin/moderation-action', {
      token: admin.token,
      body: { userId: banned.username, action: 'ban', reason: 'Testing the ban path' },
    });
    for (const [method, path] of ADMIN_ROUTES) {
      const body = method === 'GET' ? undefined : {};
      expect([method, path, (await api(t, method, path, { token: normal.token, body })).status]).toEqual([
        method,
        path,
        403,
      ]);
      expect([method, path, (await api(t, method, path, { token: suspended.token, body })).status]).toEqual([
        method,
        path,
        403,
      ]);
      expect([method, path, (await api(t, method, path, { token: banned.token, body })).status]).toEqual([
        method,
        path,
        401,
      ]);
      expect([method, path, (await api(t, method, path, { body })).status]).toEqual([method, path, 401]);
    }
    // The list above covers every route that declares the admin policy.
    const declared = (await api(t, 'GET', '/api/docs-json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(declared.paths)
      .filter(([path]) => path.startsWith('/api/admin') || /\/(admin-resolve|edit-resolution)$/.test(path))
      .flatMap(([, methods]) => Object.keys(methods));
    expect(operations).toHaveLength(ADMIN_ROUTES.length);
  });

  it.each([
    [{ amount: '10', reason: 'A long enough reason', type: 'deposit' }, 'User ID is required'],
    [
      { userId: 'x', amount: '-5', reason: 'A long enough reason', type: 'deposit' },
      'Amount must be a valid positive number',
    ],
    [
      { userId: 'x', amount: '0', reason: 'A long enough reason', type: 'deposit' },
      'Amount must be a valid positive number',
    ],
    [{ userId: 'x', amount: '5', reason: 'short', type: 'deposit' }, 'Reason must be at least 10 characters'],
    [
      { userId: 'x', amount: '5', reason: 'A long enough reason', type: 'gift' },
      'Type must be deposit or withdrawal',
    ],
  ])('validates balance adjustments %j', async (body, message) => {
    const response = await api(t, 'POST', '/api/admin/balance-adjustment', { token: admin.token, body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('deposits and withdraws through the ledger with adjustment and audit rows; refuses overdrafts', async () => {
    const user = await newUser(t);
    const deposit = await api(t, 'POST', '/api/admin/balance-adjustment', {
      token: admin.token,
      body: {
        userId: user.username.toUpperCase(),
        amount: '25.50',
        reason: 'Goodwill credit',
        type: 'deposit',
      },
    });
    expect(deposit.body).toEqual({ previousBalance: '1000.00', newBalance: '1025.50' });
    await api(t, 'POST', '/api/admin/balance-adjustment', {
      token: admin.token,
      body: { userId: user.id, amount: '5.50', reason: 'Correction of error', type: 'withdrawal' },
    });
    expect(await balanceOf(t.dataSource, user.id)).toBe('1020.00');
    const too = await api(t, 'POST', '/api/admin/balance-adjustment', {
      token: admin.token,
      body: { userId: user.id, amount: '2000.00', reason: 'Far too much money', type: 'withdrawal' },
    });
    expect(too.status).toBe(400);
    expect(await balanceOf(t.dataSource, user.id)).toBe('1020.00');
    const adjustments = await t.dataSource.query<{ type: string }[]>(
      `SELECT type FROM balance_adjustments WHERE "userId" = $1 ORDER BY id`,
      [user.id],
    );
    expect(adjustments.map((row) => row.type)).toEqual(['deposit', 'withdrawal']);
    const audit = await api(t, 'GET', '/api/admin/audit-log', { token: admin.token });
    expect(
      (audit.body as unknown as { action: string; targetId: string; newValue: unknown }[]).find(
        (e) => e.targetId === user.id && e.action === 'balance_deposit',
      ),
    ).toMatchObject({ newValue: { balance: '1025.50' } });
  });

  it('bans (login refused, token dead at once) and unbans', async () => {
    const user = await newUser(t);
    await api(t, 'POST', '/api/admin/moderation-action', {
      token: admin.token,
      body: { userId: user.id, action: 'ban', reason: 'Abusive behaviour' },
    });
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
    expect(
      (
        await api(t, 'POST', '/api/auth/login', {
          body: { emailOrUsername: user.username, password: user.password },
        })
      ).status,
    ).toBe(403);
    await api(t, 'POST', '/api/admin/moderation-action', {
      token: admin.token,
      body: { userId: user.id, action: 'unban', reason: 'Appeal accepted' },
    });
    expect(
      (
        await api(t, 'POST', '/api/auth/login', {
          body: { emailOrUsername: user.username, password: user.password },
        })
      ).status,
    ).toBe(200);
  });

  it('suspends betting and lifts the suspension by itself when its time passes (time injected)', async () => {
    const [user, other] = [await newUser(t), await newUser(t)];
    await api(t, 'POST', '/api/admin/moderation-action', {
      token: admin.token,
      body: { userId: user.id, action: 'suspend', reason: 'Cooling off period', duration: 2 },
    });
    const body = {
      opponentId: other.id,
      amount: '5.00',
      title: 'Blocked',
      outcomes: ['A', 'B'],
      duration: 168,
      creatorPick: 'A',
    };
    expect((await api(t, 'POST', '/api/bets', { token: user.token, body })).status).toBe(403);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 3 * 86_400_000));
    expect(await t.app.get(AdminService).liftExpiredSuspensions()).toBeGreaterThanOrEqual(1);
    jest.restoreAllMocks();
    expect((await api(t, 'POST', '/api/bets', { token: user.token, body })).status).toBe(201);
  });

  it('tells a warned user through their activity feed', async () => {
    const user = await newUser(t);
    await api(t, 'POST', '/api/admin/moderation-action', {
      token: admin.token,
      body: { userId: user.id, action: 'warn', reason: 'Please keep it friendly' },
    });
    const feed = await api(t, 'GET', '/api/activities', { token: user.token });
    expect((feed.body as unknown as { description: string }[])[0]?.description).toBe(
      'Warning from an administrator: Please keep it friendly',
    );
  });

  it('cannot moderate or delete administrators', async () => {
    const moderated = await api(t, 'POST', '/api/admin/moderation-action', {
      token: admin.token,
      body: { userId: admin.id, action: 'ban', reason: 'Trying to ban admin' },
    });
    expect(moderated.status).toBe(403);
    expect((await api(t, 'DELETE', `/api/admin/users/${admin.id}`, { token: admin.token })).status).toBe(403);
  });

  it('deletes a user: open bets refunded, books balanced, sign-in gone', async () => {
    const [user, other] = [await newUser(t), await newUser(t)];
    await disputedBet(other, user);
    expect((await api(t, 'DELETE', `/api/admin/users/${user.id}`, { token: admin.token })).status).toBe(204);
    expect(await balanceOf(t.dataSource, other.id)).toBe('1000.00');
    expect(
      (
        await api(t, 'POST', '/api/auth/login', {
          body: { emailOrUsername: user.email, password: user.password },
        })
      ).status,
    ).toBe(401);
  });

  it('resolve, re-resolve, re-resolve leaves exactly one resolution’s money', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const id = await disputedBet(a, b);
    const disputed = await api(t, 'GET', '/api/admin/disputed-bets', { token: admin.token });
    expect(
      (disputed.body as unknown as { id: number; creator: { email: string } }[]).find(
        (bet) => String(bet.id) === id,
      )?.creator.email,
    ).toBe(a.email);
    await api(t, 'POST', `/api/bets/${id}/admin-resolve`, { token: admin.token, body: { winnerId: a.id } });
    await api(t, 'POST', `/api/bets/${id}/edit-resolution`, {
      token: admin.token,
      body: { winnerId: b.id, reason: 'Evidence favoured B' },
    });
    const last = await api(t, 'POST', `/api/bets/${id}/edit-resolution`, {
      token: admin.token,
      body: { winnerId: a.id, reason: 'Second review for A' },
    });
    expect(last.body).toMatchObject({ winnerUserId: a.id, resolutionType: 'admin' });
    expect(await balanceOf(t.dataSource, a.id)).toBe('1050.00');
    expect(await balanceOf(t.dataSource, b.id)).toBe('950.00');
    const short = await api(t, 'POST', `/api/bets/${id}/edit-resolution`, {
      token: admin.token,
      body: { winnerId: b.id, reason: 'short' },
    });
    expect(short.body.message).toBe('Reason must be at least 10 characters');
  });

  it('two admins racing to resolve one dispute apply it once', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const id = await disputedBet(a, b);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
          token: admin.token,
          body: { winnerId: i % 2 ? a.id : b.id },
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const payouts = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM transactions WHERE type = 'bet_payout' AND "referenceId" = $1`,
      [id],
    );
    expect(payouts[0]?.n).toBe(1);
  });

  it('answers analytics from SQL', async () => {
    const analytics = await api(t, 'GET', '/api/admin/analytics', { token: admin.token });
    const [counts] = await t.dataSource.query<
      { users: number; bets: number; disputes: number; volume: string }[]
    >(
      `SELECT (SELECT count(*) FROM users WHERE "deletedAt" IS NULL)::int AS users, (SELECT count(*) FROM bets)::int AS bets,
              (SELECT count(*) FROM bets WHERE status = 'disputed')::int AS disputes,
              (SELECT coalesce(sum(amount * 2), 0) FROM bets WHERE status IN ('active', 'disputed', 'completed'))::numeric(14,2)::text AS volume`,
    );
    expect(analytics.body).toEqual({
      totalUsers: counts?.users,
      totalBets: counts?.bets,
      totalVolume: counts?.volume,
      activeDisputes: counts?.disputes,
    });
    const users = await api(
      t,
      'GET',
      `/api/admin/users?q=${encodeURIComponent(admin.username.slice(0, 6))}`,
      { token: admin.token },
    );
    expect((users.body as unknown as { id: string }[]).some((row) => row.id === admin.id)).toBe(true);
  });
});

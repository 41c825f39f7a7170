import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { activeBet, itemsOf, countRows, disputedBet, newAdmin, pendingBet } from './admin-helpers.js';

describe('admin deletes a user', () => {
  let t: TestApp;
  let admin: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newAdmin(t);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const remove = (id: string, token = admin.token) => api(t, 'DELETE', `/api/admin/users/${id}`, { token });
  const statusOf = async (betId: number) => {
    const [row] = await t.dataSource.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [
      betId,
    ]);
    return row?.status;
  };

  it('refunds every open bet, removes personal data, ends sign-in, and keeps the books balanced', async () => {
    const [user, a, b, c, d, friend] = [
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
    ];
    const theirPending = await pendingBet(t, user, a, '10.00');
    const pendingForThem = await pendingBet(t, b, user, '20.00');
    const active = await activeBet(t, c, user, '30.00');
    const disputed = await disputedBet(t, user, d, '40.00');
    const sent = await api(t, 'POST', '/api/friends/request', {
      token: user.token,
      body: { addresseeId: friend.id },
    });
    await api(t, 'POST', `/api/friends/${String(sent.body.id)}/accept`, { token: friend.token });
    expect(await balanceOf(t.dataSource, user.id)).toBe('920.00');

    const response = await remove(user.id);
    expect(response.status).toBe(204);

    // Every stake went back to whoever put it in.
    for (const id of [user.id, a.id, b.id, c.id, d.id])
      expect(await balanceOf(t.dataSource, id)).toBe('1000.00');
    expect([
      await statusOf(theirPending),
      await statusOf(pendingForThem),
      await statusOf(active),
      await statusOf(disputed),
    ]).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);

    // Personal data gone; the row stays as a tombstone the ledger still points at.
    const [tombstone] = await t.dataSource.query<Record<string, unknown>[]>(
      `SELECT email, username, "firstName", "lastName", password, "deletedAt" FROM users WHERE id = $1`,
      [user.id],
    );
    expect(tombstone).toEqual({
      email: `deleted-${user.id}@deleted.invalid`,
      username: null,
      firstName: null,
      lastName: null,
      password: null,
      deletedAt: expect.any(Date) as Date,
    });
    expect(await countRows(t, `SELECT 1 FROM transactions WHERE "userId" = $1`, [user.id])).toBeGreaterThan(
      0,
    );
    expect(
      await countRows(t, `SELECT 1 FROM friendships WHERE "requesterId" = $1 OR "addresseeId" = $1`, [
        user.id,
      ]),
    ).toBe(0);

    // Signed out everywhere, and no way back in.
    expect(await countRows(t, `SELECT 1 FROM sessions WHERE sess->>'userId' = $1`, [user.id])).toBe(0);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
    for (const emailOrUsername of [user.email, user.username]) {
      const login = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername, password: user.password },
      });
      expect(login.status).toBe(401);
    }

    // Gone from the admin's users list, audited, and not deletable twice.
    const users = itemsOf<{ id: string }>(
      (await api(t, 'GET', '/api/admin/users?limit=200', { token: admin.token })).body,
    );
    expect(users.some((row) => row.id === user.id)).toBe(false);
    const audit = await t.dataSource.query<Record<string, unknown>[]>(
      `SELECT "adminId", action, "targetType", "previousValue", "newValue" FROM admin_audit_log WHERE "targetId" = $1`,
      [user.id],
    );
    expect(audit).toEqual([
      {
        adminId: admin.id,
        action: 'delete_user',
        targetType: 'user',
        previousValue: { username: user.username, balance: '920.00' },
        newValue: { deleted: true },
      },
    ]);
    expect((await remove(user.id)).status).toBe(404);
  });

  it('deletes by username too and ends that user’s sessions', async () => {
    const user = await newUser(t);
    expect((await remove(user.username)).status).toBe(204);
    expect(await countRows(t, `SELECT 1 FROM sessions WHERE sess->>'userId' = $1`, [user.id])).toBe(0);
  });

  it('refuses to delete an administrator, or to let a non-admin delete anyone', async () => {
    const other = await newAdmin(t);
    const refused = await remove(other.id);
    expect([refused.status, refused.body.message]).toEqual([403, 'Administrators cannot be deleted']);
    expect((await remove(admin.id)).status).toBe(403);
    const victim = await newUser(t);
    expect((await remove(victim.id, (await newUser(t)).token)).status).toBe(403);
    expect((await api(t, 'GET', '/api/auth/user', { token: victim.token })).status).toBe(200);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('two admins deleting the same user at once: one deletion, refunds paid once', async () => {
    const [user, other] = [await newUser(t), await newUser(t)];
    const second = await newAdmin(t);
    await activeBet(t, user, other, '75.00');
    const responses = await Promise.all([remove(user.id), remove(user.id, second.token)]);
    expect(responses.map((response) => response.status).sort()).toEqual([204, 404]);
    expect(await balanceOf(t.dataSource, other.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, user.id)).toBe('1000.00');
  });
});

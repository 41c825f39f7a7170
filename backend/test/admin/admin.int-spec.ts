import { Decimal } from 'decimal.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { adminTotalsFromTables, expectMoneyInvariants, type AdminTotals } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { activeBet, itemsOf, disputedBet, moderate, newAdmin, pendingBet } from './admin-helpers.js';

interface AdminUserRow {
  id: string;
  username: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  balance: string;
  isAdmin: boolean;
  profileCompleted: boolean;
  bannedAt: string | null;
  suspendedUntil: string | null;
  createdAt: string;
}

describe('admin overview: analytics, users, audit log', () => {
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

  const analytics = async () =>
    (await api(t, 'GET', '/api/admin/analytics', { token: admin.token })).body as unknown as AdminTotals;
  const users = async (query: string) => {
    const response = await api(t, 'GET', `/api/admin/users${query}`, { token: admin.token });
    expect(response.status).toBe(200);
    return itemsOf<AdminUserRow>(response.body);
  };

  it('answers analytics from SQL, matching the tables', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    await disputedBet(t, a, b);
    const answer = await analytics();
    expect(answer).toEqual(await adminTotalsFromTables(t.dataSource));
  });

  it('counts volume as both stakes of every accepted bet; pending, declined and voided bets add nothing', async () => {
    const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
    const start = await analytics();
    const pending = await pendingBet(t, a, b, '10.00');
    let now = await analytics();
    expect([now.totalUsers, now.totalBets, now.totalVolume]).toEqual([
      start.totalUsers,
      start.totalBets + 1,
      start.totalVolume,
    ]);
    await api(t, 'POST', `/api/bets/${pending}/decline`, { token: b.token });
    await activeBet(t, a, c, '12.34');
    now = await analytics();
    expect(new Decimal(now.totalVolume).minus(start.totalVolume).toFixed(2)).toBe('24.68');
    expect(now.totalVolume).toMatch(/^\d+\.\d{2}$/);
    await disputedBet(t, b, c, '5.00');
    now = await analytics();
    expect(now.activeDisputes).toBe(start.activeDisputes + 1);
    // Deleting a party voids their open bets: they leave the volume, the user leaves the count.
    await api(t, 'DELETE', `/api/admin/users/${c.id}`, { token: admin.token });
    now = await analytics();
    expect([now.totalUsers, now.totalVolume, now.activeDisputes]).toEqual([
      start.totalUsers - 1,
      start.totalVolume,
      start.activeDisputes,
    ]);
  });

  it('lists users with the fields the table needs, searchable by username, email and name prefix', async () => {
    const tag = Date.now().toString(36);
    const user = await newUser(t, { firstName: `Quinta${tag}`, lastName: `Marlowe${tag}` });
    const rows = await users(`?q=${encodeURIComponent(user.username)}`);
    expect(rows).toEqual([
      {
        id: user.id,
        username: user.username,
        email: user.email,
        firstName: `Quinta${tag}`,
        lastName: `Marlowe${tag}`,
        balance: '1000.00',
        isAdmin: false,
        profileCompleted: true,
        bannedAt: null,
        suspendedUntil: null,
        createdAt: expect.any(String) as string,
      },
    ]);
    for (const q of [user.username.toUpperCase(), user.email.slice(0, -4), `quinta${tag}`, `MARLOWE${tag}`]) {
      expect((await users(`?q=${encodeURIComponent(q)}`)).map((row) => row.id)).toEqual([user.id]);
    }
    // Prefix, not substring; LIKE wildcards are taken literally.
    expect(await users(`?q=${encodeURIComponent(user.username.slice(3))}`)).toEqual([]);
    expect(await users(`?q=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await users(`?q=${encodeURIComponent('_')}`)).toEqual([]);
    const adminRow = (await users(`?q=${encodeURIComponent(admin.username)}`))[0];
    expect(adminRow?.isAdmin).toBe(true);
  });

  it('leaves deleted users out of the users list, and refuses a bad limit', async () => {
    const gone = await newUser(t);
    await api(t, 'DELETE', `/api/admin/users/${gone.id}`, { token: admin.token });
    expect((await users('?limit=200')).some((row) => row.id === gone.id)).toBe(false);
    for (const bad of ['?limit=0', '?limit=201', '?limit=ten', '?offset=0']) {
      expect((await api(t, 'GET', `/api/admin/users${bad}`, { token: admin.token })).status).toBe(400);
    }
  });

  it('shows the audit log newest first, paged, in the documented shape', async () => {
    const user = await newUser(t);
    await moderate(t, admin, user.id, 'warn', 'First audited action');
    await api(t, 'POST', '/api/admin/balance-adjustment', {
      token: admin.token,
      body: { userId: user.id, amount: '5.00', reason: 'Second audited action', type: 'deposit' },
    });
    const page = itemsOf<Record<string, unknown>>(
      (await api(t, 'GET', '/api/admin/audit-log?limit=2', { token: admin.token })).body,
    );
    expect(page).toHaveLength(2);
    expect(Object.keys(page[0] ?? {}).sort()).toEqual(
      [
        'id',
        'adminId',
        'action',
        'targetType',
        'targetId',
        'reason',
        'previousValue',
        'newValue',
        'createdAt',
      ].sort(),
    );
    expect(page.map((entry) => entry.reason)).toEqual(['Second audited action', 'First audited action']);
    expect(page[0]).toMatchObject({
      adminId: admin.id,
      action: 'balance_deposit',
      targetType: 'user',
      targetId: user.id,
    });
    const next = itemsOf<Record<string, unknown>>(
      (await api(t, 'GET', `/api/admin/audit-log?limit=1&before=${String(page[0]?.id)}`, { token: admin.token }))
        .body,
    );
    expect(next[0]?.id).toBe(page[1]?.id);
  });
});

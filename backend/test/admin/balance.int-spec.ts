import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { itemsOf, countRows, newAdmin } from './admin-helpers.js';

describe('admin balance adjustments', () => {
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

  const adjust = (body: Record<string, unknown>) =>
    api(t, 'POST', '/api/admin/balance-adjustment', { token: admin.token, body });

  /** Every row an adjustment of this user could have written. */
  const writtenFor = async (userId: string) => ({
    ledger: await countRows(t, `SELECT 1 FROM transactions WHERE "userId" = $1`, [userId]),
    adjustments: await countRows(t, `SELECT 1 FROM balance_adjustments WHERE "userId" = $1`, [userId]),
    audit: await countRows(t, `SELECT 1 FROM admin_audit_log WHERE "targetId" = $1`, [userId]),
  });

  const valid = { userId: 'someone', amount: '10.00', reason: 'A long enough reason', type: 'deposit' };

  it.each([
    [{ ...valid, userId: undefined }, 'User ID is required'],
    [{ ...valid, userId: '' }, 'User ID is required'],
    [{ ...valid, userId: '    ' }, 'User ID is required'],
    [{ ...valid, userId: 42 }, 'User ID is required'],
    [{ ...valid, amount: undefined }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: '-5' }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: '0' }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: '0.00' }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: '0.001' }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: '1.234' }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: 'ten' }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: '1e3' }, 'Amount must be a valid positive number'],
    [{ ...valid, amount: -3 }, 'Amount must be a valid positive number'],
    [{ ...valid, reason: undefined }, 'Reason must be at least 10 characters'],
    [{ ...valid, reason: 'short' }, 'Reason must be at least 10 characters'],
    [{ ...valid, reason: '   padded   ' }, 'Reason must be at least 10 characters'],
    [{ ...valid, type: 'gift' }, 'Type must be deposit or withdrawal'],
    [{ ...valid, type: undefined }, 'Type must be deposit or withdrawal'],
  ])('refuses %j with its message', async (body, message) => {
    const response = await adjust(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('answers 404 for a user that does not exist, by id or by username', async () => {
    const byId = await adjust({ ...valid, userId: '00000000-0000-4000-8000-000000000000' });
    expect([byId.status, byId.body.message]).toEqual([404, 'User not found']);
    const byName = await adjust({ ...valid, userId: 'nobody_by_that_name' });
    expect(byName.status).toBe(404);
  });

  it('deposits through the ledger with an adjustment row and an audit entry (user found by username, any case)', async () => {
    const user = await newUser(t);
    const response = await adjust({
      userId: user.username.toUpperCase(),
      amount: '25.5',
      reason: 'Goodwill credit after outage',
      type: 'deposit',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ userId: user.id, previousBalance: '1000.00', newBalance: '1025.50' });
    expect(await balanceOf(t.dataSource, user.id)).toBe('1025.50');

    const ledger = await t.dataSource.query<Record<string, unknown>[]>(
      `SELECT type, amount::text, "balanceBefore"::text, "balanceAfter"::text, "referenceType", "referenceId", description
         FROM transactions WHERE "userId" = $1 AND type LIKE 'admin_%'`,
      [user.id],
    );
    expect(ledger).toEqual([
      {
        type: 'admin_deposit',
        amount: '25.50',
        balanceBefore: '1000.00',
        balanceAfter: '1025.50',
        referenceType: 'admin',
        referenceId: admin.id,
        description: 'Goodwill credit after outage',
      },
    ]);
    const adjustments = await t.dataSource.query<Record<string, unknown>[]>(
      `SELECT "adminId", amount::text, "previousBalance"::text, "newBalance"::text, reason, type
         FROM balance_adjustments WHERE "userId" = $1`,
      [user.id],
    );
    expect(adjustments).toEqual([
      {
        adminId: admin.id,
        amount: '25.50',
        previousBalance: '1000.00',
        newBalance: '1025.50',
        reason: 'Goodwill credit after outage',
        type: 'deposit',
      },
    ]);
    const audit = itemsOf<Record<string, unknown>>(
      (await api(t, 'GET', '/api/admin/audit-log', { token: admin.token })).body,
    );
    expect(audit.find((entry) => entry.targetId === user.id)).toMatchObject({
      adminId: admin.id,
      action: 'balance_deposit',
      targetType: 'user',
      targetId: user.id,
      reason: 'Goodwill credit after outage',
      previousValue: { balance: '1000.00' },
      newValue: { balance: '1025.50' },
    });
  });

  it('withdraws through the ledger, down to exactly zero, with adjustment and audit rows', async () => {
    const user = await newUser(t);
    const first = await adjust({
      userId: user.id,
      amount: '400',
      reason: 'Correction of an error',
      type: 'withdrawal',
    });
    expect(first.body).toEqual({ userId: user.id, previousBalance: '1000.00', newBalance: '600.00' });
    const all = await adjust({
      userId: user.id,
      amount: 600,
      reason: 'Closing the balance out',
      type: 'withdrawal',
    });
    expect(all.body).toEqual({ userId: user.id, previousBalance: '600.00', newBalance: '0.00' });
    expect(await balanceOf(t.dataSource, user.id)).toBe('0.00');
    const ledger = await t.dataSource.query<{ type: string; amount: string }[]>(
      `SELECT type, amount::text FROM transactions WHERE "userId" = $1 ORDER BY id`,
      [user.id],
    );
    expect(ledger).toEqual([
      { type: 'signup_bonus', amount: '1000.00' },
      { type: 'admin_withdrawal', amount: '-400.00' },
      { type: 'admin_withdrawal', amount: '-600.00' },
    ]);
    const adjustments = await t.dataSource.query<Record<string, string>[]>(
      `SELECT type, amount::text, "previousBalance"::text, "newBalance"::text FROM balance_adjustments WHERE "userId" = $1 ORDER BY id`,
      [user.id],
    );
    expect(adjustments).toEqual([
      { type: 'withdrawal', amount: '400.00', previousBalance: '1000.00', newBalance: '600.00' },
      { type: 'withdrawal', amount: '600.00', previousBalance: '600.00', newBalance: '0.00' },
    ]);
    const audit = await t.dataSource.query<Record<string, unknown>[]>(
      `SELECT action, "previousValue", "newValue" FROM admin_audit_log WHERE "targetId" = $1 ORDER BY id`,
      [user.id],
    );
    expect(audit).toEqual([
      {
        action: 'balance_withdrawal',
        previousValue: { balance: '1000.00' },
        newValue: { balance: '600.00' },
      },
      { action: 'balance_withdrawal', previousValue: { balance: '600.00' }, newValue: { balance: '0.00' } },
    ]);
  });

  it('refuses a withdrawal larger than the balance with a clear message and writes nothing', async () => {
    const user = await newUser(t);
    const before = await writtenFor(user.id);
    const response = await adjust({
      userId: user.id,
      amount: '1000.01',
      reason: 'Far too much money',
      type: 'withdrawal',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'The withdrawal of 1000.01 is larger than the user’s balance of 1000.00',
    );
    expect(await balanceOf(t.dataSource, user.id)).toBe('1000.00');
    expect(await writtenFor(user.id)).toEqual(before);
  });

  it('refuses a deposit the balance column cannot hold, writing nothing', async () => {
    const user = await newUser(t);
    const before = await writtenFor(user.id);
    const response = await adjust({
      userId: user.id,
      amount: '99999999.99',
      reason: 'Enormous deposit attempt',
      type: 'deposit',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The deposit would take the balance above 99999999.99');
    expect(await writtenFor(user.id)).toEqual(before);
  });

  it('applies racing withdrawals only while the balance covers them', async () => {
    const user = await newUser(t);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        adjust({ userId: user.id, amount: '300.00', reason: 'Racing withdrawal test', type: 'withdrawal' }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 400, 400, 400]);
    expect(await balanceOf(t.dataSource, user.id)).toBe('100.00');
    expect(await writtenFor(user.id)).toMatchObject({ adjustments: 3, audit: 3 });
  });

  it('cannot adjust a deleted user', async () => {
    const user = await newUser(t);
    expect((await api(t, 'DELETE', `/api/admin/users/${user.id}`, { token: admin.token })).status).toBe(204);
    expect((await adjust({ ...valid, userId: user.id })).status).toBe(404);
  });
});

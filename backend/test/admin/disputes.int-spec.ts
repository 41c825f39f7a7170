import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { itemsOf, disputedBet, newAdmin } from './admin-helpers.js';

interface Party {
  id: string;
  username: string | null;
  email?: string | null;
}

interface AdminBet {
  id: number;
  title: string;
  description: string | null;
  amount: string;
  status: string;
  creator: Party;
  opponent: Party | null;
  winner: Party | null;
  creatorPick: string | null;
  opponentPick: string | null;
  creatorResult: string | null;
  opponentResult: string | null;
  finalResult: string | null;
  winnerUserId: string | null;
  resolutionType: string;
  createdAt: string;
  resolutionDate: string | null;
}

describe('admin disputes', () => {
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

  const list = async (which: 'disputed-bets' | 'resolved-disputes') => {
    const response = await api(t, 'GET', `/api/admin/${which}`, { token: admin.token });
    expect(response.status).toBe(200);
    return itemsOf<AdminBet>(response.body);
  };
  const resolve = (id: number, winnerId: string | null, token = admin.token) =>
    api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
      token,
      body: { winnerId, resolution: 'Decided from the evidence both sent' },
    });
  const edit = (id: number, winnerId: string | null, reason: string, token = admin.token) =>
    api(t, 'POST', `/api/bets/${id}/edit-resolution`, { token, body: { winnerId, reason } });
  const balances = async (...users: SignedUpUser[]) =>
    Promise.all(users.map((user) => balanceOf(t.dataSource, user.id)));
  const payoutNet = async (betId: number, userId: string) => {
    const [row] = await t.dataSource.query<{ net: string }[]>(
      `SELECT coalesce(sum(amount), 0)::numeric(12,2)::text AS net FROM transactions
        WHERE "referenceType" = 'bet' AND "referenceId" = $1 AND "userId" = $2`,
      [String(betId), userId],
    );
    return row?.net;
  };

  it('lists disputed bets with everything the cards show, emails included', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const id = await disputedBet(t, a, b, '50.00');
    const bet = (await list('disputed-bets')).find((row) => row.id === id);
    expect(bet).toMatchObject({
      title: 'Who wins the derby?',
      description: 'Saturday, full time',
      amount: '50.00',
      status: 'disputed',
      creator: { id: a.id, username: a.username, email: a.email },
      opponent: { id: b.id, username: b.username, email: b.email },
      creatorPick: 'Reds',
      opponentPick: 'Blues',
      creatorResult: 'Reds',
      opponentResult: 'Blues',
      finalResult: 'disputed',
      winner: null,
      winnerUserId: null,
    });
    expect(Date.parse(bet?.createdAt ?? '')).not.toBeNaN();
    expect(Date.parse(bet?.resolutionDate ?? '')).not.toBeNaN();
    expect((await list('resolved-disputes')).some((row) => row.id === id)).toBe(false);

    expect((await resolve(id, a.id)).status).toBe(200);
    expect((await list('disputed-bets')).some((row) => row.id === id)).toBe(false);
    expect((await list('resolved-disputes')).find((row) => row.id === id)).toMatchObject({
      status: 'completed',
      resolutionType: 'admin',
      winnerUserId: a.id,
      winner: { id: a.id, username: a.username, email: a.email },
      creator: { email: a.email },
      opponent: { email: b.email },
    });
  });

  it('resolve -> re-resolve -> re-resolve leaves exactly the money of the final resolution', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const id = await disputedBet(t, a, b, '50.00');
    expect(await balances(a, b)).toEqual(['950.00', '950.00']);

    expect((await resolve(id, a.id)).body).toMatchObject({ winnerUserId: a.id, status: 'completed' });
    expect(await balances(a, b)).toEqual(['1050.00', '950.00']);

    expect((await edit(id, b.id, 'Video evidence favoured B')).body).toMatchObject({ winnerUserId: b.id });
    expect(await balances(a, b)).toEqual(['950.00', '1050.00']);

    const draw = await edit(id, null, 'Neither side proved it, a draw');
    expect(draw.body).toMatchObject({ winnerUserId: null, winner: null, finalResult: 'no_clear_outcome' });
    expect(await balances(a, b)).toEqual(['1000.00', '1000.00']);

    expect((await edit(id, a.id, 'Second review found for A')).body).toMatchObject({
      winnerUserId: a.id,
      finalResult: 'Reds',
      resolutionType: 'admin',
    });
    expect(await balances(a, b)).toEqual(['1050.00', '950.00']);
    // Per bet, each party's ledger nets to what one resolution for A would have left.
    expect([await payoutNet(id, a.id), await payoutNet(id, b.id)]).toEqual(['50.00', '-50.00']);

    const audit = await t.dataSource.query<
      { action: string; reason: string | null; previousValue: unknown; newValue: unknown }[]
    >(
      `SELECT action, reason, "previousValue", "newValue" FROM admin_audit_log
        WHERE "targetType" = 'bet' AND "targetId" = $1 ORDER BY id`,
      [String(id)],
    );
    const winnerOf = (value: unknown) => (value as { winnerUserId?: string | null } | null)?.winnerUserId;
    expect(
      audit.map((row) => [row.action, row.reason, winnerOf(row.previousValue), winnerOf(row.newValue)]),
    ).toEqual([
      ['resolve_dispute', 'Decided from the evidence both sent', null, a.id],
      ['edit_resolution', 'Video evidence favoured B', a.id, b.id],
      ['edit_resolution', 'Neither side proved it, a draw', b.id, null],
      ['edit_resolution', 'Second review found for A', null, a.id],
    ]);
  });

  it('resolves a dispute as a draw: both refunded', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const id = await disputedBet(t, a, b, '25.00');
    const response = await resolve(id, null);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ winnerUserId: null, finalResult: 'no_clear_outcome' });
    expect(await balances(a, b)).toEqual(['1000.00', '1000.00']);
  });

  it('refuses what an edit cannot do: a short reason, the same winner, a stranger, an undisputed bet', async () => {
    const [a, b, stranger] = [await newUser(t), await newUser(t), await newUser(t)];
    const id = await disputedBet(t, a, b);
    expect((await edit(id, b.id, 'Too early for an edit')).status).toBe(409);
    await resolve(id, a.id);
    const short = await edit(id, b.id, 'short');
    expect([short.status, short.body.message]).toEqual([400, 'Reason must be at least 10 characters']);
    const same = await edit(id, a.id, 'Same winner again please');
    expect([same.status, same.body.message]).toEqual([400, 'The bet is already resolved that way']);
    const outsider = await edit(id, stranger.id, 'Give it to a stranger');
    expect(outsider.status).toBe(400);
    expect((await resolve(id, b.id)).status).toBe(409);
    expect(await balances(a, b)).toEqual(['1050.00', '950.00']);
  });

  it('two admins racing admin-resolve on one bet apply it once', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const second = await newAdmin(t);
    const id = await disputedBet(t, a, b, '50.00');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        resolve(id, i % 2 ? a.id : b.id, i % 2 ? admin.token : second.token),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    const payouts = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM transactions WHERE type = 'bet_payout' AND "referenceId" = $1`,
      [String(id)],
    );
    expect(payouts[0]?.n).toBe(1);
    const [bet] = await t.dataSource.query<{ winnerUserId: string }[]>(
      `SELECT "winnerUserId" FROM bets WHERE id = $1`,
      [id],
    );
    const winner = bet?.winnerUserId === a.id ? a : b;
    const loser = winner === a ? b : a;
    expect(await balances(winner, loser)).toEqual(['1050.00', '950.00']);
    const audits = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'resolve_dispute' AND "targetId" = $1`,
      [String(id)],
    );
    expect(audits[0]?.n).toBe(1);
  });

  it('two admins racing edit-resolution: whatever order they land in, the money matches the final winner', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const second = await newAdmin(t);
    const id = await disputedBet(t, a, b, '50.00');
    await resolve(id, a.id);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        edit(
          id,
          [b.id, null, a.id][i % 3] ?? null,
          `Racing edit number ${i}`,
          i % 2 ? admin.token : second.token,
        ),
      ),
    );
    const [bet] = await t.dataSource.query<{ winnerUserId: string | null }[]>(
      `SELECT "winnerUserId" FROM bets WHERE id = $1`,
      [id],
    );
    const expected =
      bet?.winnerUserId === a.id
        ? ['1050.00', '950.00']
        : bet?.winnerUserId === b.id
          ? ['950.00', '1050.00']
          : ['1000.00', '1000.00'];
    expect(await balances(a, b)).toEqual(expected);
  });
});

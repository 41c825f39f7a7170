import { Clock } from '../../src/common/clock.js';
import { AdminService } from '../../src/modules/admin/admin.service.js';
import { BetDeadlinesService } from '../../src/modules/bets/bet-deadlines.service.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import {
  adminTotalsFromTables,
  expectAdminTotalsMatchTables,
  expectMoneyInvariants,
  type AdminTotals,
} from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { activeBet, betBody, disputedBet, moderate, newAdmin, pendingBet } from './admin-helpers.js';

/**
 * GET /api/admin/analytics answers from the change rows the triggers append to admin_totals_delta; after every
 * kind of change, and while the compaction runs under racing writes, it must equal the whole-table recount.
 */
describe('admin analytics kept by triggers', () => {
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

  const analytics = async () => {
    const response = await api(t, 'GET', '/api/admin/analytics', { token: admin.token });
    expect(response.status).toBe(200);
    return response.body as unknown as AdminTotals;
  };
  /** The answer equals the recount, and the step moved the figures as `moved` says (against `before`). */
  const expectFigures = async (before: AdminTotals, moved: Partial<Record<keyof AdminTotals, number>>) => {
    const answer = await analytics();
    expect(answer).toEqual(await adminTotalsFromTables(t.dataSource));
    expect({
      totalUsers: answer.totalUsers - before.totalUsers,
      totalBets: answer.totalBets - before.totalBets,
      totalVolume: Number(answer.totalVolume) - Number(before.totalVolume),
      activeDisputes: answer.activeDisputes - before.activeDisputes,
    }).toEqual({ totalUsers: 0, totalBets: 0, totalVolume: 0, activeDisputes: 0, ...moved });
    return answer;
  };
  const deltaRows = async () => {
    const [row] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM admin_totals_delta`,
    );
    return row?.n;
  };
  const report = (user: SignedUpUser, id: number, result: string, confirmed?: boolean) =>
    api(t, 'POST', `/api/bets/${id}/submit-result`, {
      token: user.token,
      body: confirmed === undefined ? { result } : { result, confirmed },
    });
  const ok = async (response: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await response;
    if (status >= 300) throw new Error(`${status} ${JSON.stringify(body)}`);
  };

  it('matches the recount after every path that changes users or bets', async () => {
    let now = await analytics();
    const a = await newUser(t);
    now = await expectFigures(now, { totalUsers: 1 });
    const [b, c] = [await newUser(t), await newUser(t)];
    now = await expectFigures(now, { totalUsers: 2 });

    const pending = await pendingBet(t, a, b, '10.00');
    now = await expectFigures(now, { totalBets: 1 });
    await ok(
      api(t, 'POST', `/api/bets/${pending}/accept`, { token: b.token, body: { opponentPick: 'Blues' } }),
    );
    now = await expectFigures(now, { totalVolume: 20 });

    // Settled by agreeing reports: active -> completed keeps the volume.
    await ok(report(a, pending, a.id));
    await ok(report(b, pending, a.id));
    now = await expectFigures(now, {});

    const declined = await pendingBet(t, a, c, '3.00');
    await ok(api(t, 'POST', `/api/bets/${declined}/decline`, { token: c.token }));
    now = await expectFigures(now, { totalBets: 1 });
    const cancelled = await pendingBet(t, a, c, '4.00');
    await ok(api(t, 'POST', `/api/bets/${cancelled}/cancel`, { token: a.token }));
    now = await expectFigures(now, { totalBets: 1 });

    // An open challenge, then taken through its link.
    const challenge = await api(t, 'POST', '/api/challenges', {
      token: a.token,
      body: {
        amount: '7.25',
        title: 'Snow?',
        outcomes: ['Snow', 'No snow'],
        duration: 24,
        creatorPick: 'Snow',
      },
    });
    expect(challenge.status).toBe(201);
    now = await expectFigures(now, { totalBets: 1 });
    await ok(
      api(t, 'POST', `/api/challenges/${String(challenge.body.challengeCode)}/accept`, {
        token: c.token,
        body: { opponentPick: 'No snow' },
      }),
    );
    now = await expectFigures(now, { totalVolume: 14.5 });

    // Disputed, resolved, the resolution edited.
    const disputed = await disputedBet(t, b, c, '5.00');
    now = await expectFigures(now, { totalBets: 1, totalVolume: 10, activeDisputes: 1 });
    await ok(
      api(t, 'POST', `/api/bets/${disputed}/admin-resolve`, {
        token: admin.token,
        body: { winnerId: b.id, resolution: 'Decided from the evidence both sent' },
      }),
    );
    now = await expectFigures(now, { activeDisputes: -1 });
    await ok(
      api(t, 'POST', `/api/bets/${disputed}/edit-resolution`, {
        token: admin.token,
        body: { winnerId: c.id, reason: 'The second video changes it' },
      }),
    );
    now = await expectFigures(now, {});

    // The deadlines job: an unanswered challenge expires, an unsettled active bet goes to review.
    const expiring = await api(t, 'POST', '/api/bets', {
      token: b.token,
      body: { ...betBody(c, '2.00'), duration: 1 },
    });
    expect(expiring.status).toBe(201);
    const overdue = await api(t, 'POST', '/api/bets', {
      token: b.token,
      body: { ...betBody(a, '6.00'), duration: 1 },
    });
    await ok(
      api(t, 'POST', `/api/bets/${String(overdue.body.id)}/accept`, {
        token: a.token,
        body: { opponentPick: 'Blues' },
      }),
    );
    now = await expectFigures(now, { totalBets: 2, totalVolume: 12 });
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 27 * 3_600_000));
    const result = await t.app.get(BetDeadlinesService).processDeadlines();
    expect(result).toEqual({ expired: 1, disputed: 1 });
    jest.restoreAllMocks();
    now = await expectFigures(now, { activeDisputes: 1 });

    // A ban changes nobody's count; deleting accounts (by an admin, by oneself) voids their open bets.
    const d = await newUser(t);
    now = await expectFigures(now, { totalUsers: 1 });
    await moderate(t, admin, d.id, 'ban');
    now = await expectFigures(now, {});
    await moderate(t, admin, d.id, 'unban');
    const open = await activeBet(t, a, b, '8.00');
    now = await expectFigures(now, { totalBets: 1, totalVolume: 16 });
    expect((await api(t, 'DELETE', `/api/admin/users/${b.id}`, { token: admin.token })).status).toBe(204);
    // b's open bets end: the 8.00 bet (volume 16) and the overdue 6.00 one in review (volume 12, a dispute).
    now = await expectFigures(now, { totalUsers: -1, totalVolume: -28, activeDisputes: -1 });
    expect((await api(t, 'GET', `/api/bets/${open}`, { token: a.token })).body.status).toBe('cancelled');
    // c's last open bet is the challenge taken from a (volume 14.50).
    await ok(
      api(t, 'DELETE', '/api/user/account', {
        token: c.token,
        body: { confirm: 'DELETE', password: c.password },
      }),
    );
    await expectFigures(now, { totalUsers: -1, totalVolume: -14.5 });
  });

  it('stays exact while the compaction runs under 40 racing writes, and leaves one row', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => newUser(t)));
    const pairs = players.map((player, i) => [player, players[(i + 1) % players.length]] as const);
    const pendings = await Promise.all(pairs.map(([x, y]) => pendingBet(t, x, y, '1.50')));
    expect(await deltaRows()).toBeGreaterThan(1);

    let racing = true;
    let folds = 0;
    const compacting = (async () => {
      while (racing) {
        folds += 1;
        await t.app.get(AdminService).compactTotals();
        // Kept and recounted in one snapshot while writes race: a read sees either the rows or their sum.
        await expectAdminTotalsMatchTables(t.dataSource);
      }
    })();
    try {
      await Promise.all([
        ...pendings.map((id, i) =>
          api(t, 'POST', `/api/bets/${id}/accept`, {
            token: pairs[i]?.[1].token ?? '',
            body: { opponentPick: 'Blues' },
          }),
        ),
        ...pairs.flatMap(([x, y]) => [
          pendingBet(t, x, y, '2.25'),
          pendingBet(t, y, x, '0.75'),
          disputedBet(t, x, y, '1.10'),
        ]),
        ...Array.from({ length: 8 }, () => newUser(t)),
      ]);
    } finally {
      racing = false;
      await compacting;
    }
    expect(folds).toBeGreaterThan(1);
    expect(await analytics()).toEqual(await adminTotalsFromTables(t.dataSource));

    // One more change after the last fold of the race: two rows or more to fold into one.
    await pendingBet(t, players[0], players[1], '0.50');
    expect(await t.app.get(AdminService).compactTotals()).toBeGreaterThan(1);
    expect(await deltaRows()).toBe(1);
    expect(await analytics()).toEqual(await adminTotalsFromTables(t.dataSource));
    // Nothing left to fold: nothing written.
    expect(await t.app.get(AdminService).compactTotals()).toBe(0);
    expect(await deltaRows()).toBe(1);
  });

  it('keeps the count when bets are added or removed in bulk, and users deleted or restored by hand', async () => {
    const [x, y] = [await newUser(t), await newUser(t)];
    await t.app.get(AdminService).compactTotals();
    const before = await deltaRows();
    // One statement adding 300 bets writes one change row, not 300.
    await t.dataSource.query(
      `INSERT INTO bets (title, amount, "creatorId", "opponentId", status, duration, outcomes)
       SELECT 'Bulk ' || i, 1.25, $1, $2, (ARRAY['pending','active','disputed','completed','expired'])[1 + i % 5], 1, '{a,b}'
         FROM generate_series(1, 300) i`,
      [x.id, y.id],
    );
    expect(await deltaRows()).toBe((before ?? 0) + 1);
    await expectFigures(await analytics(), {});
    await t.dataSource.query(`DELETE FROM bets WHERE title LIKE 'Bulk %' AND id % 2 = 0`);
    expect(await analytics()).toEqual(await adminTotalsFromTables(t.dataSource));
    await t.dataSource.query(`DELETE FROM bets WHERE title LIKE 'Bulk %'`);
    await t.dataSource.query(`UPDATE users SET "deletedAt" = now() WHERE id = $1`, [y.id]);
    expect(await analytics()).toEqual(await adminTotalsFromTables(t.dataSource));
    await t.dataSource.query(`UPDATE users SET "deletedAt" = NULL WHERE id = $1`, [y.id]);
    expect(await analytics()).toEqual(await adminTotalsFromTables(t.dataSource));
  });
});

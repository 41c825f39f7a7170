import { Clock } from '../../src/common/clock.js';
import { BetRemindersService } from '../../src/modules/bets/bet-reminders.service.js';
import { activeBet, betBody, pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';

const HOUR = 3_600_000;

describe('expiring-bet reminders', () => {
  let a: TestApp;
  let b: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  beforeEach(async () => {
    [alice, bob] = [await newUser(a), await newUser(a)];
  });
  afterEach(() => jest.restoreAllMocks());

  /** Both instances' clocks read `at`, as if the scheduler fired on each at that moment. */
  const setTime = (at: Date) => {
    for (const app of [a, b]) jest.spyOn(app.app.get(Clock), 'now').mockReturnValue(at);
  };
  const expiringFor = async (user: SignedUpUser) => {
    const rows = await a.dataSource.query<{ betId: number; title: string }[]>(
      `SELECT "betId", title FROM notifications WHERE "userId" = $1 AND type = 'bet_expiring' ORDER BY "betId"`,
      [user.id],
    );
    return rows;
  };
  const expiresAt = async (betId: number) => {
    const [row] = await a.dataSource.query<{ expiresAt: Date }[]>(
      `SELECT "expiresAt" FROM bets WHERE id = $1`,
      [betId],
    );
    if (!row) throw new Error('no bet');
    return row.expiresAt.getTime();
  };

  it('reminds whoever still has to act, once per bet, even with two instances running at the same moment', async () => {
    const pending = await pendingBet(a, alice, bob);
    const unreported = await activeBet(a, alice, bob);
    const halfReported = await activeBet(a, alice, bob);
    const report = await api(a, 'POST', `/api/bets/${halfReported}/submit-result`, {
      token: alice.token,
      body: { result: alice.id },
    });
    expect(report.status).toBe(200);
    const later = await api(a, 'POST', '/api/bets', {
      token: alice.token,
      body: { ...betBody(bob), duration: 200 },
    });
    expect(later.status).toBe(201);

    // 57 minutes before the deadline of the first three: inside the 0.9–1 hour window.
    const deadline = await expiresAt(pending);
    setTime(new Date(deadline - 0.95 * HOUR));
    const runs = await Promise.all([a, b, a, b].map((app) => app.app.get(BetRemindersService).sendDue()));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(3);

    expect((await expiringFor(bob)).map((row) => row.betId)).toEqual([pending, unreported, halfReported]);
    expect((await expiringFor(alice)).map((row) => row.betId)).toEqual([unreported]);
    const [forPending] = await a.dataSource.query<{ title: string; body: string }[]>(
      `SELECT title, body FROM notifications WHERE "betId" = $1 AND type = 'bet_expiring'`,
      [pending],
    );
    expect(forPending).toEqual({
      title: 'Challenge expiring soon',
      body: '“Who wins the derby?” expires in about an hour. Accept or decline it now.',
    });

    // Another minute later, on either instance: nothing is sent twice.
    setTime(new Date(deadline - 0.93 * HOUR));
    expect(await b.app.get(BetRemindersService).sendDue()).toBe(0);
    expect(await a.app.get(BetRemindersService).sendDue()).toBe(0);
    expect(await expiringFor(bob)).toHaveLength(3);
    expect(await expiringFor(alice)).toHaveLength(1);
  });

  it('sends nothing outside the window or for bets that are already over', async () => {
    const early = await pendingBet(a, alice, bob);
    const deadline = await expiresAt(early);
    setTime(new Date(deadline - 1.2 * HOUR));
    expect(await a.app.get(BetRemindersService).sendDue()).toBe(0);
    jest.restoreAllMocks(); // back to the real time to create the next bet

    const declined = await pendingBet(a, alice, bob);
    expect((await api(a, 'POST', `/api/bets/${declined}/decline`, { token: bob.token })).status).toBe(200);
    setTime(new Date((await expiresAt(declined)) - 0.95 * HOUR));
    const sent = await a.app.get(BetRemindersService).sendDue();
    expect(sent).toBe(1); // `early` is now in the window; the declined bet is not
    expect((await expiringFor(bob)).map((row) => row.betId)).toEqual([early]);
  });
});

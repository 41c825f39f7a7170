import { BetDeadlinesService } from '../../src/modules/bets/bet-deadlines.service.js';
import { newAdmin } from '../admin/admin-helpers.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { jittered, seededRandom } from '../support/seeded-random.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SEED = 20261128;

/**
 * A group pot's money under races (docs/money.md, "Concurrency"): every pot use case locks the bet row first,
 * so whatever the order each request either happens whole or is refused with nothing moved, and the ledger
 * invariants hold after each scenario.
 */
describe(`group pots under racing clients (seed ${SEED})`, () => {
  let t: TestApp;
  let creator: SignedUpUser;
  let invitees: SignedUpUser[];
  const random = seededRandom(SEED);
  const OUTCOMES = ['Red', 'Blue', 'Green'];

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    creator = await newUser(t);
    invitees = [];
    for (let i = 0; i < 19; i++) {
      const invitee = await newUser(t);
      await befriend(t, creator, invitee);
      invitees.push(invitee);
    }
  });
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const createPot = async () => {
    const created = await api(t, 'POST', '/api/bets', {
      token: creator.token,
      body: {
        inviteeIds: invitees.map((invitee) => invitee.id),
        stake: '10.00',
        joinBy: new Date(Date.now() + 3_600_000).toISOString(),
        title: `Pot race ${SEED}`,
        outcomes: OUTCOMES,
        creatorPick: 'Red',
        duration: 24,
      },
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const post = (user: SignedUpUser, id: number, action: string, body: unknown = {}) =>
    api(t, 'POST', `/api/bets/${id}/${action}`, { token: user.token, body });
  const pickOf = (index: number) => OUTCOMES[index % OUTCOMES.length];
  const joinedSeats = async (id: number) =>
    (
      await t.dataSource.query<{ userId: string }[]>(
        `SELECT "userId" FROM bet_participants WHERE "betId" = $1 AND "joinedAt" IS NOT NULL`,
        [id],
      )
    ).map((row) => row.userId);
  const statusOf = async (id: number) =>
    (await t.dataSource.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [id]))[0]
      ?.status;

  /** Joins all 19 invitees, each with the pick their index gives. */
  const joinAll = async (id: number) => {
    for (const [index, invitee] of invitees.entries()) {
      expect((await post(invitee, id, 'join', { pick: pickOf(index) })).status).toBe(200);
    }
  };

  it('19 joins at the instant the creator locks: each joined and escrowed, or refused with nothing moved', async () => {
    const id = await createPot();
    const tasks = [
      ...invitees.map((invitee, index) => () => post(invitee, id, 'join', { pick: pickOf(index) })),
      () => post(creator, id, 'lock'),
    ];
    const responses = await jittered(tasks, random);
    const joins = responses.slice(0, invitees.length);
    expect(responses.at(-1)?.status).toBe(200);
    expect(joins.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    const joined = invitees.filter((_, index) => joins[index]?.status === 200);
    const seated = await joinedSeats(id);
    expect(seated.sort()).toEqual([creator.id, ...joined.map((invitee) => invitee.id)].sort());
    const status = await statusOf(id);
    // With one player or a single pick it is void (all refunded), else under way with every joined stake in.
    const live = status === 'active';
    if (!live) expect(status).toBe('cancelled');
    for (const [index, invitee] of invitees.entries()) {
      const inPlay = live && joins[index]?.status === 200;
      expect(await balanceOf(t.dataSource, invitee.id)).toBe(inPlay ? '990.00' : '1000.00');
    }
  });

  it('19 joins at the instant the join deadline job locks it', async () => {
    const id = await createPot();
    // The job locks pots whose deadline has passed; joins check the deadline under the same row lock.
    const deadline = new Date(Date.now() + 400);
    await t.dataSource.query(`UPDATE bets SET "joinBy" = $2 WHERE id = $1`, [id, deadline]);
    const deadlines = t.app.get(BetDeadlinesService);
    // A run skips a pot whose row a join holds at that moment (SKIP LOCKED); the next run takes it.
    const lockWhenDue = async () => {
      while (Date.now() <= deadline.getTime()) await new Promise((resolve) => setImmediate(resolve));
      let locked = 0;
      for (let run = 0; run < 100 && (await statusOf(id)) === 'pending'; run++) {
        locked += (await deadlines.lockDuePots()).locked;
      }
      return { locked };
    };
    const [joins, locked] = await Promise.all([
      jittered(
        invitees.map(
          (invitee, index) => () =>
            new Promise<void>((resolve) => setTimeout(resolve, 300 + Math.floor(random() * 200))).then(() =>
              post(invitee, id, 'join', { pick: pickOf(index) }),
            ),
        ),
        random,
      ),
      lockWhenDue(),
    ]);
    // The scheduled run of the same job may have taken it first; either way it is locked once.
    expect(locked.locked).toBeLessThanOrEqual(1);
    expect(['active', 'cancelled']).toContain(await statusOf(id));
    expect(joins.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    const joined = invitees.filter((_, index) => joins[index]?.status === 200);
    expect((await joinedSeats(id)).sort()).toEqual(
      [creator.id, ...joined.map((invitee) => invitee.id)].sort(),
    );
    const live = (await statusOf(id)) === 'active';
    for (const [index, invitee] of invitees.entries()) {
      const inPlay = live && joins[index]?.status === 200;
      expect(await balanceOf(t.dataSource, invitee.id)).toBe(inPlay ? '990.00' : '1000.00');
    }
  });

  it('joins racing the creator’s cancel: every stake comes back, whoever came first', async () => {
    const id = await createPot();
    const responses = await jittered(
      [
        ...invitees.map((invitee, index) => () => post(invitee, id, 'join', { pick: pickOf(index) })),
        () => post(creator, id, 'cancel'),
      ],
      random,
    );
    expect(responses.at(-1)?.status).toBe(200);
    expect(
      responses.slice(0, -1).every((response) => response.status === 200 || response.status === 409),
    ).toBe(true);
    expect(await statusOf(id)).toBe('cancelled');
    for (const person of [creator, ...invitees])
      expect(await balanceOf(t.dataSource, person.id)).toBe('1000.00');
  });

  it('20 identical final reports at once pay out exactly once', async () => {
    const id = await createPot();
    await joinAll(id);
    expect((await post(creator, id, 'lock')).body.status).toBe('active');
    const [last, ...others] = [creator, ...invitees];
    for (const player of others) {
      expect((await post(player, id, 'submit-result', { result: 'Blue' })).body.status).toBe('active');
    }
    const responses = await jittered(
      Array.from({ length: 20 }, () => () => post(last, id, 'submit-result', { result: 'Blue' })),
      random,
    );
    const settled = responses.filter((response) => response.body.status === 'completed');
    expect(settled).toHaveLength(1);
    expect(responses.filter((response) => response !== settled[0]).every((r) => r.status === 409)).toBe(true);
    // 200.00 among the 6 who picked Blue (invitees 1, 4, 7, 10, 13, 16): 33.34 to the first two to join.
    const payouts = await t.dataSource.query<{ amount: string }[]>(
      `SELECT amount::text FROM transactions WHERE "referenceId" = $1 AND type = 'bet_payout' ORDER BY id`,
      [String(id)],
    );
    expect(payouts.map((row) => row.amount).sort()).toEqual(
      ['33.34', '33.34', '33.33', '33.33', '33.33', '33.33'].sort(),
    );
  });

  it('an admin’s re-resolution racing itself is applied once, and pays exactly', async () => {
    const admin = await newAdmin(t);
    const id = await createPot();
    await joinAll(id);
    await post(creator, id, 'lock');
    await post(creator, id, 'submit-result', { result: 'Red' });
    expect(
      (await post(invitees[0], id, 'submit-result', { result: 'Green', confirmed: true })).body.status,
    ).toBe('disputed');
    const first = await post(admin, id, 'admin-resolve', {
      outcome: 'Red',
      resolution: 'The final score says Red',
    });
    expect(first.status).toBe(200);
    const changes = await jittered(
      Array.from(
        { length: 10 },
        () => () =>
          post(admin, id, 'edit-resolution', { outcome: 'Green', reason: 'The score was corrected' }),
      ),
      random,
    );
    expect(changes.filter((response) => response.status === 200)).toHaveLength(1);
    expect(changes.filter((response) => response.status !== 200).every((r) => r.status === 400)).toBe(true);
    // Reversed and paid again: 200.00 among Green's 6 pickers (invitees 2, 5, 8, 11, 14, 17), 33.33 or 33.34 each.
    const net = await t.dataSource.query<{ total: string }[]>(
      `SELECT coalesce(sum(amount), 0)::text AS total FROM transactions
        WHERE "referenceId" = $1 AND type IN ('bet_payout', 'payout_reversal', 'bet_refund')`,
      [String(id)],
    );
    expect(net).toEqual([{ total: '200.00' }]);
    const greens = invitees.filter((_, index) => pickOf(index) === 'Green');
    const paid = await Promise.all(greens.map((green) => balanceOf(t.dataSource, green.id)));
    expect(paid.sort()).toEqual(['1023.33', '1023.33', '1023.33', '1023.33', '1023.34', '1023.34']);
  });
});

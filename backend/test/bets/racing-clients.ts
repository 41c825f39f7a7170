import { LedgerService } from '../../src/modules/wallet/ledger.service.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { jittered, seededRandom, shuffle } from '../support/seeded-random.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Many clients racing one bet or one wallet, with seeded jitter: every money rule holds whatever the order.
 * Each seed is a spec file of its own (concurrency*.int-spec.ts), so the seeds run in parallel workers.
 */
// eslint-disable-next-line jest/no-export -- the seeds' spec files share these tests
export function describeRacingClients(seed: number): void {
  describe(`racing clients (seed ${seed})`, () => {
    let t: TestApp;
    let alice: SignedUpUser;
    let bob: SignedUpUser;
    const random = seededRandom(seed);

    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(async () => t.close());
    beforeEach(async () => {
      [alice, bob] = [await newUser(t), await newUser(t)];
    });
    afterEach(async () => expectMoneyInvariants(t.dataSource));

    const betBody = (opponent: SignedUpUser, amount = '10.00') => ({
      opponentId: opponent.id,
      amount,
      title: `Race ${seed}`,
      outcomes: ['Heads', 'Tails'],
      duration: 168,
      creatorPick: 'Heads',
    });

    it('100 concurrent 60.00 stakes from a 100.00 wallet: exactly one succeeds', async () => {
      await t.dataSource.transaction((manager) =>
        t.app
          .get(LedgerService)
          .post(manager, [{ userId: alice.id, amount: '-900.00', type: 'admin_withdrawal' }]),
      );
      const responses = await jittered(
        Array.from(
          { length: 100 },
          () => () => api(t, 'POST', '/api/bets', { token: alice.token, body: betBody(bob, '60.00') }),
        ),
        random,
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 201).every((status) => status === 400)).toBe(true);
      expect(await balanceOf(t.dataSource, alice.id)).toBe('40.00');
    });

    it('20 concurrent accepts of one bet: exactly one', async () => {
      const created = await api(t, 'POST', '/api/bets', { token: alice.token, body: betBody(bob) });
      const id = String(created.body.id);
      const responses = await jittered(
        Array.from(
          { length: 20 },
          () => () =>
            api(t, 'POST', `/api/bets/${id}/accept`, { token: bob.token, body: { opponentPick: 'Tails' } }),
        ),
        random,
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.status === 409)).toHaveLength(19);
      expect(await balanceOf(t.dataSource, bob.id)).toBe('990.00');
    });

    it('50 concurrent mixed reports on one bet: exactly one settlement', async () => {
      const created = await api(t, 'POST', '/api/bets', { token: alice.token, body: betBody(bob) });
      const id = String(created.body.id);
      await api(t, 'POST', `/api/bets/${id}/accept`, { token: bob.token, body: { opponentPick: 'Tails' } });
      const reports = shuffle(
        Array.from({ length: 50 }, (_, i) => {
          const reporter = i % 2 === 0 ? alice : bob;
          // Mostly "alice won", with some disagreement sprinkled in (unconfirmed, so it changes nothing).
          const result = i % 5 === 4 ? reporter.id : alice.id;
          return () =>
            api(t, 'POST', `/api/bets/${id}/submit-result`, { token: reporter.token, body: { result } });
        }),
        random,
      );
      const responses = await jittered(reports, random);
      expect(responses.every((response) => response.status < 500)).toBe(true);
      const completions = responses.filter((response) => response.body.status === 'completed');
      expect(completions).toHaveLength(1);
      const payouts = await t.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM transactions WHERE type = 'bet_payout' AND "referenceId" = $1`,
        [id],
      );
      expect(payouts[0]?.n).toBe(1);
    });

    // 300 writes, 100 of them one after another: room for a machine busy with other test files.
    it('A->B and B->A accepts interleaved 200 times: no deadlock reaches a client', async () => {
      const ids: { id: string; acceptor: SignedUpUser }[] = [];
      for (let i = 0; i < 100; i++) {
        const ab = await api(t, 'POST', '/api/bets', { token: alice.token, body: betBody(bob, '1.00') });
        const ba = await api(t, 'POST', '/api/bets', { token: bob.token, body: betBody(alice, '1.00') });
        ids.push({ id: String(ab.body.id), acceptor: bob }, { id: String(ba.body.id), acceptor: alice });
      }
      const accepts = shuffle(ids, random).map(
        ({ id, acceptor }) =>
          () =>
            api(t, 'POST', `/api/bets/${id}/accept`, {
              token: acceptor.token,
              body: { opponentPick: 'Tails' },
            }),
      );
      const responses = await jittered(accepts, random);
      expect(responses.map((response) => response.status).filter((status) => status !== 200)).toEqual([]);
      // Settle them all at once too: each settlement locks both players' rows.
      const settle = shuffle(ids, random).flatMap(({ id }) => [
        () =>
          api(t, 'POST', `/api/bets/${id}/submit-result`, {
            token: alice.token,
            body: { result: 'NO_CLEAR_OUTCOME' },
          }),
        () =>
          api(t, 'POST', `/api/bets/${id}/submit-result`, {
            token: bob.token,
            body: { result: 'NO_CLEAR_OUTCOME' },
          }),
      ]);
      const settled = await jittered(shuffle(settle, random), random);
      expect(settled.map((response) => response.status).filter((status) => status !== 200)).toEqual([]);
      expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
      expect(await balanceOf(t.dataSource, bob.id)).toBe('1000.00');
    }, 180_000);
  });
}

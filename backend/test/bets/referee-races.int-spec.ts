import { RefereeService } from '../../src/modules/bets/referee.service.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { jittered, seededRandom } from '../support/seeded-random.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SEED = 20261129;
const ROUNDS = 50;
// Fifty rounds of racing requests with the ledger checked after each: a guard against a hang, sized for a
// machine whose cores are shared with other test files, not a measure of speed.
const RACE_TIMEOUT_MS = 180_000;

/**
 * Referee calls and counter-offers under racing clients (docs/money.md, "Concurrency"): every step locks the
 * bet row, so of racing requests each happens whole or is refused with nothing moved; exactly one outcome is
 * left and the ledger invariants hold after every round.
 */
describe(`referee calls and counter-offers under racing clients (seed ${SEED})`, () => {
  let t: TestApp;
  let creator: SignedUpUser;
  let opponent: SignedUpUser;
  let referee: SignedUpUser;
  const random = seededRandom(SEED);

  beforeAll(async () => {
    t = await startTestApp();
    creator = await newUser(t);
    opponent = await newUser(t);
    referee = await newUser(t);
    await befriend(t, creator, opponent);
    await befriend(t, creator, referee);
  });
  afterAll(async () => t.close());

  const post = (user: SignedUpUser, path: string, body: unknown = {}) =>
    api(t, 'POST', `/api/bets${path}`, { token: user.token, body });
  const statusOf = async (id: number) =>
    (await t.dataSource.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [id]))[0]
      ?.status;
  const create = async (extra: Record<string, unknown>) => {
    const created = await post(creator, '', {
      opponentId: opponent.id,
      amount: '3.00',
      title: 'Race',
      outcomes: ['Reds', 'Blues'],
      duration: 24,
      creatorPick: 'Reds',
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };

  it(
    `a call racing an appeal, ${ROUNDS} rounds: an appeal only lands on a call, and money moves once`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await create({ resolutionType: 'referee', refereeId: referee.id });
        await post(referee, `/${id}/referee/accept`);
        await post(opponent, `/${id}/accept`, { opponentPick: 'Blues' });
        const [call, appeal] = await jittered(
          [
            () => post(referee, `/${id}/call`, { result: 'Reds', note: 'Reds won it fair and square.' }),
            () => post(opponent, `/${id}/appeal`, { statement: 'The referee got this one wrong.' }),
          ],
          random,
        );
        expect(call?.status).toBe(200);
        // Before the call there was nothing to appeal (409); after it, the appeal makes it a dispute.
        expect([200, 409]).toContain(appeal?.status);
        expect(await statusOf(id)).toBe(appeal?.status === 200 ? 'disputed' : 'active');
        await expectMoneyInvariants(t.dataSource);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `an appeal racing the last player's acceptance and the job, ${ROUNDS} rounds: exactly one outcome`,
    async () => {
      const job = t.app.get(RefereeService);
      for (let round = 0; round < ROUNDS; round++) {
        const id = await create({ resolutionType: 'referee', refereeId: referee.id });
        await post(referee, `/${id}/referee/accept`);
        await post(opponent, `/${id}/accept`, { opponentPick: 'Blues' });
        await post(referee, `/${id}/call`, { result: 'Reds', note: 'Reds won it fair and square.' });
        await post(creator, `/${id}/call/accept`);
        const before = [
          await balanceOf(t.dataSource, creator.id),
          await balanceOf(t.dataSource, opponent.id),
        ];
        const [appeal, accept] = await jittered(
          [
            () => post(opponent, `/${id}/appeal`, { statement: 'The referee got this one wrong.' }),
            () => post(opponent, `/${id}/call/accept`),
            () => job.processDue().then(() => ({ status: 200, body: {} })),
          ],
          random,
        );
        const status = await statusOf(id);
        expect(appeal?.status === 200 ? 'disputed' : 'completed').toBe(status);
        expect(accept?.status === 200 || status === 'disputed').toBe(true);
        const after = [await balanceOf(t.dataSource, creator.id), await balanceOf(t.dataSource, opponent.id)];
        expect(after[0]).toBe(status === 'completed' ? (Number(before[0]) + 6).toFixed(2) : before[0]);
        await expectMoneyInvariants(t.dataSource);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `a counter racing an accept and a withdrawal, ${ROUNDS} rounds: exactly one outcome, escrow as it says`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await create({});
        const creatorBefore = await balanceOf(t.dataSource, creator.id);
        const opponentBefore = await balanceOf(t.dataSource, opponent.id);
        const [counter, accept, withdraw] = await jittered(
          [
            () => post(opponent, `/${id}/counter`, { opponentAmount: '1.00' }),
            () => post(opponent, `/${id}/accept`, { opponentPick: 'Blues' }),
            () => post(creator, `/${id}/cancel`),
          ],
          random,
        );
        const status = await statusOf(id);
        const ok = [counter, accept, withdraw].map((response) => response?.status === 200);
        // Accepted and withdrawn exclude each other; a counter may come first and still be withdrawn after.
        expect(ok[1] && ok[2]).toBe(false);
        expect(status).toBe(ok[1] ? 'active' : ok[2] ? 'cancelled' : 'pending');
        if (ok[1]) {
          // A counter that landed first made it the creator's turn, so the opponent's accept was refused.
          expect(ok[0]).toBe(false);
          expect(await balanceOf(t.dataSource, opponent.id)).toBe((Number(opponentBefore) - 3).toFixed(2));
        } else {
          expect(await balanceOf(t.dataSource, opponent.id)).toBe(opponentBefore);
        }
        // The creator's stake was escrowed at creation: a withdrawal gives it back.
        if (status === 'cancelled') {
          expect(await balanceOf(t.dataSource, creator.id)).toBe((Number(creatorBefore) + 3).toFixed(2));
        }
        if (status === 'pending') await post(creator, `/${id}/cancel`);
        await expectMoneyInvariants(t.dataSource);
      }
    },
    RACE_TIMEOUT_MS,
  );
});

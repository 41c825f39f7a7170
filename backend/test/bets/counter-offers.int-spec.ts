import { BetDeadlinesService } from '../../src/modules/bets/bet-deadlines.service.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import {
  adminTotalsFromTables,
  balanceOf,
  expectAdminTotalsMatchTables,
  expectMoneyInvariants,
} from '../support/invariants.js';
import { expectUserStatsKept } from '../support/user-stats-oracle.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Counter-offers and uneven stakes (docs/product.md, "Counter-offers"; docs/money.md, "Uneven stakes"): the
 * exchange ends in an accept, a decline or the challenge's expiry; each side's escrow is its own stake, and a
 * bad counter is a 4xx that changes nothing.
 */
describe('counter-offers', () => {
  let t: TestApp;
  let creator: SignedUpUser;
  let opponent: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    creator = await newUser(t);
    opponent = await newUser(t);
    await befriend(t, creator, opponent);
  });
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const post = (user: SignedUpUser, path: string, body: unknown = {}) =>
    api(t, 'POST', `/api/bets${path}`, { token: user.token, body });
  const challenge = async (extra: Record<string, unknown> = {}) => {
    const created = await post(creator, '', {
      opponentId: opponent.id,
      amount: '30.00',
      title: 'He is late again',
      outcomes: ['Late', 'On time'],
      duration: 24,
      creatorPick: 'On time',
      ...extra,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const balances = async () => [
    await balanceOf(t.dataSource, creator.id),
    await balanceOf(t.dataSource, opponent.id),
  ];

  it('ends in an accept: 3 to 1 after one counter, each escrowing its own stake, paid exactly', async () => {
    const id = await challenge();
    const countered = await post(opponent, `/${id}/counter`, { opponentAmount: '10.00' });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({
      status: 'pending',
      amount: '30.00',
      opponentAmount: '10.00',
      offerBy: opponent.id,
    });
    expect(countered.body.offers).toEqual([
      expect.objectContaining({
        round: 1,
        byUserId: opponent.id,
        opponentAmount: '10.00',
        opponentPick: 'Late',
      }),
    ]);
    const [told] = await t.dataSource.query<{ body: string }[]>(
      `SELECT body FROM notifications WHERE "userId" = $1 AND type = 'counter_offer'`,
      [creator.id],
    );
    expect(told?.body).toBe('“He is late again”: your $30.00 against $10.00. Accept, counter or decline it.');
    // It is the creator's turn now: the opponent waits.
    expect((await post(opponent, `/${id}/accept`, { opponentPick: 'Late' })).status).toBe(403);
    expect((await post(opponent, `/${id}/counter`, { opponentAmount: '9.00' })).status).toBe(403);
    const accepted = await post(creator, `/${id}/accept`, { opponentPick: 'ignored' });
    expect(accepted.body).toMatchObject({ status: 'active', opponentPick: 'Late', opponentAmount: '10.00' });
    const seats = accepted.body.participants as { userId: string; stake: string }[];
    expect(Object.fromEntries(seats.map((seat) => [seat.userId, seat.stake]))).toEqual({
      [creator.id]: '30.00',
      [opponent.id]: '10.00',
    });
    expect(await balances()).toEqual(['970.00', '990.00']);
    // Each wallet shows its own stake in play, not the creator's amount.
    const wallet = async (token: string) =>
      (await api(t, 'GET', '/api/wallet', { token })).body as Record<string, string>;
    expect(await wallet(opponent.token)).toMatchObject({ inPlay: '10.00', total: '1000.00' });
    expect(await wallet(creator.token)).toMatchObject({ inPlay: '30.00', total: '1000.00' });
    expect((await post(opponent, `/${id}/counter`, { opponentAmount: '5.00' })).status).toBe(409);
    await post(creator, `/${id}/submit-result`, { result: 'Late' });
    const settled = await post(opponent, `/${id}/submit-result`, { result: 'Late' });
    expect(settled.body).toMatchObject({ status: 'completed', message: 'You won $30.00!' });
    expect(await balances()).toEqual(['970.00', '1030.00']);
  });

  it('uneven stakes set at creation: the opponent escrows their own stake; a draw gives each theirs back', async () => {
    const id = await challenge({ opponentAmount: '10.00' });
    expect((await post(opponent, `/${id}/accept`, { opponentPick: 'Late' })).body.opponentAmount).toBe(
      '10.00',
    );
    expect(await balances()).toEqual(['970.00', '990.00']);
    await post(creator, `/${id}/submit-result`, { result: 'NO_CLEAR_OUTCOME' });
    await post(opponent, `/${id}/submit-result`, { result: 'NO_CLEAR_OUTCOME' });
    expect(await balances()).toEqual(['1000.00', '1000.00']);
    // Even stakes keep the spec's shape: no opponentAmount.
    const even = await challenge({ opponentAmount: '30.00' });
    const read = await api(t, 'GET', `/api/bets/${even}`, { token: creator.token });
    expect(read.body.opponentAmount).toBeNull();
  });

  it("counts each side's own stake in the figures: wagered, won, lost, profit and the admin's volume", async () => {
    const figures = async (user: SignedUpUser) => {
      const response = await api(t, 'GET', '/api/analytics/user-stats', { token: user.token });
      expect(response.status).toBe(200);
      const body = response.body as {
        totalAmountWagered: string;
        profitLoss: string;
        totalBetsWon: number;
        totalBetsLost: number;
        profitHistory: { cumulative: string }[];
      };
      return {
        wagered: body.totalAmountWagered,
        profit: body.profitLoss,
        won: body.totalBetsWon,
        lost: body.totalBetsLost,
        history: body.profitHistory.map((point) => point.cumulative),
      };
    };
    const volumeBefore = (await adminTotalsFromTables(t.dataSource))!.totalVolume;
    // 30 against 10, the opponent wins: they gain the creator's 30, the creator loses their own 30.
    const lost = await challenge({ opponentAmount: '10.00' });
    await post(opponent, `/${lost}/accept`, { opponentPick: 'Late' });
    await post(creator, `/${lost}/submit-result`, { result: 'Late' });
    await post(opponent, `/${lost}/submit-result`, { result: 'Late' });
    expect(await figures(creator)).toEqual({
      wagered: '30.00',
      profit: '-30.00',
      won: 0,
      lost: 1,
      history: ['-30.00'],
    });
    expect(await figures(opponent)).toEqual({
      wagered: '10.00',
      profit: '30.00',
      won: 1,
      lost: 0,
      history: ['30.00'],
    });
    // Again, the creator wins: they gain the opponent's 10.
    const won = await challenge({ opponentAmount: '10.00' });
    await post(opponent, `/${won}/accept`, { opponentPick: 'Late' });
    await post(creator, `/${won}/submit-result`, { result: 'On time' });
    await post(opponent, `/${won}/submit-result`, { result: 'On time' });
    expect(await figures(creator)).toEqual({
      wagered: '60.00',
      profit: '-20.00',
      won: 1,
      lost: 1,
      history: ['-30.00', '-20.00'],
    });
    expect(await figures(opponent)).toEqual({
      wagered: '20.00',
      profit: '20.00',
      won: 1,
      lost: 1,
      history: ['30.00', '20.00'],
    });
    expect(Number((await adminTotalsFromTables(t.dataSource))!.totalVolume) - Number(volumeBefore)).toBe(80);
    await expectAdminTotalsMatchTables(t.dataSource);
    await expectUserStatsKept(t.dataSource);
  });

  it('ends in a decline: the creator counters back, the opponent declines; the creator is refunded', async () => {
    const id = await challenge();
    await post(opponent, `/${id}/counter`, { opponentAmount: '10.00' });
    const back = await post(creator, `/${id}/counter`, { opponentAmount: '15.00' });
    expect(back.body).toMatchObject({ offerBy: creator.id, opponentAmount: '15.00' });
    expect((back.body.offers as unknown[]).length).toBe(2);
    expect((await post(opponent, `/${id}/decline`)).body.status).toBe('declined');
    expect(await balances()).toEqual(['1000.00', '1000.00']);

    // The creator may decline the opponent's counter on their turn too.
    const second = await challenge();
    await post(opponent, `/${second}/counter`, { opponentAmount: '10.00' });
    expect((await post(creator, `/${second}/decline`)).body.status).toBe('declined');
    expect(await balances()).toEqual(['1000.00', '1000.00']);
  });

  it('ends in expiry: the creator is refunded, and a counter after it is refused', async () => {
    const id = await challenge();
    await post(opponent, `/${id}/counter`, { opponentAmount: '10.00' });
    await t.dataSource.query(`UPDATE bets SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await post(creator, `/${id}/counter`, { opponentAmount: '12.00' })).status).toBe(409);
    expect((await t.app.get(BetDeadlinesService).processDeadlines()).expired).toBeGreaterThanOrEqual(1);
    expect((await api(t, 'GET', `/api/bets/${id}`, { token: creator.token })).body.status).toBe('expired');
    expect((await post(creator, `/${id}/counter`, { opponentAmount: '12.00' })).status).toBe(409);
    expect(await balances()).toEqual(['1000.00', '1000.00']);
  });

  it('refuses bad counters with a 4xx that changes nothing', async () => {
    const id = await challenge({ outcomes: ['Late', 'On time', 'No show'] });
    const before = (await api(t, 'GET', `/api/bets/${id}`, { token: creator.token })).body;
    const refused: [SignedUpUser, Record<string, unknown>, number][] = [
      [opponent, { opponentAmount: '1000.01' }, 400], // beyond the opponent's balance
      [opponent, { opponentAmount: '0.00' }, 400],
      [opponent, { opponentAmount: '10.00' }, 400], // three outcomes: the counter must say the pick
      [opponent, { opponentAmount: '10.00', opponentPick: 'On time' }, 400], // the creator's pick
      [creator, { opponentAmount: '10.00', opponentPick: 'Late' }, 403], // not the creator's turn
    ];
    for (const [who, body, status] of refused) {
      expect({ body, status: (await post(who, `/${id}/counter`, body)).status }).toEqual({ body, status });
    }
    const stranger = await newUser(t);
    expect((await post(stranger, `/${id}/counter`, { opponentAmount: '10.00' })).status).toBe(404);
    const after = (await api(t, 'GET', `/api/bets/${id}`, { token: creator.token })).body;
    expect(after).toEqual(before);
    // At most five offers, both sides together.
    for (let round = 1; round <= 5; round++) {
      const who = round % 2 === 1 ? opponent : creator;
      expect(
        (await post(who, `/${id}/counter`, { opponentAmount: `${10 + round}.00`, opponentPick: 'Late' }))
          .status,
      ).toBe(200);
    }
    expect((await post(creator, `/${id}/counter`, { opponentAmount: '20.00' })).status).toBe(409);
    // Withdrawn: nothing more to counter.
    expect((await post(creator, `/${id}/cancel`)).body.status).toBe('cancelled');
    expect((await post(creator, `/${id}/counter`, { opponentAmount: '20.00' })).status).toBe(409);
    expect(await balances()).toEqual(['1000.00', '1000.00']);
  });
});

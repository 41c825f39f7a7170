import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../../src/common/clock.js';
import { CircleSeasons, seasonEnd } from '../../src/modules/circles/circle-seasons.service.js';
import { api } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';
import { circleBet, circleOf, expectStatus, feed, table, users } from './circles-helpers.js';

describe('circle seasons', () => {
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const moveClocks = (at: Date) => {
    for (const app of [t, second]) jest.spyOn(app.app.get(Clock), 'now').mockReturnValue(at);
  };

  it('ends monthly by default, weekly on Mondays, and a custom season as long as the last one', () => {
    const from = new Date('2026-11-18T15:00:00Z'); // a Wednesday
    expect(seasonEnd('monthly', from).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(seasonEnd('weekly', from).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(seasonEnd('custom', from, 10).toISOString()).toBe('2026-11-28T15:00:00.000Z');
  });

  it('rolls over once across instances: final table posted, trophy to the winner, new season from zero', async () => {
    const [owner, ann, bob] = await users(t, 3);
    const id = await circleOf(t, owner, [ann, bob]);
    await circleBet(t, id, owner, ann, '10.00', 'creator');
    await circleBet(t, id, bob, ann, '4.00', 'creator');
    const before = await table(t, ann, id);
    expect(before.season.number).toBe(1);

    moveClocks(new Date(Date.now() + 40 * 86_400_000));
    const ended = await Promise.all([t, second].map((app) => app.app.get(CircleSeasons).rollOver()));
    // Both jobs ran at once: between them this season was ended exactly once.
    const [row] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM circle_seasons WHERE "circleId" = $1`,
      [id],
    );
    expect(row?.n).toBe(2);
    expect(ended.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await Promise.all([t, second].map((app) => app.app.get(CircleSeasons).rollOver()))).toEqual([
      0, 0,
    ]);

    const now = await table(t, ann, id);
    expect(now.season.number).toBe(2);
    expect(now.standings.every((standing) => standing.won + standing.lost + standing.drawn === 0)).toBe(true);
    const past = await table(t, ann, id, 1);
    expect(past.standings[0]?.person.id).toBe(owner.id);
    expect(past.standings.map((standing) => standing.person.id)).toEqual([owner.id, bob.id, ann.id]);

    const [item] = (await feed(t, bob, id)).items as unknown as {
      kind: string;
      season: { number: number; winner: { id: string }; standings: unknown[] };
    }[];
    expect(item?.kind).toBe('season_ended');
    expect(item?.season.number).toBe(1);
    expect(item?.season.winner.id).toBe(owner.id);
    expect(item?.season.standings).toHaveLength(3);
    const trophies = await expectStatus(
      api(t, 'GET', `/api/circles/trophies/${owner.id}`, { token: ann.token }),
      200,
    );
    expect(trophies.body).toEqual([expect.objectContaining({ circleId: id, seasonNumber: 1 })]);
  });

  it('breaks a tie on net winnings by more bets won, then fewer lost, then who joined first', async () => {
    const [owner, ann, bob, cat] = await users(t, 4);
    const id = await circleOf(t, owner, [ann, bob, cat]);
    // Ann: won 5, lost 2 -> +3, 1–1. Bob: won 3 -> +3, 1–0. Bob ranks first (same net, fewer lost).
    await circleBet(t, id, ann, cat, '5.00', 'creator');
    await circleBet(t, id, owner, ann, '2.00', 'creator');
    await circleBet(t, id, bob, cat, '3.00', 'creator');
    // The owner (+2) and the others trail.
    const standings = (await table(t, owner, id)).standings;
    expect(standings.slice(0, 2).map((standing) => standing.person.id)).toEqual([bob.id, ann.id]);
    moveClocks(new Date(Date.now() + 40 * 86_400_000));
    await t.app.get(CircleSeasons).rollOver();
    const trophies = await api(t, 'GET', `/api/circles/trophies/${bob.id}`, { token: bob.token });
    expect(trophies.body).toEqual([expect.objectContaining({ circleId: id, seasonNumber: 1 })]);
    expect((await api(t, 'GET', `/api/circles/trophies/${ann.id}`, { token: ann.token })).body).toEqual([]);
  });

  it('awards no trophy for a season nobody played', async () => {
    const [owner, ann] = await users(t, 2);
    const id = await circleOf(t, owner, [ann]);
    moveClocks(new Date(Date.now() + 40 * 86_400_000));
    await t.app.get(CircleSeasons).rollOver();
    expect((await table(t, owner, id)).season.number).toBe(2);
    const [row] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM circle_trophies WHERE "circleId" = $1`,
      [id],
    );
    expect(row?.n).toBe(0);
  });

  it('runs the seasons job as often as CIRCLE_SEASONS_EVERY_SECONDS says, ending a due season by itself', async () => {
    expect(t.app.get(SchedulerRegistry).getCronJob('circle-seasons').cronTime.source).toBe('0 * * * * *');
    const often = await startTestApp({ env: { CIRCLE_SEASONS_EVERY_SECONDS: '1' } });
    try {
      expect(often.app.get(SchedulerRegistry).getCronJob('circle-seasons').cronTime.source).toBe(
        '*/1 * * * * *',
      );
      const [owner, ann] = await users(often, 2);
      const id = await circleOf(often, owner, [ann]);
      jest.spyOn(often.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 40 * 86_400_000));
      // Nobody calls the job: the next second's run ends the season (the deadline is room for a busy machine).
      const deadline = Date.now() + 30_000;
      while ((await table(often, owner, id)).season.number === 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await table(often, owner, id)).season.number).toBe(2);
    } finally {
      await often.close();
    }
  });

  it('lets the owner choose a custom end, refusing one in the past', async () => {
    const [owner, ann] = await users(t, 2);
    const id = await circleOf(t, owner, [ann]);
    const endsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await expectStatus(
      api(t, 'PATCH', `/api/circles/${id}`, { token: owner.token, body: { seasonLength: 'custom' } }),
      400,
    );
    await expectStatus(
      api(t, 'PATCH', `/api/circles/${id}`, {
        token: owner.token,
        body: { seasonLength: 'custom', seasonEndsAt: '2020-01-01T00:00:00Z' },
      }),
      400,
    );
    const changed = await expectStatus(
      api(t, 'PATCH', `/api/circles/${id}`, {
        token: owner.token,
        body: { seasonLength: 'custom', seasonEndsAt: endsAt },
      }),
      200,
    );
    expect(changed.body).toMatchObject({ seasonLength: 'custom', season: { endsAt } });
  });
});

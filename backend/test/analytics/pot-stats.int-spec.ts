import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { PotPlayerStats1795600000000 } from '../../src/database/migrations/1795600000000-PotPlayerStats.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { newAdmin } from '../admin/admin-helpers.js';
import { potAction, potBody, withFriends } from '../bets/pot-helpers.js';
import { api, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';
import { expectUserStatsKept, userFiguresFromHistory } from '../support/user-stats-oracle.js';

/**
 * A group pot counts in every player's figures (migration PotPlayerStats): the players who picked the outcome
 * won (profit: payout minus stake), the others lost their stake, a refund to everyone is neither, as a
 * duel's draw. Checked against the recomputation from history after every path, against figures worked out
 * by hand, through admin decisions and their changes, settlements racing each other, and the backfill.
 */
describe('group pots in the user-stats figures', () => {
  describe('through the API', () => {
    let t: TestApp;
    let admin: SignedUpUser;

    beforeAll(async () => {
      t = await startTestApp();
      admin = await newAdmin(t);
    });
    afterAll(async () => t.close());
    afterEach(async () => expectMoneyInvariants(t.dataSource));

    const act = (user: SignedUpUser, id: number, action: string, body: unknown = {}) =>
      potAction(t, user, id, action, body);
    const figures = async (person: SignedUpUser) => {
      const response = await api(t, 'GET', '/api/analytics/user-stats', { token: person.token });
      expect(response.status).toBe(200);
      const { recentActivity, ...rest } = response.body;
      expect(recentActivity).toBeDefined();
      return rest;
    };
    const expectRecomputed = async (people: SignedUpUser[]) => {
      for (const person of people) {
        expect(await figures(person)).toEqual(await userFiguresFromHistory(t.dataSource, person.id));
      }
    };
    const group = (invited: number) => withFriends(t, invited);
    /** A locked pot of 10.00 stakes: the creator picks picks[0], each friend the next pick. */
    const lockedPot = async (
      creator: SignedUpUser,
      friends: SignedUpUser[],
      picks: string[],
      locked: 'active' | 'cancelled' = 'active',
    ) => {
      const created = await api(t, 'POST', '/api/bets', {
        token: creator.token,
        body: potBody(friends, {
          title: 'Who wins the office pool?',
          outcomes: ['Ana', 'Ben', 'Cy'],
          creatorPick: picks[0],
        }),
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      for (const [index, friend] of friends.entries()) {
        expect((await act(friend, id, 'join', { pick: picks[index + 1] })).status).toBe(200);
      }
      expect((await act(creator, id, 'lock')).body.status).toBe(locked);
      return id;
    };
    const reportAll = async (people: SignedUpUser[], id: number, result: string) => {
      for (const person of people) {
        expect((await act(person, id, 'submit-result', { result })).status).toBe(200);
      }
    };

    it('counts every player: winners, losers, refunds, a void pot and the pending invitations', async () => {
      const { creator, friends } = await group(3);
      const [ana, ben, cy] = friends as [SignedUpUser, SignedUpUser, SignedUpUser];
      const everyone = [creator, ana, ben, cy];
      const won = await lockedPot(creator, friends, ['Ana', 'Ana', 'Ben', 'Cy']);
      // Under way: counted for every player, none decided yet.
      expect(await figures(cy)).toMatchObject({
        totalBetsCreated: 1,
        activeBets: 1,
        totalAmountWagered: '10.00',
      });
      await expectRecomputed(everyone);
      await reportAll(everyone, won, 'Ana');
      // 40.00 between the two who picked Ana: +10.00 each; the two others lost their 10.00.
      expect(await figures(creator)).toMatchObject({
        totalBetsWon: 1,
        totalBetsLost: 0,
        profitLoss: '10.00',
        currentStreak: 1,
        totalAmountWon: '20.00',
        activeBets: 0,
      });
      expect(await figures(ben)).toMatchObject({
        totalBetsWon: 0,
        totalBetsLost: 1,
        profitLoss: '-10.00',
        winRate: 0,
      });
      await expectRecomputed(everyone);

      // Nobody picked Cy... but Cy did: a pot on an outcome nobody picked, and one with no clear outcome.
      const nobody = await lockedPot(creator, [ana, ben], ['Ana', 'Ana', 'Ben']);
      await reportAll([creator, ana, ben], nobody, 'Cy');
      const unclear = await lockedPot(creator, [ana, ben], ['Ana', 'Ben', 'Ben']);
      await reportAll([creator, ana, ben], unclear, 'NO_CLEAR_OUTCOME');
      // Both refunded: counted as taken, neither won nor lost, the streak untouched.
      expect(await figures(creator)).toMatchObject({
        totalBetsCreated: 3,
        totalBetsWon: 1,
        totalBetsLost: 0,
        profitLoss: '10.00',
        currentStreak: 1,
      });
      // A void pot (everybody picked the same) never got under way.
      await lockedPot(creator, [ana, ben], ['Ana', 'Ana', 'Ana'], 'cancelled');
      expect(await figures(ana)).toMatchObject({ totalBetsCreated: 3 });

      // An invitation not answered yet is pending for the invitee and for the creator.
      const waiting = await api(t, 'POST', '/api/bets', {
        token: creator.token,
        body: {
          inviteeIds: [ana.id, ben.id],
          stake: '5.00',
          joinBy: new Date(Date.now() + 3_600_000).toISOString(),
          title: 'Rain tomorrow?',
          outcomes: ['Yes', 'No'],
          creatorPick: 'Yes',
          duration: 24,
        },
      });
      expect(waiting.status).toBe(201);
      expect((await figures(ana)).pendingBets).toBe(1);
      await expectRecomputed(everyone);
    });

    it('reverses and applies again when an admin decides a pot and changes the decision', async () => {
      const { creator, friends } = await group(3);
      const [ana, ben, cy] = friends as [SignedUpUser, SignedUpUser, SignedUpUser];
      const everyone = [creator, ana, ben, cy];
      // An earlier pot Ben won, so the changes below move a streak that is already there.
      const earlier = await lockedPot(creator, friends, ['Ana', 'Ana', 'Ben', 'Cy']);
      await reportAll(everyone, earlier, 'Ben');
      expect(await figures(ben)).toMatchObject({ totalBetsWon: 1, profitLoss: '30.00', currentStreak: 1 });

      const id = await lockedPot(creator, friends, ['Ana', 'Ben', 'Ben', 'Cy']);
      await act(creator, id, 'submit-result', { result: 'Ana' });
      expect((await act(ana, id, 'submit-result', { result: 'Ben', confirmed: true })).body.status).toBe(
        'disputed',
      );
      expect(await figures(ben)).toMatchObject({ activeBets: 1, totalBetsWon: 1 });
      const resolved = await act(admin, id, 'admin-resolve', {
        outcome: 'Ben',
        resolution: 'The photo shows Ben',
      });
      expect(resolved.status).toBe(200);
      // Ana and Ben split 40.00: +10.00 each; Ben's streak is two.
      expect(await figures(ben)).toMatchObject({
        totalBetsWon: 2,
        profitLoss: '40.00',
        currentStreak: 2,
        longestWinStreak: 2,
      });
      await expectRecomputed(everyone);

      const changed = await act(admin, id, 'edit-resolution', {
        outcome: 'Cy',
        reason: 'A second photo came',
      });
      expect(changed.status).toBe(200);
      // Cy alone picked Cy: +30.00; Ben's second pot is now a loss, his streak broken.
      expect(await figures(ben)).toMatchObject({
        totalBetsWon: 1,
        totalBetsLost: 1,
        profitLoss: '20.00',
        currentStreak: 0,
        longestWinStreak: 1,
      });
      expect(await figures(cy)).toMatchObject({ totalBetsWon: 1, totalBetsLost: 1, profitLoss: '20.00' });
      await expectRecomputed(everyone);

      const draw = await act(admin, id, 'edit-resolution', {
        outcome: 'NO_CLEAR_OUTCOME',
        reason: 'Nobody knows',
      });
      expect(draw.status).toBe(200);
      // Refunded: the second pot is neither won nor lost for anyone.
      expect(await figures(cy)).toMatchObject({ totalBetsWon: 0, totalBetsLost: 1, profitLoss: '-10.00' });
      expect(await figures(ben)).toMatchObject({ totalBetsWon: 1, totalBetsLost: 0, currentStreak: 1 });
      await expectRecomputed(everyone);
      const back = await act(admin, id, 'edit-resolution', { outcome: 'Ana', reason: 'The video, at last' });
      expect(back.status).toBe(200);
      // The creator alone picked Ana: +30.00, after -10.00 in the earlier pot.
      expect(await figures(creator)).toMatchObject({
        profitLoss: '20.00',
        totalBetsWon: 1,
        totalBetsLost: 1,
      });
      await expectRecomputed(everyone);
    });

    it('keeps exact figures when pots among the same people settle at the same instant', async () => {
      const { creator, friends } = await group(4);
      const everyone = [creator, ...friends];
      const picks = ['Ana', 'Ben', 'Cy', 'Ana', 'Ben'];
      const pots: number[] = [];
      for (let i = 0; i < 6; i++) {
        // Each pot's winners differ: the picks turn round the players.
        pots.push(
          await lockedPot(
            creator,
            friends,
            picks.map((_, k) => picks[(k + i) % picks.length]),
          ),
        );
      }
      // Everybody but the last reporter, in turn; then every pot's last report at once.
      for (const id of pots) {
        for (const person of everyone.slice(0, -1)) {
          expect((await act(person, id, 'submit-result', { result: 'Ana' })).status).toBe(200);
        }
      }
      const last = everyone[everyone.length - 1];
      const others = [...everyone.slice(0, -1)].reverse();
      const settling = await Promise.all(
        pots.flatMap((id, index) => [
          act(last, id, 'submit-result', { result: 'Ana' }),
          // A late duplicate of another player's report races the settlement: refused or a no-op.
          act(others[index % others.length], id, 'submit-result', { result: 'Ana' }),
        ]),
      );
      const finals = settling.filter((_, index) => index % 2 === 0);
      expect(finals.map((response) => response.body.status)).toEqual(pots.map(() => 'completed'));
      for (const response of settling) expect(response.status).toBeLessThan(500);
      await expectRecomputed(everyone);
      const [{ decided }] = await t.dataSource.query<{ decided: number }[]>(
        `SELECT count(*)::int AS decided FROM bet_participants WHERE "betId" = ANY($1) AND "decidedNet" IS NOT NULL`,
        [pots],
      );
      expect(decided).toBe(pots.length * everyone.length);
    });
  });

  describe('on the rows themselves', () => {
    it('backfills the settled pots already there', async () => {
      const old = await createTestDatabase({ migrate: false });
      const before = new DataSource({
        ...dataSourceOptions(old.url),
        migrations: MIGRATIONS.slice(0, MIGRATIONS.indexOf(PotPlayerStats1795600000000)),
      });
      let after: DataSource | undefined;
      try {
        await before.initialize();
        await before.runMigrations();
        const users = (
          await before.query<{ id: string }[]>(
            `INSERT INTO users (email) SELECT 'pot' || i || '@example.com' FROM generate_series(1, 5) i RETURNING id`,
          )
        ).map((row) => row.id);
        // Pots in every state that counts, settled on a picked outcome, on one nobody picked, and refunded.
        const pots: [string, string | null, (string | null)[]][] = [
          ['completed', 'Ana', ['Ana', 'Ben', 'Ana', 'Cy']],
          ['completed', 'Ben', ['Ana', 'Ben', 'Ben', null]],
          ['completed', 'Cy', ['Ana', 'Ben', 'Ana', 'Ben']],
          ['completed', 'no_clear_outcome', ['Ana', 'Ben', 'Cy', 'Ana']],
          ['active', null, ['Ana', 'Ben', 'Cy', 'Cy']],
          ['disputed', null, ['Cy', 'Ben', 'Cy', 'Ana']],
          ['cancelled', null, ['Ana', 'Ana', null, null]],
          ['pending', null, ['Ana', null, null, null]],
        ];
        for (const [index, [status, outcome, seatPicks]] of pots.entries()) {
          const [{ id }] = await before.query<{ id: number }[]>(
            `INSERT INTO bets (title, kind, amount, "creatorId", status, duration, outcomes, "joinBy", "finalResult",
                               "resolutionDate")
             VALUES ('pot', 'pot', 10, $1, $2, 1, '{Ana,Ben,Cy}', now(), $3, $4) RETURNING id`,
            [users[index % 5], status, outcome, outcome ? `2026-01-0${index + 1}T12:00:00Z` : null],
          );
          const seated = seatPicks.map((pick, k) => ({ userId: users[(index + k) % 5], pick }));
          const joined = seated.filter((seat) => seat.pick !== null);
          const winners = joined.filter((seat) => seat.pick === outcome);
          for (const seat of seated) {
            const payout =
              status !== 'completed'
                ? null
                : winners.length === 0
                  ? 10
                  : seat.pick === outcome
                    ? (joined.length * 10) / winners.length
                    : 0;
            await before.query(
              `INSERT INTO bet_participants ("betId", "userId", role, pick, stake, "joinedAt", payout)
               VALUES ($1, $2::uuid, CASE WHEN $2::uuid = $6::uuid THEN 'creator' ELSE 'player' END, $3, 10, $4, $5)`,
              [
                id,
                seat.userId,
                seat.pick,
                seat.pick === null ? null : new Date(),
                seat.pick === null ? null : payout,
                users[index % 5],
              ],
            );
          }
        }
        await before.destroy();

        after = new DataSource(dataSourceOptions(old.url));
        await after.initialize();
        await after.runMigrations();
        await expectUserStatsKept(after);
        const [{ won, lost }] = await after.query<{ won: number; lost: number }[]>(
          `SELECT sum(won)::int AS won, sum(lost)::int AS lost FROM user_bet_stats`,
        );
        // Ana's pot: 2 won, 2 lost; Ben's: 2 won, 1 lost; the refunded two count neither.
        expect([won, lost]).toEqual([4, 3]);
        // Down and up again lands on the same figures.
        await after.undoLastMigration();
        await after.runMigrations();
        await expectUserStatsKept(after);
      } finally {
        if (before.isInitialized) await before.destroy();
        if (after?.isInitialized) await after.destroy();
        await old.drop();
      }
    });
  });
});

import type { EntityManager } from 'typeorm';
import { ConflictError } from '../../src/common/errors/domain-error.js';
import { AccountDeletionParticipants } from '../../src/modules/users/account-deletion-participants.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { putPicture, testImage } from '../support/images.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('DELETE /api/user/account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  async function createBet(creator: SignedUpUser, opponent: SignedUpUser, amount: string): Promise<number> {
    const response = await api(t, 'POST', '/api/bets', {
      token: creator.token,
      body: {
        opponentId: opponent.id,
        amount,
        title: `Bet for ${amount}`,
        outcomes: ['A', 'B'],
        duration: 168,
        creatorPick: 'A',
      },
    });
    if (response.status !== 201) throw new Error(`bet failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  }

  async function accept(opponent: SignedUpUser, betId: number): Promise<void> {
    const response = await api(t, 'POST', `/api/bets/${betId}/accept`, {
      token: opponent.token,
      body: { opponentPick: 'B' },
    });
    if (response.status !== 200 && response.status !== 201)
      throw new Error(`accept failed: ${JSON.stringify(response.body)}`);
  }

  const userRow = async (id: string) =>
    (
      await t.dataSource.query<Record<string, unknown>[]>(
        `SELECT email, "firstName", "lastName", username, "phoneNumber", birthday, state, "profileImageUrl", password,
                "twoFactorEnabled", "twoFactorSecret", "isAdmin", "deletedAt", balance::text
           FROM users WHERE id = $1`,
        [id],
      )
    )[0];
  const count = async (sql: string, id: string) =>
    (await t.dataSource.query<{ n: number }[]>(sql, [id]))[0]?.n;

  it('needs DELETE typed and the right password, and changes nothing otherwise', async () => {
    const user = await newUser(t);
    const attempts: [Record<string, unknown>, string][] = [
      [{ password: user.password }, 'Type DELETE to confirm'],
      [{ password: user.password, confirm: 'delete' }, 'Type DELETE to confirm'],
      [{ confirm: 'DELETE' }, 'Enter your password to delete your account'],
      [{ confirm: 'DELETE', password: 'Wrong@1234' }, 'Password is incorrect'],
    ];
    for (const [body, message] of attempts) {
      const response = await api(t, 'DELETE', '/api/user/account', { token: user.token, body });
      expect({ body, status: response.status, message: response.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
    expect((await userRow(user.id))?.deletedAt).toBeNull();
    expect((await api(t, 'DELETE', '/api/user/account', { body: { confirm: 'DELETE' } })).status).toBe(401);
  });

  it('refunds open bets, anonymises the person, ends every token and sign-in, keeps the ledger', async () => {
    const [user, friend, other] = [await newUser(t), await newUser(t), await newUser(t)];
    await befriend(t, user, friend);
    const active = await createBet(friend, user, '40.00');
    await accept(user, active);
    const challengedByUser = await createBet(user, other, '15.00');
    const challengeToUser = await createBet(other, user, '5.00');
    await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { phoneNumber: '+1 503 555 0100' },
    });
    expect((await putPicture(t, await testImage('png'), { token: user.token })).status).toBe(200);
    await t.dataSource.query(
      `UPDATE users SET "twoFactorSecret" = 'JBSWY3DPEHPK3PXP', "twoFactorEnabled" = true WHERE id = $1`,
      [user.id],
    );
    const secondDevice = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.username, password: user.password },
    });
    expect(secondDevice.body.challengeToken).toBeDefined(); // 2FA on: that device is mid-login
    expect(await balanceOf(t.dataSource, user.id)).toBe('945.00');

    const deleted = await api(t, 'DELETE', '/api/user/account', {
      token: user.token,
      body: { confirm: 'DELETE', password: user.password },
    });
    expect(deleted.status).toBe(204);

    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
    for (const emailOrUsername of [user.email, user.username]) {
      const login = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername, password: user.password },
      });
      expect(login.status).toBe(401);
    }
    expect(await userRow(user.id)).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      firstName: null,
      lastName: null,
      username: null,
      phoneNumber: null,
      birthday: null,
      state: null,
      profileImageUrl: null,
      password: null,
      twoFactorEnabled: false,
      twoFactorSecret: null,
      isAdmin: false,
      balance: '1000.00',
      deletedAt: expect.any(Date) as Date,
    });
    expect(await count(`SELECT count(*)::int AS n FROM profile_pictures WHERE "userId" = $1`, user.id)).toBe(
      0,
    );
    // Every stake went back to whoever put it in.
    expect(await balanceOf(t.dataSource, friend.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, other.id)).toBe('1000.00');
    const statuses = await t.dataSource.query<{ id: number; status: string }[]>(
      `SELECT id, status FROM bets WHERE id = ANY($1::int[]) ORDER BY id`,
      [[active, challengedByUser, challengeToUser]],
    );
    expect(statuses.every((bet) => !['pending', 'active', 'disputed'].includes(bet.status))).toBe(true);
    // Ledger stays, pointing at the tombstone: bonus, 2 stakes, 2 refunds.
    expect(await count(`SELECT count(*)::int AS n FROM transactions WHERE "userId" = $1`, user.id)).toBe(5);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM friendships WHERE "requesterId" = $1 OR "addresseeId" = $1`,
        user.id,
      ),
    ).toBe(0);
    await expectMoneyInvariants(t.dataSource);
    // The name is free again, and the tombstone is nowhere to be found.
    const again = await api(t, 'POST', '/api/auth/signup', {
      body: {
        firstName: 'New',
        lastName: 'Person',
        email: user.email,
        username: user.username,
        password: 'Fresh@1234',
        confirmPassword: 'Fresh@1234',
        birthday: '1990-01-01',
        state: 'Ohio',
      },
    });
    expect(again.status).toBe(201);
    expect((again.body.user as { id: string }).id).not.toBe(user.id);
  });

  it('deletes an identity-provider account (no password) with the confirmation alone, and an admin’s own', async () => {
    const [oidcUser, admin] = [await newUser(t), await newUser(t)];
    await t.dataSource.query(`UPDATE users SET password = NULL, "authProvider" = 'oidc' WHERE id = $1`, [
      oidcUser.id,
    ]);
    await t.dataSource.query(`UPDATE users SET "isAdmin" = true WHERE id = $1`, [admin.id]);
    const first = await api(t, 'DELETE', '/api/user/account', {
      token: oidcUser.token,
      body: { confirm: 'DELETE' },
    });
    expect(first.status).toBe(204);
    const second = await api(t, 'DELETE', '/api/user/account', {
      token: admin.token,
      body: { confirm: 'DELETE', password: admin.password },
    });
    expect(second.status).toBe(204);
    for (const user of [oidcUser, admin]) {
      expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
      expect((await userRow(user.id))?.email).toBe(`deleted-${user.id}@deleted.invalid`);
    }
  });

  it('locks every account it refunds before voiding any bet, so a settlement between two of its counterparties cannot deadlock with it', async () => {
    // The circle this prevents: voiding D's bet with P1 locks P1's stats row (UserStatsCounters); voiding the
    // next one, with P2, then waits for P2's account, which a settlement won by P2 against P1 holds while it
    // waits for P1's stats row. Here another transaction holds P2's account; the deletion must be waiting for
    // it without having touched P1's stats row.
    const [doomed, first, second] = [await newUser(t), await newUser(t), await newUser(t)];
    await accept(first, await createBet(doomed, first, '10.00'));
    await accept(second, await createBet(doomed, second, '20.00'));
    const other = t.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query(`SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE`, [second.id]);
      const deletion = api(t, 'DELETE', '/api/user/account', {
        token: doomed.token,
        body: { confirm: 'DELETE', password: doomed.password },
      });
      // Asked outside `other`'s transaction: inside one, PostgreSQL answers pg_stat_activity from a snapshot.
      const waiting = async () =>
        (
          await t.dataSource.query<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          )
        )[0]?.n ?? 0;
      for (let tries = 0; (await waiting()) === 0; tries++) {
        if (tries > 200) throw new Error('the deletion never waited for the held account');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const firstStatsFree = await other
        .query(`SELECT "userId" FROM user_bet_stats WHERE "userId" = $1 FOR NO KEY UPDATE NOWAIT`, [first.id])
        .then(
          () => true,
          (error: { driverError?: { code?: string } }) => {
            if (error.driverError?.code !== '55P03') throw error;
            return false;
          },
        );
      await other.rollbackTransaction();
      expect(firstStatsFree).toBe(true);
      expect((await deletion).status).toBe(204);
    } finally {
      if (other.isTransactionActive) await other.rollbackTransaction();
      await other.release();
    }
    expect(await balanceOf(t.dataSource, first.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, second.id)).toBe('1000.00');
    await expectMoneyInvariants(t.dataSource);
  });

  it('runs registered participants inside the one transaction: a failing one undoes everything', async () => {
    const participants = t.app.get(AccountDeletionParticipants);
    const [user, other] = [await newUser(t), await newUser(t)];
    const betId = await createBet(user, other, '30.00');
    await befriend(t, user, other);
    const seen: { email: string; betStatus: string }[] = [];
    participants.register({
      name: 'test-observer',
      order: 50,
      run: async (manager: EntityManager, userId: string) => {
        const [row] = await manager.query<{ email: string; betStatus: string }[]>(
          `SELECT u.email, b.status AS "betStatus" FROM users u, bets b WHERE u.id = $1 AND b.id = $2`,
          [userId, betId],
        );
        if (row) seen.push(row);
      },
    });
    participants.register({
      name: 'test-refuser',
      order: 60,
      run: () => Promise.reject(new ConflictError('Not today', 'test_refusal')),
    });
    try {
      expect(participants.all().map((participant) => participant.name)).toEqual([
        'bets',
        'test-observer',
        'test-refuser',
        'notifications',
        'profile-picture',
      ]);
      const refused = await api(t, 'DELETE', '/api/user/account', {
        token: user.token,
        body: { confirm: 'DELETE', password: user.password },
      });
      expect(refused.status).toBe(409);
      // The participant ran after the bets one and before the personal data went.
      expect(seen).toEqual([
        { email: user.email, betStatus: expect.not.stringMatching(/^pending$/) as string },
      ]);
      // Rolled back: bet still pending and staked, person intact, friendship kept, token alive.
      const [bet] = await t.dataSource.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [
        betId,
      ]);
      expect(bet?.status).toBe('pending');
      expect(await balanceOf(t.dataSource, user.id)).toBe('970.00');
      expect(await userRow(user.id)).toMatchObject({ email: user.email, deletedAt: null });
      expect(
        await count(`SELECT count(*)::int AS n FROM friendships WHERE "requesterId" = $1`, user.id),
      ).toBe(1);
      expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
      // The voided bet's notification to the other party went with the rollback.
      expect(
        await count(
          `SELECT count(*)::int AS n FROM notifications WHERE "userId" = $1 AND type = 'bet_cancelled'`,
          other.id,
        ),
      ).toBe(0);
      expect(() => participants.register({ name: 'bets', run: () => Promise.resolve() })).toThrow(
        /already registered/,
      );
    } finally {
      participants.unregister('test-observer');
      participants.unregister('test-refuser');
    }
    const deleted = await api(t, 'DELETE', '/api/user/account', {
      token: user.token,
      body: { confirm: 'DELETE', password: user.password },
    });
    expect(deleted.status).toBe(204);
    expect(await balanceOf(t.dataSource, user.id)).toBe('1000.00');
    await expectMoneyInvariants(t.dataSource);
  });
});

import { befriend } from '../friends/friends-helpers.js';
import { potAction, potBody, withFriends } from '../bets/pot-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('settings: notifications, privacy, password, export', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('changes notification settings one at a time', async () => {
    const user = await newUser(t);
    const push = await api(t, 'PATCH', '/api/settings/notifications', {
      token: user.token,
      body: { pushNotifications: false },
    });
    expect(push.status).toBe(200);
    expect(push.body).toMatchObject({ id: user.id, emailNotifications: true, pushNotifications: false });
    const email = await api(t, 'PATCH', '/api/settings/notifications', {
      token: user.token,
      body: { emailNotifications: false },
    });
    expect(email.body).toMatchObject({ emailNotifications: false, pushNotifications: false });
    for (const body of [{ emailNotifications: 'yes' }, { pushNotifications: null }, { sms: true }]) {
      const bad = await api(t, 'PATCH', '/api/settings/notifications', { token: user.token, body });
      expect(bad.status).toBe(400);
    }
    const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
    expect(me.body).toMatchObject({ emailNotifications: false, pushNotifications: false });
  });

  it('merges privacy settings instead of replacing them', async () => {
    const user = await newUser(t);
    const balance = await api(t, 'PATCH', '/api/settings/privacy', {
      token: user.token,
      body: { balanceVisibility: 'public' },
    });
    expect(balance.status).toBe(200);
    // Never chosen, allowChallengesFrom is stated as its meaning: everyone.
    expect(balance.body.privacySettings).toEqual({
      profileVisibility: 'friends',
      activityVisibility: 'friends',
      balanceVisibility: 'public',
      allowChallengesFrom: 'everyone',
    });
    const more = await api(t, 'PATCH', '/api/settings/privacy', {
      token: user.token,
      body: { profileVisibility: 'private', allowChallengesFrom: 'friends' },
    });
    expect(more.body.privacySettings).toEqual({
      profileVisibility: 'private',
      activityVisibility: 'friends',
      balanceVisibility: 'public',
      allowChallengesFrom: 'friends',
    });
    for (const body of [
      { profileVisibility: 'everyone' },
      { activityVisibility: null },
      { allowChallengesFrom: 'nobody' },
      { balanceVisibility: 'public', isAdmin: true },
    ]) {
      const bad = await api(t, 'PATCH', '/api/settings/privacy', { token: user.token, body });
      expect({ body, status: bad.status }).toEqual({ body, status: 400 });
    }
    const bad = await api(t, 'PATCH', '/api/settings/privacy', {
      token: user.token,
      body: { profileVisibility: 'everyone' },
    });
    expect(bad.body.message).toBe('profileVisibility must be public, friends or private');
    const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
    expect(me.body.privacySettings).toEqual(more.body.privacySettings);
  });

  it('someone who takes challenges from friends only can be challenged by friends only', async () => {
    const [picky, stranger, friend] = await Promise.all([newUser(t), newUser(t), newUser(t)]);
    await api(t, 'PATCH', '/api/settings/privacy', {
      token: picky.token,
      body: { allowChallengesFrom: 'friends' },
    });
    await befriend(t, friend, picky);
    const challenge = (from: SignedUpUser) =>
      api(t, 'POST', '/api/bets', {
        token: from.token,
        body: {
          opponentId: picky.id,
          amount: '5.00',
          title: 'Friends only?',
          outcomes: ['Yes', 'No'],
          duration: 24,
          creatorPick: 'Yes',
        },
      });
    const refused = await challenge(stranger);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      403,
      'bet_forbidden',
      'This person only accepts challenges from friends',
    ]);
    expect((await challenge(friend)).status).toBe(201);
    const [{ count }] = await t.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM bets WHERE "opponentId" = $1`,
      [picky.id],
    );
    expect(count).toBe(1);
  });

  describe('password change', () => {
    it('ends every session at once and hands the caller a fresh one', async () => {
      const user = await newUser(t);
      const otherDevice = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.email, password: user.password },
      });
      expect(otherDevice.status).toBe(200);
      const changed = await api(t, 'POST', '/api/settings/password', {
        token: user.token,
        body: { currentPassword: user.password, newPassword: 'Better@5678' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.user).toMatchObject({ id: user.id, email: user.email });
      expect(JSON.stringify(changed.body)).not.toMatch(/argon2|"password"/);
      expect(changed.headers.get('set-cookie')).toMatch(/betwixt\.sid=/);
      for (const token of [user.token, otherDevice.body.token as string]) {
        expect((await api(t, 'GET', '/api/auth/user', { token })).status).toBe(401);
      }
      const fresh = await api(t, 'GET', '/api/auth/user', { token: changed.body.token as string });
      expect(fresh.status).toBe(200);
      expect(fresh.body.id).toBe(user.id);
      const oldLogin = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.username, password: user.password },
      });
      expect(oldLogin.status).toBe(401);
      const newLogin = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.username, password: 'Better@5678' },
      });
      expect(newLogin.status).toBe(200);
      const [stored] = await t.dataSource.query<{ password: string }[]>(
        `SELECT password FROM users WHERE id = $1`,
        [user.id],
      );
      expect(stored?.password).toMatch(/^\$argon2id\$/);
    });

    it('refuses a wrong current password, a weak new one and an unchanged one, changing nothing', async () => {
      const user = await newUser(t);
      const attempts: [Record<string, unknown>, string][] = [
        [{ currentPassword: 'Nope@1234', newPassword: 'Better@5678' }, 'Current password is incorrect'],
        [{ currentPassword: '', newPassword: 'Better@5678' }, 'Current password is required'],
        [{ currentPassword: user.password, newPassword: 'short' }, 'Password must be at least 8 characters'],
        [
          { currentPassword: user.password, newPassword: 'alllowercase1!' },
          'Password must contain uppercase, lowercase, number, and special character',
        ],
        [
          { currentPassword: user.password, newPassword: user.password },
          'The new password must be different from the current one',
        ],
        [
          { currentPassword: user.password, newPassword: 'Better@5678', isAdmin: true },
          'property isAdmin should not exist',
        ],
      ];
      for (const [body, message] of attempts) {
        const response = await api(t, 'POST', '/api/settings/password', { token: user.token, body });
        expect({ body, status: response.status, message: response.body.message }).toEqual({
          body,
          status: 400,
          message,
        });
      }
      expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
      const login = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.email, password: user.password },
      });
      expect(login.status).toBe(200);
    });

    it('explains that an identity-provider account has no password to change', async () => {
      const user = await newUser(t);
      await t.dataSource.query(`UPDATE users SET password = NULL, "authProvider" = 'oidc' WHERE id = $1`, [
        user.id,
      ]);
      const response = await api(t, 'POST', '/api/settings/password', {
        token: user.token,
        body: { currentPassword: 'Anything@1', newPassword: 'Better@5678' },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'This account signs in with an identity provider and has no password to change',
      );
      expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
    });
  });

  describe('data export', () => {
    async function createBet(creator: SignedUpUser, opponent: SignedUpUser, amount: string) {
      const response = await api(t, 'POST', '/api/bets', {
        token: creator.token,
        body: {
          opponentId: opponent.id,
          amount,
          title: `Bet for ${amount}`,
          description: 'Who wins?',
          outcomes: ['Yes', 'No'],
          duration: 168,
          creatorPick: 'Yes',
          resolutionType: 'mutual',
        },
      });
      if (response.status !== 201) throw new Error(`bet failed: ${JSON.stringify(response.body)}`);
      return response.body.id as number;
    }

    it('downloads the user’s own data as JSON, with no secret in it', async () => {
      const [user, friend, stranger] = [await newUser(t), await newUser(t), await newUser(t)];
      await befriend(t, user, friend);
      const betId = await createBet(user, friend, '25.00');
      await createBet(friend, stranger, '10.00'); // not the user's
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      await t.dataSource.query(
        `UPDATE users SET "twoFactorSecret" = $2, "twoFactorEnabled" = true, "emailVerificationCode" = 'VC-123456',
                          "emailVerificationToken" = 'VT-abcdef' WHERE id = $1`,
        [user.id, secret],
      );
      await api(t, 'PATCH', '/api/settings/privacy', {
        token: user.token,
        body: { balanceVisibility: 'public' },
      });

      const response = await fetch(`${t.url}/api/settings/export`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="betwixt-export.json"');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      const [stored] = await t.dataSource.query<{ password: string }[]>(
        `SELECT password FROM users WHERE id = $1`,
        [user.id],
      );
      for (const hidden of [
        secret,
        stored?.password ?? 'hash',
        'VC-123456',
        'VT-abcdef',
        'argon2',
        '"password"',
      ]) {
        expect(text).not.toContain(hidden);
      }
      const data = JSON.parse(text) as {
        limitPerList: number;
        profile: Record<string, unknown>;
        settings: Record<string, unknown>;
        transactions: { type: string; amount: string; balanceAfter: string; referenceId: string | null }[];
        bets: { id: number; creatorId: string; opponentId: string; amount: string; status: string }[];
        betActivities: { betId: number; activityType: string }[];
        friendships: { requesterId: string; addresseeId: string; status: string }[];
      };
      expect(data.limitPerList).toBe(10000);
      expect(data.profile).toMatchObject({ id: user.id, email: user.email, username: user.username });
      expect(data.settings).toEqual({
        emailNotifications: true,
        pushNotifications: true,
        privacySettings: {
          profileVisibility: 'friends',
          activityVisibility: 'friends',
          balanceVisibility: 'public',
          allowChallengesFrom: 'everyone',
        },
        twoFactorEnabled: true,
      });
      expect(
        data.transactions.map(({ type, amount, balanceAfter }) => ({ type, amount, balanceAfter })),
      ).toEqual([
        { type: 'signup_bonus', amount: '1000.00', balanceAfter: '1000.00' },
        { type: 'bet_stake', amount: '-25.00', balanceAfter: '975.00' },
      ]);
      expect(data.bets).toEqual([
        expect.objectContaining({
          id: betId,
          creatorId: user.id,
          opponentId: friend.id,
          amount: '25.00',
          status: 'pending',
        }),
      ]);
      expect(data.betActivities.length).toBeGreaterThan(0);
      expect(data.betActivities.every((activity) => activity.betId === betId)).toBe(true);
      expect(data.friendships).toEqual([
        expect.objectContaining({ requesterId: user.id, addresseeId: friend.id, status: 'accepted' }),
      ]);
    });

    it('lists the group pots the user joined and every seat they hold', async () => {
      const { creator: host, friends } = await withFriends(t, 2);
      const [user] = friends as [SignedUpUser, SignedUpUser];
      const pot = await api(t, 'POST', '/api/bets', {
        token: host.token,
        body: potBody(friends, { creatorPick: 'Ben' }),
      });
      expect(pot.status).toBe(201);
      const potId = pot.body.id as number;
      expect((await potAction(t, user, potId, 'join', { pick: 'Ana' })).status).toBe(200);

      const data = (await api(t, 'GET', '/api/settings/export', { token: user.token })).body as {
        bets: { id: number; kind: string; creatorId: string; amount: string }[];
        seats: { betId: number; role: string; pick: string | null; stake: string; joinedAt: string | null }[];
      };
      expect(data.bets).toEqual([
        expect.objectContaining({ id: potId, kind: 'pot', creatorId: host.id, amount: '10.00' }),
      ]);
      expect(data.seats).toEqual([
        expect.objectContaining({ betId: potId, role: 'player', pick: 'Ana', stake: '10.00' }),
      ]);
      expect(data.seats[0]?.joinedAt).toEqual(expect.any(String));
    });

    it('is for signed-in users only', async () => {
      expect((await api(t, 'GET', '/api/settings/export')).status).toBe(401);
    });
  });
});

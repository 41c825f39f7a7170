import { api, newUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('profile and settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('edits the profile, never the email, and refuses fields it does not know', async () => {
    const user = await newUser(t);
    const ok = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: {
        firstName: 'Sam',
        phoneNumber: '+1 503 555 0100',
        state: 'Texas',
        email: user.email.toUpperCase(),
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      firstName: 'Sam',
      phoneNumber: '+1 503 555 0100',
      state: 'Texas',
      email: user.email,
    });
    const email = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { email: 'other@example.com' },
    });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Email cannot be changed');
    for (const body of [{ isAdmin: true }, { balance: '99999.00' }]) {
      const refused = await api(t, 'PATCH', '/api/user/profile', { token: user.token, body });
      expect(refused.status).toBe(400);
    }
    const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
    expect(me.body).toMatchObject({ isAdmin: false, balance: '1000.00' });
  });

  it('refuses a username someone else has, in any letter case', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const taken = await api(t, 'PATCH', '/api/user/profile', {
      token: b.token,
      body: { username: a.username.toUpperCase() },
    });
    expect(taken.status).toBe(409);
  });

  it('accepts only generated-avatar picture addresses', async () => {
    const user = await newUser(t);
    const good = await api(t, 'PATCH', '/api/profile/image', {
      token: user.token,
      body: { imageUrl: 'https://api.dicebear.com/9.x/initials/svg?seed=Sam%20Stone' },
    });
    expect(good.status).toBe(200);
    expect(good.body.profileImageUrl).toContain('dicebear');
    const bad = await api(t, 'PATCH', '/api/profile/image', {
      token: user.token,
      body: { imageUrl: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
  });

  it('merges notification and privacy settings', async () => {
    const user = await newUser(t);
    const notifications = await api(t, 'PATCH', '/api/settings/notifications', {
      token: user.token,
      body: { pushNotifications: false },
    });
    expect(notifications.body).toMatchObject({ emailNotifications: true, pushNotifications: false });
    const privacy = await api(t, 'PATCH', '/api/settings/privacy', {
      token: user.token,
      body: { balanceVisibility: 'public' },
    });
    expect(privacy.body.privacySettings).toEqual({
      profileVisibility: 'friends',
      activityVisibility: 'friends',
      balanceVisibility: 'public',
    });
    const bad = await api(t, 'PATCH', '/api/settings/privacy', {
      token: user.token,
      body: { profileVisibility: 'everyone' },
    });
    expect(bad.status).toBe(400);
  });

  it('changes the password: the old token dies at once, the new one and the new password work', async () => {
    const user = await newUser(t);
    const wrong = await api(t, 'POST', '/api/settings/password', {
      token: user.token,
      body: { currentPassword: 'Nope@1234', newPassword: 'Better@5678' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const weak = await api(t, 'POST', '/api/settings/password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'short' },
    });
    expect(weak.body.message).toBe('Password must be at least 8 characters');
    const changed = await api(t, 'POST', '/api/settings/password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'Better@5678' },
    });
    expect(changed.status).toBe(200);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
    expect((await api(t, 'GET', '/api/auth/user', { token: changed.body.token as string })).status).toBe(200);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.username, password: 'Better@5678' },
    });
    expect(login.status).toBe(200);
  });

  it('exports the user’s own data without secrets', async () => {
    const user = await newUser(t);
    const response = await fetch(`${t.url}/api/settings/export`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="betwixt-export.json"');
    const text = await response.text();
    const data = JSON.parse(text) as { ledger: { type: string }[]; profile: { id: string } };
    expect(data.profile.id).toBe(user.id);
    expect(data.ledger.map((row) => row.type)).toEqual(['signup_bonus']);
    expect(text).not.toMatch(/argon2|twoFactorSecret|"password"/);
  });

  it('deletes an account: open bets refunded, data anonymised, tokens and sign-in dead, ledger kept', async () => {
    const [user, other] = [await newUser(t), await newUser(t)];
    const bet = await api(t, 'POST', '/api/bets', {
      token: other.token,
      body: {
        opponentId: user.id,
        amount: '40.00',
        title: 'Open bet',
        outcomes: ['A', 'B'],
        duration: 168,
        creatorPick: 'A',
      },
    });
    await api(t, 'POST', `/api/bets/${String(bet.body.id)}/accept`, {
      token: user.token,
      body: { opponentPick: 'B' },
    });
    const wrong = await api(t, 'DELETE', '/api/user/account', {
      token: user.token,
      body: { confirm: 'DELETE', password: 'Wrong@1234' },
    });
    expect(wrong.status).toBe(400);
    const deleted = await api(t, 'DELETE', '/api/user/account', {
      token: user.token,
      body: { confirm: 'DELETE', password: user.password },
    });
    expect(deleted.status).toBe(204);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
    expect(
      (
        await api(t, 'POST', '/api/auth/login', {
          body: { emailOrUsername: user.email, password: user.password },
        })
      ).status,
    ).toBe(401);
    expect(await balanceOf(t.dataSource, other.id)).toBe('1000.00');
    const [row] = await t.dataSource.query<{ email: string; firstName: string | null }[]>(
      `SELECT email, "firstName" FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row).toEqual({ email: `deleted-${user.id}@deleted.invalid`, firstName: null });
    const [ledger] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM transactions WHERE "userId" = $1`,
      [user.id],
    );
    expect(ledger?.n).toBe(3);
    await expectMoneyInvariants(t.dataSource);
  });
});

import { api, newUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('PATCH /api/user/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('edits the profile and answers with the self view', async () => {
    const user = await newUser(t);
    const ok = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: {
        firstName: '  Sam ',
        lastName: 'Rivera',
        phoneNumber: '+1 503 555 0100',
        state: 'Texas',
        birthday: '1985-02-03',
        username: `${user.username}_x`,
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      id: user.id,
      firstName: 'Sam',
      lastName: 'Rivera',
      phoneNumber: '+1 503 555 0100',
      state: 'Texas',
      username: `${user.username}_x`,
      email: user.email,
      balance: '1000.00',
      profileCompleted: true,
    });
    expect(String(ok.body.birthday)).toMatch(/^1985-02-03T/);
    expect(JSON.stringify(ok.body)).not.toMatch(/password|twoFactorSecret|emailVerification/);
    // An absent field keeps its value; null or '' removes the phone number.
    const cleared = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { phoneNumber: '' },
    });
    expect(cleared.body).toMatchObject({ phoneNumber: null, firstName: 'Sam', state: 'Texas' });
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: `${user.username}_X`, password: user.password },
    });
    expect(login.status).toBe(200);
  });

  it('never changes the email: the same address is ignored, another is refused', async () => {
    const user = await newUser(t);
    const same = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { email: user.email.toUpperCase(), firstName: 'Kim' },
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ email: user.email, firstName: 'Kim' });
    const other = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { email: 'someone.else@example.com', firstName: 'Lee' },
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      message: 'Email cannot be changed',
      fields: { email: 'Email cannot be changed' },
    });
    const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
    expect(me.body).toMatchObject({ email: user.email, firstName: 'Kim' });
  });

  it('refuses fields it does not know, and nothing changes', async () => {
    const user = await newUser(t);
    for (const extra of [
      { isAdmin: true },
      { balance: '99999.00' },
      { profileCompleted: false },
      { password: 'Other@1234' },
      { twoFactorEnabled: true },
      { deletedAt: null },
    ]) {
      const refused = await api(t, 'PATCH', '/api/user/profile', {
        token: user.token,
        body: { firstName: 'Mallory', ...extra },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty(Object.keys(extra)[0] ?? '');
    }
    const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
    expect(me.body).toMatchObject({
      isAdmin: false,
      balance: '1000.00',
      firstName: 'Avery',
      profileCompleted: true,
      twoFactorEnabled: false,
    });
  });

  it('keeps the sign-up rules for each field, with their messages', async () => {
    const user = await newUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '   ' }, 'firstName', 'First name is required'],
      [{ firstName: null }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ username: null }, 'username', 'Username must be at least 3 characters'],
      [{ username: 'bad name!' }, 'username', 'Username can only contain letters, numbers, and underscores'],
      [{ state: 'Ontario' }, 'state', 'State must be one of the 50 US states'],
      [{ state: null }, 'state', 'State is required'],
      [{ birthday: 'yesterday' }, 'birthday', 'Birthday must be a valid date'],
      [{ birthday: null }, 'birthday', 'Birthday is required'],
      [{ birthday: '2999-01-01' }, 'birthday', 'Birthday must be a date in the past'],
      [{ phoneNumber: 'call me' }, 'phoneNumber', 'Invalid phone number'],
      [{ firstName: 'x'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
    ];
    for (const [body, field, message] of cases) {
      const response = await api(t, 'PATCH', '/api/user/profile', { token: user.token, body });
      expect({
        body,
        status: response.status,
        field: (response.body.fields as Record<string, string>)[field],
      }).toEqual({
        body,
        status: 400,
        field: message,
      });
    }
    const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
    expect(me.body).toMatchObject({
      firstName: 'Avery',
      lastName: 'Stone',
      state: 'Oregon',
      username: user.username,
    });
  });

  it('refuses a username someone else has, in any letter case, and allows recasing one’s own', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const taken = await api(t, 'PATCH', '/api/user/profile', {
      token: b.token,
      body: { username: a.username.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      message: 'This username is already taken',
      fields: { username: 'This username is already taken' },
    });
    const recased = await api(t, 'PATCH', '/api/user/profile', {
      token: a.token,
      body: { username: a.username.toUpperCase() },
    });
    expect(recased.status).toBe(200);
    expect(recased.body.username).toBe(a.username.toUpperCase());
  });

  it('completes an identity-provider profile once names, username, birthday and state are all set', async () => {
    const user = await newUser(t);
    // What the OIDC callback leaves behind: no password, no username, birthday or state yet.
    await t.dataSource.query(
      `UPDATE users SET "authProvider" = 'oidc', password = NULL, username = NULL, birthday = NULL, state = NULL,
                        "profileCompleted" = false WHERE id = $1`,
      [user.id],
    );
    const partial = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { username: `oidc_${user.username}`, state: 'Maine' },
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ profileCompleted: false, state: 'Maine', authProvider: 'oidc' });
    const complete = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { birthday: '1992-07-30' },
    });
    expect(complete.body).toMatchObject({ profileCompleted: true });
  });

  it('is for signed-in users only', async () => {
    expect((await api(t, 'PATCH', '/api/user/profile', { body: { firstName: 'X' } })).status).toBe(401);
  });
});

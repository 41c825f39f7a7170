import { startTestApp, type TestApp } from '../support/test-app.js';
import { api, newSignup, newUser } from '../support/factories.js';

describe('sign-up and login', () => {
  let t: TestApp;
  let ip = 0;
  // Each request from its own address so the per-IP limit only bites in the test about it.
  const fromNewIp = () => ({ 'x-forwarded-for': `192.0.2.${(ip = (ip + 1) % 250)}` });

  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(async () => t.close());

  it('creates an account with 1000.00 recorded as a signup_bonus ledger row, and no secrets in the answer', async () => {
    const input = newSignup();
    const response = await api(t, 'POST', '/api/auth/signup', { body: input, headers: fromNewIp() });
    expect(response.status).toBe(201);
    expect(typeof response.body.token).toBe('string');
    const user = response.body.user as Record<string, unknown>;
    expect(user).toMatchObject({
      email: input.email,
      username: input.username,
      balance: '1000.00',
      isAdmin: false,
    });
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('password');
    expect(text).not.toContain('twoFactorSecret');
    expect(text).not.toContain('emailVerification');
    const ledger = await t.dataSource.query<
      { type: string; amount: string; balanceBefore: string; balanceAfter: string }[]
    >(`SELECT type, amount, "balanceBefore", "balanceAfter" FROM transactions WHERE "userId" = $1`, [
      user.id,
    ]);
    expect(ledger).toEqual([
      { type: 'signup_bonus', amount: '1000.00', balanceBefore: '0.00', balanceAfter: '1000.00' },
    ]);
    const [stored] = await t.dataSource.query<{ password: string }[]>(
      `SELECT password FROM users WHERE id = $1`,
      [user.id],
    );
    expect(stored?.password).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '   ', 'Last name is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['username', 'bad name!', 'Username can only contain letters, numbers, and underscores'],
    ['password', 'Sh0rt!', 'Password must be at least 8 characters'],
    [
      'password',
      'alllowercase1!',
      'Password must contain uppercase, lowercase, number, and special character',
    ],
    ['confirmPassword', 'Different@123', "Passwords don't match"],
    ['birthday', '', 'Birthday is required'],
    ['state', '', 'State is required'],
    ['state', 'Ontario', 'State is required'],
  ])('refuses %s=%j with "%s" and creates nothing', async (field, value, message) => {
    const input = newSignup({ [field]: value });
    const response = await api(t, 'POST', '/api/auth/signup', { body: input, headers: fromNewIp() });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((response.body.fields as Record<string, string>)[field]).toBe(message);
    const [count] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)`,
      [input.email],
    );
    expect(count?.n).toBe(0);
  });

  it('refuses a duplicate email or username in any letter case', async () => {
    const first = await newUser(t);
    const sameEmail = await api(t, 'POST', '/api/auth/signup', {
      body: newSignup({ email: first.email.toUpperCase() }),
      headers: fromNewIp(),
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.fields).toEqual({ email: 'An account with this email already exists' });
    const sameUsername = await api(t, 'POST', '/api/auth/signup', {
      body: newSignup({ username: first.username.toUpperCase() }),
      headers: fromNewIp(),
    });
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body.fields).toEqual({ username: 'This username is already taken' });
  });

  it('ignores attempts to set isAdmin or balance at sign-up', async () => {
    const response = await api(t, 'POST', '/api/auth/signup', {
      body: { ...newSignup(), isAdmin: true, balance: '999999.00' },
      headers: fromNewIp(),
    });
    expect(response.status).toBe(400);
    const [count] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM users WHERE "isAdmin"`,
    );
    expect(count?.n).toBe(0);
  });

  it('logs in by email or username in any letter case', async () => {
    const user = await newUser(t);
    for (const emailOrUsername of [
      user.email,
      user.email.toUpperCase(),
      user.username,
      user.username.toUpperCase(),
    ]) {
      const response = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername, password: user.password },
        headers: fromNewIp(),
      });
      expect(response.status).toBe(200);
      expect((response.body.user as { id: string }).id).toBe(user.id);
      const me = await api(t, 'GET', '/api/auth/user', { token: response.body.token as string });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    }
  });

  it('answers an unknown account and a wrong password identically', async () => {
    const user = await newUser(t);
    const wrongPassword = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.username, password: 'Wrong@1234' },
      headers: fromNewIp(),
    });
    const unknown = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: 'nobody_here', password: 'Wrong@1234' },
      headers: fromNewIp(),
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.message).toBe('Invalid email or password');
  });

  it('takes similar time for an unknown account and a wrong password', async () => {
    const user = await newUser(t);
    const time = async (emailOrUsername: string) => {
      const started = performance.now();
      await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername, password: 'Wrong@1234' },
        headers: fromNewIp(),
      });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.username));
      unknown.push(await time(`ghost_${i}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
    // Both paths verify an argon2id hash; without the decoy the unknown path would be ~100x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });

  it.each([
    [{ password: 'x' }, 'Email or username is required'],
    [{ emailOrUsername: 'someone' }, 'Password is required'],
    [{ emailOrUsername: '', password: '' }, 'Email or username is required'],
  ])('validates the login body %j', async (body, message) => {
    const response = await api(t, 'POST', '/api/auth/login', { body, headers: fromNewIp() });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('answers 429 after 10 attempts a minute from one IP, with a clear message', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: `ip_probe_${i}`, password: 'Wrong@1234' },
        headers,
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(response.body.message).toBe('Too many attempts. Please wait a minute and try again.');
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers 429 after 10 attempts a minute against one account from many IPs', async () => {
    const user = await newUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await api(t, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.username, password: 'Wrong@1234' },
        headers: fromNewIp(),
      });
      statuses.push(response.status);
    }
    expect(statuses[10]).toBe(429);
  });

  it('grants admin to ADMIN_EMAILS on sign-up', async () => {
    const admin = await newUser(t, { email: 'Boss@Example.com' });
    const me = await api(t, 'GET', '/api/auth/user', { token: admin.token });
    expect(me.body.isAdmin).toBe(true);
  });

  it('revokes the token at logout and clears the cookie', async () => {
    const user = await newUser(t);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
    const logout = await api(t, 'GET', '/api/logout', { token: user.token });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect(logout.headers.get('set-cookie')).toMatch(/betwixt\.sid=;/);
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(401);
  });

  it('accepts the session cookie set at login', async () => {
    const user = await newUser(t);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.email, password: user.password },
      headers: fromNewIp(),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^betwixt\.sid=/);
    const me = await api(t, 'GET', '/api/auth/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });
});

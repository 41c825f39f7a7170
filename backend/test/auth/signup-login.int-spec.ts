import { createHmac } from 'node:crypto';
import { generate } from 'otplib';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';
import { api, newSignup, newUser } from '../support/factories.js';

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

describe('sign-up and login', () => {
  /** The app with AUTH_ATTEMPTS_PER_MINUTE raised, for everything but the limits. */
  let t: TestApp;
  /** The same database with the real limits, behind a trusted proxy on 127.0.0.1 (TRUST_PROXY). */
  let proxied: TestApp;
  /** The same database with the real limits and TRUST_PROXY unset, reached directly. */
  let direct: TestApp;
  let ip = 0;
  // As the trusted proxy: each request from its own client address unless a test is about the per-IP limit.
  const fromNewIp = () => ({ 'x-forwarded-for': `192.0.2.${(ip = (ip + 1) % 250)}` });
  const badLogin = (app: TestApp, emailOrUsername: string, headers: Record<string, string> = {}) =>
    api(app, 'POST', '/api/auth/login', { body: { emailOrUsername, password: 'Wrong@1234' }, headers });

  beforeAll(async () => {
    t = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    proxied = await startSecondInstance(t, { TRUST_PROXY: '127.0.0.1' }, { realAuthLimits: true });
    direct = await startSecondInstance(t, {}, { realAuthLimits: true });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    await t?.close();
  });

  it('creates an account with 1000.00 recorded as a signup_bonus ledger row, and no secrets in the answer', async () => {
    const input = newSignup();
    const response = await api(t, 'POST', '/api/auth/signup', { body: input });
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
    const response = await api(t, 'POST', '/api/auth/signup', { body: input });
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
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.fields).toEqual({ email: 'An account with this email already exists' });
    const sameUsername = await api(t, 'POST', '/api/auth/signup', {
      body: newSignup({ username: first.username.toUpperCase() }),
    });
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body.fields).toEqual({ username: 'This username is already taken' });
  });

  it('ignores attempts to set isAdmin or balance at sign-up', async () => {
    const response = await api(t, 'POST', '/api/auth/signup', {
      body: { ...newSignup(), isAdmin: true, balance: '999999.00' },
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
    });
    const unknown = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: 'nobody_here', password: 'Wrong@1234' },
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
    const response = await api(t, 'POST', '/api/auth/login', { body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('answers 429 after 10 attempts a minute from one client IP, with a clear message', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await badLogin(proxied, `ip_probe_${i}`, headers);
      statuses.push(response.status);
      if (response.status === 429) expect(response.body.message).toBe(TOO_MANY);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the sender: spoofed addresses are still one IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await badLogin(direct, `spoof_probe_${i}`, {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    // Sign-up from the same socket address is limited too, whatever address it claims.
    const signup = await api(direct, 'POST', '/api/auth/signup', {
      body: newSignup(),
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(signup.status).toBe(429);
  });

  it('answers 429 after 10 attempts a minute against one account from many IPs', async () => {
    const user = await newUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await badLogin(proxied, user.username, fromNewIp())).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('counts an account once whichever identifier names it: 10 wrong by username, then 429 by email', async () => {
    const user = await newUser(t);
    for (let i = 0; i < 10; i++) {
      expect((await badLogin(proxied, user.username, fromNewIp())).status).toBe(401);
    }
    for (const identifier of [user.email, user.email.toUpperCase(), ` ${user.username.toUpperCase()} `]) {
      const response = await badLogin(proxied, identifier, fromNewIp());
      expect(response.status).toBe(429);
      expect(response.body.message).toBe(TOO_MANY);
    }
    // The right password does not get through either while the account is locked for the minute.
    const right = await api(proxied, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.email, password: user.password },
      headers: fromNewIp(),
    });
    expect(right.status).toBe(429);
  });

  it('counts letter-case and spacing variants of one identifier together', async () => {
    const user = await newUser(t);
    const variants = [user.email, user.email.toUpperCase(), `  ${user.email}`, user.username.toUpperCase()];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await badLogin(proxied, variants[i % variants.length] ?? '', fromNewIp())).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('limits a made-up identifier exactly as a real one, so the limiter does not tell them apart', async () => {
    const user = await newUser(t);
    const statuses = async (identifier: string) => {
      const seen: number[] = [];
      for (let i = 0; i < 11; i++) seen.push((await badLogin(proxied, identifier, fromNewIp())).status);
      return seen;
    };
    const known = await statuses(user.username);
    const unknown = await statuses(`Nobody_${Date.now()}`);
    expect(unknown).toEqual(known);
    expect(known).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('counts 2FA code guesses against the account, across fresh challenges', async () => {
    const user = await newUser(t);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.dataSource.query(
      `UPDATE users SET "twoFactorSecret" = $2, "twoFactorEnabled" = true WHERE id = $1`,
      [user.id, secret],
    );
    const challenge = async () => {
      const login = await api(proxied, 'POST', '/api/auth/login', {
        body: { emailOrUsername: user.username, password: user.password },
        headers: fromNewIp(),
      });
      expect(login.status).toBe(200);
      return login.body.challengeToken as string;
    };
    const wrongCode = String((Number(await generate({ secret })) + 500_000) % 1_000_000).padStart(6, '0');
    const challenges = [await challenge(), await challenge()]; // 2 attempts
    for (let i = 0; i < 8; i++) {
      const guess = await api(proxied, 'POST', '/api/auth/login/2fa', {
        body: { challengeToken: challenges[i % 2], code: wrongCode },
        headers: fromNewIp(),
      });
      expect(guess.status).toBe(400);
    }
    // 10 attempts on the account: a new challenge does not buy new guesses, and the right code waits too.
    const eleventh = await api(proxied, 'POST', '/api/auth/login/2fa', {
      body: { challengeToken: challenges[1], code: await generate({ secret }) },
      headers: fromNewIp(),
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe(TOO_MANY);
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

  it('refuses bearer tokens that are forged, of another algorithm, expired or malformed, with 401', async () => {
    const user = await newUser(t);
    const [, body = ''] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const sign = (header: object, payload: object, secret: string, hash = 'sha256') => {
      const unsigned = `${part(header)}.${part(payload)}`;
      return `${unsigned}.${createHmac(hash, secret).update(unsigned).digest('base64url')}`;
    };
    const secret = t.config.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    // The control: a token we sign here with the app's secret is accepted, so the refusals below are the claims'.
    const resigned = sign({ alg: 'HS256', typ: 'JWT' }, claims, secret);
    expect((await api(t, 'GET', '/api/auth/user', { token: resigned })).status).toBe(200);
    const refused = {
      'another secret': sign({ alg: 'HS256', typ: 'JWT' }, claims, `${secret}x`),
      'HS512 with our secret': sign({ alg: 'HS512', typ: 'JWT' }, claims, secret, 'sha512'),
      'alg none': `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`,
      expired: sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 7200, exp: now - 3600 }, secret),
      'no session id': sign({ alg: 'HS256', typ: 'JWT' }, { sub: claims.sub, iat: now }, secret),
      'an unknown session': sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: 'not-a-session' }, secret),
      garbage: 'not.a.token',
    };
    for (const [name, token] of Object.entries(refused)) {
      const response = await api(t, 'GET', '/api/auth/user', { token });
      expect({ name, status: response.status }).toEqual({ name, status: 401 });
    }
  });

  it('accepts the session cookie set at login', async () => {
    const user = await newUser(t);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.email, password: user.password },
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^betwixt\.sid=/);
    const me = await api(t, 'GET', '/api/auth/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });
});

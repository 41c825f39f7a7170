import { disputedBet } from '../admin/admin-helpers.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newSignup, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const RIGHT_TO_LEFT_OVERRIDE = '\u202e';
const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** Inputs that reach text rules the hostile-input hook does not see: inside cursors, and bidi controls. */
describe('text rules hold in cursors, links and names', () => {
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob] = [await newUser(t), await newUser(t)];
    await befriend(t, alice, bob);
  });
  afterAll(async () => t.close());

  it('refuses a NUL or other control character inside a base64 cursor with a 400, as in any text input', async () => {
    const zero = '00000000-0000-4000-8000-000000000000';
    for (const text of ['a\u0000b', 'a\u001bb', `a${RIGHT_TO_LEFT_OVERRIDE}b`]) {
      const response = await api(t, 'GET', `/api/friends?before=${cursorOf([text, zero])}`, {
        token: alice.token,
      });
      expect([JSON.stringify(text), response.status, response.body.code]).toEqual([
        JSON.stringify(text),
        400,
        'invalid_cursor',
      ]);
    }
    // A plain text key still pages.
    expect(
      (await api(t, 'GET', `/api/friends?before=${cursorOf(['zz', zero])}`, { token: alice.token })).status,
    ).toBe(200);
  });

  it('refuses bidirectional controls in evidence links and names, keeps right-to-left marks in names', async () => {
    const id = await disputedBet(t, alice, bob, '5.00');
    const statement = await api(t, 'PUT', `/api/bets/${id}/statement`, {
      token: alice.token,
      body: { text: 'The photo', links: [`https://example.com/${RIGHT_TO_LEFT_OVERRIDE}gnp.exe`] },
    });
    expect([statement.status, statement.body.message]).toEqual([
      400,
      'links[0] must not contain control characters',
    ]);

    for (const control of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      const signup = await api(t, 'POST', '/api/auth/signup', {
        body: newSignup({ firstName: `Av${control}ery` }),
      });
      expect([control.codePointAt(0), signup.status]).toEqual([control.codePointAt(0), 400]);
    }
    const renamed = await api(t, 'PATCH', '/api/user/profile', {
      token: alice.token,
      body: { lastName: `St${RIGHT_TO_LEFT_OVERRIDE}one` },
    });
    expect([renamed.status, renamed.body.message]).toEqual([
      400,
      'lastName must not contain control characters',
    ]);
    // A right-to-left mark is part of writing such names; it cannot reorder what follows.
    expect(
      (await api(t, 'POST', '/api/auth/signup', { body: newSignup({ firstName: 'דנה\u200f' }) })).status,
    ).toBe(201);
  });
});

describe('doors that open without signing in', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The test is the trusted proxy, so X-Forwarded-For can stand for a second client.
    t = await startTestApp({ env: { LOOKUPS_PER_MINUTE: '5', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t.close());

  it('limits challenge and invite lookups per client address, with Retry-After; other clients unaffected', async () => {
    const code = () => Buffer.from(Array.from({ length: 16 }, (_, i) => i)).toString('base64url');
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const path = attempt % 2 === 0 ? `/api/challenges/${code()}` : `/api/invites/${code()}`;
      statuses.push((await api(t, 'GET', path, from('203.0.113.7'))).status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const refused = await api(t, 'GET', `/api/invites/${code()}`, from('203.0.113.7'));
    expect([refused.status, refused.body.code]).toEqual([429, 'lookup_rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(t, 'GET', `/api/challenges/${code()}`, from('198.51.100.9'))).status).toBe(404);
  });

  it('signs out only from our own origin: a link on another site lands on the app still signed in', async () => {
    const user = await newUser(t);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.email, password: user.password },
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^betwixt\.sid=/);
    const token = login.body.token as string;
    const signedIn = async () => (await api(t, 'GET', '/api/auth/user', { token })).status === 200;
    const logout = (headers: Record<string, string>) =>
      api(t, 'GET', '/api/logout', { headers: { cookie, ...headers } });

    const foreignNavigations: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      { referer: 'https://evil.example/page' },
    ];
    for (const foreign of foreignNavigations) {
      const answer = await logout(foreign);
      expect([answer.status, answer.headers.get('location'), answer.headers.get('set-cookie')]).toEqual([
        302,
        '/',
        null,
      ]);
      expect([JSON.stringify(foreign), await signedIn()]).toEqual([JSON.stringify(foreign), true]);
    }
    // The app's own navigation (the spec's logout) still ends the session.
    const own = await logout({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' });
    expect([own.status, own.headers.get('location')]).toEqual([302, '/']);
    expect(own.headers.get('set-cookie')).toMatch(/betwixt\.sid=;/);
    expect(await signedIn()).toBe(false);
  });
});

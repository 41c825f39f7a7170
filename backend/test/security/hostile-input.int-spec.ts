import { befriend } from '../friends/friends-helpers.js';
import { api, newSignup, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Raw request: the body exactly as given (no JSON.stringify), for bodies JSON.stringify cannot make. */
async function raw(
  t: TestApp,
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe('hostile input never reaches the database or the stack', () => {
  let t: TestApp;
  let user: SignedUpUser;
  let friend: SignedUpUser;
  const betBody = (overrides: Record<string, unknown> = {}) => ({
    opponentId: friend.id,
    amount: '5.00',
    title: 'Rain tomorrow',
    description: 'A friendly one',
    outcomes: ['Yes', 'No'],
    duration: 168,
    creatorPick: 'Yes',
    resolutionType: 'mutual',
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp();
    [user, friend] = [await newUser(t), await newUser(t)];
    await befriend(t, user, friend);
  });
  afterAll(async () => t.close());

  it.each([
    [
      'login',
      '/api/auth/login',
      () => ({ emailOrUsername: 'ava\u0000', password: 'Secret@123' }),
      'emailOrUsername',
    ],
    ['sign-up', '/api/auth/signup', () => newSignup({ firstName: 'Av\u0000ery' }), 'firstName'],
    ['sign-up (other C0)', '/api/auth/signup', () => newSignup({ lastName: 'St\u001bone' }), 'lastName'],
  ])(
    'refuses NUL and other C0 characters on %s with a 400 naming the field',
    async (_name, path, body, field) => {
      const before = await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users`);
      const response = await api(t, 'POST', path, { body: body() });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(`${field} must not contain control characters`);
      expect(response.body.fields).toEqual({ [field]: `${field} must not contain control characters` });
      const after = await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users`);
      expect(after).toEqual(before);
    },
  );

  it('refuses NUL in bet fields and in the profile, signed in', async () => {
    for (const [field, value] of [
      ['title', 'Rain\u0000'],
      ['description', 'A\u0000b'],
      ['outcomes', ['Yes\u0000', 'No']],
    ] as const) {
      const response = await api(t, 'POST', '/api/bets', {
        token: user.token,
        body: betBody({ [field]: value }),
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fields as object)[0]).toMatch(new RegExp(`^${field}`));
    }
    const profile = await api(t, 'PATCH', '/api/user/profile', {
      token: user.token,
      body: { firstName: 'Ava\u0000' },
    });
    expect(profile.status).toBe(400);
    expect(profile.body.fields).toEqual({ firstName: 'firstName must not contain control characters' });
  });

  it('allows tabs and line breaks only in multi-line text (a bet description), not in a title', async () => {
    const title = await api(t, 'POST', '/api/bets', {
      token: user.token,
      body: betBody({ title: 'Rain\ntomorrow' }),
    });
    expect(title.status).toBe(400);
    expect(title.body.fields).toEqual({ title: 'title must not contain control characters' });
    const description = await api(t, 'POST', '/api/bets', {
      token: user.token,
      body: betBody({ description: 'Line one\r\nLine\ttwo' }),
    });
    expect(description.status).toBe(201);
    expect(description.body.description).toBe('Line one\r\nLine\ttwo');
  });

  it('refuses control characters in the query string and in path parameters', async () => {
    const query = await api(t, 'GET', '/api/users/search?q=ava%00', { token: user.token });
    expect(query.status).toBe(400);
    expect(query.body.fields).toEqual({ q: 'q must not contain control characters' });
    const path = await api(t, 'GET', '/api/users/abc%00def', { token: user.token });
    expect(path.status).toBe(400);
    expect(path.body.fields).toEqual({ id: 'id must not contain control characters' });
  });

  it.each([
    ['sign-up', '/api/auth/signup', 'POST', false],
    ['a friend request', '/api/friends/request', 'POST', true],
    ['privacy settings', '/api/settings/privacy', 'PATCH', true],
  ])(
    'answers 400 to 5,000 nested brackets on %s, without a stack overflow',
    async (_name, path, method, signedIn) => {
      const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${user.token}` } : {};
      for (const body of ['['.repeat(5000), `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`]) {
        const response = await raw(t, method, path, body, headers);
        expect(response.status).toBe(400);
        expect(response.text).not.toMatch(/stack|Maximum call/i);
      }
    },
  );

  it('caps nesting at 32 levels and arrays at 1000 items, before any DTO code runs', async () => {
    const nest = (depth: number): unknown => (depth === 0 ? 'x' : { a: nest(depth - 1) });
    const deep = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: nest(33), password: 'x' },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe('The request body is nested more than 32 levels deep');
    const long = await api(t, 'POST', '/api/bets', {
      token: user.token,
      body: betBody({ outcomes: Array.from({ length: 1001 }, (_, i) => `o${i}`) }),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('outcomes must have at most 1000 items');
  });

  it('keeps the 256 kB body limit with a clear 413', async () => {
    const response = await raw(
      t,
      'POST',
      '/api/auth/login',
      JSON.stringify({ emailOrUsername: 'x'.repeat(300_000) }),
    );
    expect(response.status).toBe(413);
    expect(response.text).not.toMatch(/stack|node_modules/);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { freePort } from '../support/free-port.js';
import { join } from 'node:path';
import { api, newUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A minimal cookie jar per host, because the flow crosses two servers by redirects. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    const cookie = [...jar.entries()].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  }

  cookie(host: string, name: string): string | undefined {
    return this.jars.get(host)?.get(name);
  }
}

const location = (response: Response, base: string) =>
  new URL(response.headers.get('location') ?? '', base).href;

describe('OpenID Connect sign-in against a real provider', () => {
  let t: TestApp;
  let provider: ChildProcess;
  let issuer: string;

  beforeAll(async () => {
    const [appPort, providerPort] = [await freePort(), await freePort()];
    issuer = `http://127.0.0.1:${providerPort}`;
    const appUrl = `http://127.0.0.1:${appPort}`;
    provider = spawn(
      'node',
      [
        join(__dirname, '../support/oidc-provider-server.mjs'),
        String(providerPort),
        `${appUrl}/api/auth/oidc/callback`,
        'taken@example.com',
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      provider.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      provider.once('exit', (code) => reject(new Error(`provider exited ${code}`)));
    });
    t = await startTestApp({
      port: appPort,
      env: {
        PUBLIC_URL: appUrl,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'betwixt-test',
        OIDC_CLIENT_SECRET: 'betwixt-test-secret-betwixt-test-secret',
        ADMIN_EMAILS: 'boss.oidc@example.com,sneaky.oidc@example.com',
      },
    });
  });
  afterAll(async () => {
    provider.kill();
    await t.close();
  });

  /** Drives the provider's own login and consent pages up to the redirect back to the app. */
  async function authorize(browser: Browser, login: string): Promise<string> {
    let response = await browser.get(`${t.url}/api/login`);
    expect(response.status).toBe(302);
    let url = location(response, t.url);
    expect(url.startsWith(issuer)).toBe(true);
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    for (let hops = 0; hops < 12; hops++) {
      if (url.startsWith(`${t.url}/api/auth/oidc/callback`)) return url;
      response = await browser.get(url);
      if (response.status >= 300 && response.status < 400) {
        url = location(response, url);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 200)}`);
      const body = html.includes('name="login"')
        ? new URLSearchParams({ prompt: 'login', login, password: 'anything' })
        : new URLSearchParams({ prompt: 'consent' });
      response = await browser.get(new URL(action, url).href, {
        method: 'POST',
        body: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      url = location(response, url);
    }
    throw new Error('authorization did not come back');
  }

  it('creates the account on first sign-in, sets the session, and finds it again next time', async () => {
    const browser = new Browser();
    const callback = await authorize(browser, 'alice');
    const done = await browser.get(callback);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    const host = new URL(t.url).host;
    const sid = browser.cookie(host, 'betwixt.sid');
    expect(sid).toBeDefined();
    const me = await api(t, 'GET', '/api/auth/user', { headers: { cookie: `betwixt.sid=${sid}` } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'alice.oidc@example.com',
      firstName: 'Alice',
      lastName: 'Oidc',
      authProvider: 'oidc',
      profileCompleted: false,
      isAdmin: false,
      balance: '1000.00',
    });
    const ledger = await t.dataSource.query<{ type: string; amount: string }[]>(
      `SELECT t.type, t.amount::text AS amount FROM transactions t JOIN users u ON u.id = t."userId"
        WHERE u."oidcSubject" = 'alice'`,
    );
    expect(ledger).toEqual([{ type: 'signup_bonus', amount: '1000.00' }]);

    const again = new Browser();
    const second = await again.get(await authorize(again, 'alice'));
    expect(second.headers.get('location')).toBe('/');
    const meAgain = await api(t, 'GET', '/api/auth/user', {
      headers: { cookie: `betwixt.sid=${again.cookie(host, 'betwixt.sid') ?? ''}` },
    });
    expect((meAgain.body as { id: string }).id).toBe((me.body as { id: string }).id);
    const [count] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM users WHERE "oidcSubject" = 'alice'`,
    );
    expect(count?.n).toBe(1);
    await expectMoneyInvariants(t.dataSource);
  });

  it('refuses a callback whose state does not match', async () => {
    const browser = new Browser();
    const callback = new URL(await authorize(browser, 'alice'));
    callback.searchParams.set('state', 'forged-state');
    const response = await browser.get(callback.href);
    expect(response.headers.get('location')).toBe('/?login_error=oidc_failed');
    expect(browser.cookie(new URL(t.url).host, 'betwixt.sid')).toBeUndefined();
  });

  it('refuses a replayed authorization code', async () => {
    const browser = new Browser();
    const callback = await authorize(browser, 'alice');
    const pending = browser.cookie(new URL(t.url).host, 'betwixt.oidc');
    expect((await browser.get(callback)).headers.get('location')).toBe('/');
    const replay = await fetch(callback, {
      redirect: 'manual',
      headers: { cookie: `betwixt.oidc=${pending ?? ''}` },
    });
    expect(replay.headers.get('location')).toBe('/?login_error=oidc_failed');
    expect(
      replay.headers
        .getSetCookie()
        .some((line) => line.startsWith('betwixt.sid=') && !line.startsWith('betwixt.sid=;')),
    ).toBe(false);
  });

  it('never signs into a password account that merely shares the email', async () => {
    const owner = await newUser(t, { email: 'taken@example.com' });
    const browser = new Browser();
    const response = await browser.get(await authorize(browser, 'mallory'));
    expect(response.headers.get('location')).toBe('/?login_error=email_in_use');
    const [linked] = await t.dataSource.query<{ oidcSubject: string | null }[]>(
      `SELECT "oidcSubject" FROM users WHERE id = $1`,
      [owner.id],
    );
    expect(linked?.oidcSubject).toBeNull();
  });

  it('refuses a banned user and sets no session', async () => {
    const first = new Browser();
    expect((await first.get(await authorize(first, 'bob'))).headers.get('location')).toBe('/');
    await t.dataSource.query(`UPDATE users SET "bannedAt" = now() WHERE "oidcSubject" = 'bob'`);
    const browser = new Browser();
    const response = await browser.get(await authorize(browser, 'bob'));
    expect(response.headers.get('location')).toBe('/?login_error=account_unavailable');
    expect(browser.cookie(new URL(t.url).host, 'betwixt.sid')).toBeUndefined();
  });

  it('grants ADMIN_EMAILS only to an email the provider verified', async () => {
    const host = new URL(t.url).host;
    const isAdmin = async (login: string) => {
      const browser = new Browser();
      expect((await browser.get(await authorize(browser, login))).headers.get('location')).toBe('/');
      const me = await api(t, 'GET', '/api/auth/user', {
        headers: { cookie: `betwixt.sid=${browser.cookie(host, 'betwixt.sid') ?? ''}` },
      });
      return (me.body as { isAdmin: boolean }).isAdmin;
    };
    expect(await isAdmin('boss')).toBe(true);
    expect(await isAdmin('sneaky')).toBe(false);
    expect(await isAdmin('sneaky')).toBe(false);
  });
});

/**
 * A deliberately misbehaving provider, in process: valid discovery, keys and signatures, but the ID
 * token it returns can name another audience, another issuer or another nonce. The app must refuse
 * all three; the 'ok' mode shows the same fake is otherwise accepted (so the refusals are about those
 * claims), and that a provider without a userinfo endpoint or email claim still works.
 */
describe('OpenID Connect refuses ID tokens not meant for this app', () => {
  type Mode = 'ok' | 'audience' | 'issuer' | 'nonce';
  let t: TestApp;
  let fake: Server;
  let mode: Mode = 'ok';
  const clientId = 'betwixt-fake';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const nonces = new Map<string, string>();

  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  function sign(payload: object): string {
    const input = `${b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' })}.${b64(payload)}`;
    return `${input}.${createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url')}`;
  }

  beforeAll(async () => {
    const [appPort, fakePort] = [await freePort(), await freePort()];
    const issuer = `http://127.0.0.1:${fakePort}`;
    fake = createHttpServer((request, response) => {
      const url = new URL(request.url ?? '/', issuer);
      const json = (body: object) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (url.pathname === '/jwks') return json({ keys: [jwk] });
      if (url.pathname === '/authorize') {
        const code = randomBytes(16).toString('hex');
        nonces.set(code, url.searchParams.get('nonce') ?? '');
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (url.pathname === '/token') {
        let raw = '';
        request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        request.on('end', () => {
          const code = new URLSearchParams(raw).get('code') ?? '';
          const nonce = nonces.get(code);
          nonces.delete(code);
          if (nonce === undefined) {
            response.writeHead(400, { 'content-type': 'application/json' });
            return response.end(JSON.stringify({ error: 'invalid_grant' }));
          }
          const now = Math.floor(Date.now() / 1000);
          json({
            access_token: randomBytes(16).toString('hex'),
            token_type: 'Bearer',
            expires_in: 300,
            id_token: sign({
              iss: mode === 'issuer' ? 'http://127.0.0.1:1/evil' : issuer,
              aud: mode === 'audience' ? 'some-other-client' : clientId,
              sub: `fake-${mode}`,
              nonce: mode === 'nonce' ? 'not-the-nonce' : nonce,
              iat: now,
              exp: now + 300,
            }),
          });
        });
        return;
      }
      response.writeHead(404);
      response.end();
    });
    await new Promise<void>((resolve) => fake.listen(fakePort, '127.0.0.1', resolve));
    t = await startTestApp({
      port: appPort,
      env: {
        PUBLIC_URL: `http://127.0.0.1:${appPort}`,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: clientId,
        OIDC_CLIENT_SECRET: 'betwixt-fake-secret-betwixt-fake-secret',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  async function signIn(as: Mode): Promise<{ location: string | null; sid: string | undefined }> {
    mode = as;
    const browser = new Browser();
    const start = await browser.get(`${t.url}/api/login`);
    const atProvider = await browser.get(location(start, t.url));
    const done = await browser.get(location(atProvider, t.url));
    return {
      location: done.headers.get('location'),
      sid: browser.cookie(new URL(t.url).host, 'betwixt.sid'),
    };
  }

  it.each(['audience', 'issuer', 'nonce'] as const)('refuses an ID token with the wrong %s', async (as) => {
    const outcome = await signIn(as);
    expect(outcome).toEqual({ location: '/?login_error=oidc_failed', sid: undefined });
    const [count] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM users WHERE "oidcSubject" = $1`,
      [`fake-${as}`],
    );
    expect(count?.n).toBe(0);
  });

  it('accepts the same provider when the token is right (no userinfo, no email claim)', async () => {
    const outcome = await signIn('ok');
    expect(outcome.location).toBe('/');
    const me = await api(t, 'GET', '/api/auth/user', {
      headers: { cookie: `betwixt.sid=${outcome.sid ?? ''}` },
    });
    expect(me.body).toMatchObject({ authProvider: 'oidc', profileCompleted: false, balance: '1000.00' });
    expect((me.body as { email: string }).email).toMatch(/^oidc-[0-9a-f]{32}@oidc\.invalid$/);
  });
});

describe('OpenID Connect when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('sends the browser back with an explanation instead of failing', async () => {
    const response = await fetch(`${t.url}/api/login`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?login_error=oidc_not_configured');
  });
});

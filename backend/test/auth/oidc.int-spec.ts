import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { api, newUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

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
    expect(me.body).toMatchObject({
      email: 'alice.oidc@example.com',
      authProvider: 'oidc',
      profileCompleted: false,
      balance: '1000.00',
    });
    const again = new Browser();
    await again.get(await authorize(again, 'alice'));
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

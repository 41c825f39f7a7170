import { CROSS_SITE_REFUSED } from '../../src/modules/auth/cross-site.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app.js';

describe('session cookie, cross-site requests and security headers', () => {
  /** Reached directly over http, TRUST_PROXY unset. */
  let t: TestApp;
  /** Behind a TLS-terminating proxy on 127.0.0.1 that TRUST_PROXY trusts. */
  let proxied: TestApp;
  /** PUBLIC_URL is https (the proxy in front is not trusted, or sends no X-Forwarded-Proto). */
  let httpsPublic: TestApp;
  let user: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    proxied = await startSecondInstance(t, { TRUST_PROXY: '127.0.0.1' });
    httpsPublic = await startSecondInstance(t, { PUBLIC_URL: 'https://bets.example.com' });
    user = await newUser(t);
  });
  afterAll(async () => {
    await httpsPublic?.close();
    await proxied?.close();
    await t?.close();
  });

  const login = (app: TestApp, headers: Record<string, string> = {}) =>
    api(app, 'POST', '/api/auth/login', {
      body: { emailOrUsername: user.username, password: user.password },
      headers,
    });
  const sessionCookie = async (app: TestApp) =>
    ((await login(app)).headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  it('sets Secure on the session cookie when the request came over https through a trusted proxy', async () => {
    const viaHttps = await login(proxied, { 'x-forwarded-proto': 'https' });
    expect(viaHttps.headers.get('set-cookie')).toMatch(/^betwixt\.sid=.*; Secure/);
    const viaHttp = await login(proxied, { 'x-forwarded-proto': 'http' });
    expect(viaHttp.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto from an untrusted sender, and sets Secure when PUBLIC_URL is https', async () => {
    const spoofed = await login(t, { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers.get('set-cookie')).toMatch(/^betwixt\.sid=/);
    expect(spoofed.headers.get('set-cookie')).not.toMatch(/Secure/);
    const publicHttps = await login(httpsPublic);
    expect(publicHttps.headers.get('set-cookie')).toMatch(/^betwixt\.sid=.*; Secure/);
  });

  it('sends HSTS only over https, and forbids framing with X-Frame-Options DENY and CSP', async () => {
    const plain = await api(t, 'GET', '/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const spoofed = await api(t, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    const secure = await api(proxied, 'GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(secure.headers.get('x-frame-options')).toBe('DENY');
  });

  it('refuses a cookie-authenticated change from a foreign Origin or a cross-site fetch with a 403, changing nothing', async () => {
    const cookie = await sessionCookie(t);
    const change = (headers: Record<string, string>) =>
      api(t, 'PATCH', '/api/settings/privacy', {
        body: { balanceVisibility: 'public' },
        headers: { cookie, ...headers },
      });
    const visibility = async () =>
      (
        await t.dataSource.query<{ v: string }[]>(
          `SELECT "privacySettings"->>'balanceVisibility' AS v FROM users WHERE id = $1`,
          [user.id],
        )
      )[0]?.v;
    const before = await visibility();
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://evil.example:${new URL(t.url).port}` },
      { 'sec-fetch-site': 'cross-site' },
      { origin: t.url, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const response = await change(headers);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: CROSS_SITE_REFUSED,
        code: 'cross_site_request',
      });
    }
    expect(await visibility()).toBe(before);
    // Safe methods are not refused: reads change nothing (and SameSite=Lax already covers navigations).
    expect(
      (await api(t, 'GET', '/api/auth/user', { headers: { cookie, origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });

  it('accepts the same change from our own page (same Origin, same-origin fetch) or with no Origin at all', async () => {
    const cookie = await sessionCookie(t);
    const ours: Record<string, string>[] = [
      { origin: t.url, 'sec-fetch-site': 'same-origin' },
      { origin: new URL(t.url).origin },
      {},
    ];
    for (const headers of ours) {
      const response = await api(t, 'PATCH', '/api/settings/privacy', {
        body: { balanceVisibility: 'friends' },
        headers: { cookie, ...headers },
      });
      expect(response.status).toBe(200);
    }
    // PUBLIC_URL's origin is ours too (the Host may be rewritten by a proxy in front).
    const publicCookie = await sessionCookie(httpsPublic);
    const viaPublic = await api(httpsPublic, 'PATCH', '/api/settings/privacy', {
      body: { balanceVisibility: 'friends' },
      headers: { cookie: publicCookie, origin: 'https://bets.example.com' },
    });
    expect(viaPublic.status).toBe(200);
  });

  it('leaves bearer-token requests alone whatever their Origin', async () => {
    const response = await api(t, 'PATCH', '/api/settings/privacy', {
      token: user.token,
      body: { balanceVisibility: 'friends' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

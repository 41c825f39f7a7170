import { api, newSignup, newUser } from '../support/factories.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Answers a client should retry say when, in the standard header. */
describe('Retry-After on every 429 and 503', () => {
  describe('while the database cannot be reached', () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let t: TestApp;

    beforeAll(async () => {
      database = await createTestDatabase();
      const direct = new URL(database.url);
      proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
      const proxied = new URL(database.url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      t = await startTestApp({ sharedDatabaseUrl: proxied.toString() });
    });
    afterAll(async () => {
      await proxy.restore().catch(() => undefined);
      await t.close();
      await proxy.close();
      await database.drop();
    });

    it('answers 503 database_unavailable with Retry-After, never a 500, and serves again once it is back', async () => {
      const user = await newUser(t);
      expect((await api(t, 'GET', '/api/wallet', { token: user.token })).status).toBe(200);

      await proxy.cut();
      const answers = await Promise.all(
        [
          () => api(t, 'GET', '/api/wallet', { token: user.token }),
          () => api(t, 'GET', '/api/bets', { token: user.token }),
          () => api(t, 'GET', '/api/auth/user', { token: user.token }),
          () =>
            api(t, 'POST', '/api/auth/login', {
              body: { emailOrUsername: user.email, password: user.password },
            }),
          () => api(t, 'POST', '/api/auth/signup', { body: newSignup() }),
          () => api(t, 'GET', '/api/health'),
        ].flatMap((call) => [call(), call(), call()]),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 503));
      expect(answers.map((answer) => answer.headers.get('retry-after'))).toEqual(answers.map(() => '5'));
      expect(answers.slice(0, -3).map((answer) => answer.body.code)).toEqual(
        answers.slice(0, -3).map(() => 'database_unavailable'),
      );

      await proxy.restore();
      let wallet = await api(t, 'GET', '/api/wallet', { token: user.token });
      // The pool drops the cut connections as it finds them; a handful of tries at most.
      for (let attempt = 0; wallet.status !== 200 && attempt < 20; attempt += 1) {
        expect(wallet.status).toBe(503);
        wallet = await api(t, 'GET', '/api/wallet', { token: user.token });
      }
      expect(wallet.status).toBe(200);
    });
  });

  describe('rate limits', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ realAuthLimits: true });
    });
    afterAll(async () => t.close());

    it('a refused sign-in carries the standard Retry-After, not only the limiter’s own header', async () => {
      const body = { emailOrUsername: 'nobody@example.com', password: 'Wrong@1234' };
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof api>> | undefined;
      for (let attempt = 0; attempt < 11; attempt += 1) {
        last = await api(t, 'POST', '/api/auth/login', { body });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
      const seconds = Number(last?.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
    });
  });
});

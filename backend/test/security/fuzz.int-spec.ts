import fc from 'fast-check';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  cursorAndPathRequestsFor,
  KNOWN_HOSTILE_CURSORS,
  knownCursorRequestsFor,
  LEAKS,
  openApiRoutes,
  requestsFor,
  type FuzzRequest,
} from './fuzz-requests.js';

/**
 * Property test over every route of backend/openapi.json: generated malformed requests (wrong types, huge
 * and unicode strings, NUL, deep nesting, arrays for objects, bad ids, wrong content types, 2 MB bodies),
 * signed in as a user, as an admin and not at all, never get a 5xx and never see a stack trace, SQL or a
 * server path. `npm test` runs a bounded slice; `npm run fuzz` the full run (FUZZ_RUNS per route).
 * A failure prints the seed: re-run with FUZZ_SEED=<seed> to get the same requests.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Routes whose calls would end the fuzzer's own session or stream forever. */
const SKIPPED = new Set(['GET /api/logout', 'GET /api/events']);

describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestApp;
  // With email on, so the reset and confirmation routes are fuzzed past their "email is not set up" 503.
  let inbox: SmtpInbox;
  let user: SignedUpUser;
  let admin: SignedUpUser;
  const routes = openApiRoutes().filter((route) => !SKIPPED.has(`${route.method} ${route.path}`));

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp({ env: { SMTP_URL: inbox.url } });
    [user, admin] = [await newUser(t), await newUser(t)];
    await t.dataSource.query(`UPDATE users SET "isAdmin" = true WHERE id = $1`, [admin.id]);
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  async function send(request: FuzzRequest): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = {};
    if (request.contentType) headers['content-type'] = request.contentType;
    if (request.auth !== 'none')
      headers.authorization = `Bearer ${(request.auth === 'user' ? user : admin).token}`;
    try {
      const response = await fetch(`${t.url}${request.url}`, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      // The server may answer 413 and close before a 2 MB body is fully sent; that is a refusal, not a crash.
      if (request.bodyKind === '2 MB body') return { status: 413, text: '' };
      throw error;
    }
  }

  it(
    `answers ${RUNS_PER_ROUTE} malformed requests to each route without a 5xx or a leak (seed ${SEED})`,
    async () => {
      let sent = 0;
      for (const [index, route] of routes.entries()) {
        await fc.assert(
          fc.asyncProperty(requestsFor(route), async (request) => {
            const { status, text } = await send(request);
            sent += 1;
            const where = `${request.method} ${request.url.slice(0, 200)} (${request.auth}, ${request.bodyKind})`;
            if (status >= 500) throw new Error(`${where} answered ${status}: ${text.slice(0, 500)}`);
            const leak = LEAKS.find((pattern) => pattern.test(text));
            if (leak) throw new Error(`${where} leaked ${leak}: ${text.slice(0, 500)}`);
          }),
          // fast-check prints this route's seed with the counterexample; FUZZ_SEED=<base> replays the run.
          { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
      expect(sent).toBe(routes.length * RUNS_PER_ROUTE);
      // The fuzzer's own sessions survived: later requests were really signed in.
      expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).status).toBe(200);
      expect((await api(t, 'GET', '/api/auth/user', { token: admin.token })).status).toBe(200);
    },
    // A hang guard sized for a machine whose cores other test files share (the file takes about 40 s alone).
    Math.max(180_000, RUNS_PER_ROUTE * 1_500),
  ); // full runs (npm run fuzz) get time in proportion

  it(
    `answers ${RUNS_PER_ROUTE} hostile cursors and path parameters to each route that takes them, signed in (seed ${SEED})`,
    async () => {
      const check = async (request: FuzzRequest) => {
        const { status, text } = await send(request);
        const where = `${request.method} ${request.url.slice(0, 200)} (${request.auth})`;
        if (status >= 500) throw new Error(`${where} answered ${status}: ${text.slice(0, 500)}`);
        const leak = LEAKS.find((pattern) => pattern.test(text));
        if (leak) throw new Error(`${where} leaked ${leak}: ${text.slice(0, 500)}`);
      };
      const targets = routes.filter(
        (route) => route.pathParams.length > 0 || route.queryParams.includes('before'),
      );
      let sent = 0;
      for (const [index, route] of targets.entries()) {
        await fc.assert(
          fc.asyncProperty(cursorAndPathRequestsFor(route), async (request) => {
            await check(request);
            sent += 1;
          }),
          { seed: SEED + 1000 + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
        if (!route.queryParams.includes('before')) continue;
        // Eight random runs may miss a known hostile cursor: each is sent once, whatever the seed.
        const known = fc.sample(knownCursorRequestsFor(route), { seed: SEED + index, numRuns: 200 });
        for (const cursor of KNOWN_HOSTILE_CURSORS) {
          const request = known.find((item) =>
            item.url.includes(new URLSearchParams({ before: cursor }).toString()),
          );
          if (!request) throw new Error(`no request with cursor ${cursor}`);
          await check(request);
        }
      }
      expect(targets.length).toBeGreaterThan(20);
      expect(sent).toBe(targets.length * RUNS_PER_ROUTE);
    },
    // A hang guard sized for a machine whose cores other test files share (the file takes about 40 s alone).
    Math.max(180_000, RUNS_PER_ROUTE * 1_500),
  );
});

import { Writable } from 'node:stream';
import { Controller, Get, Logger, Module, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public, Roles } from '../../src/common/auth/access-policy.js';
import { BetDeadlinesJob } from '../../src/modules/bets/jobs/bet-deadlines.job.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

@Controller('probe')
class LoggingProbeController {
  private readonly logger = new Logger('Probe');

  @Roles('user')
  @Get('log')
  log(@Req() request: FastifyRequest): string {
    request.log.info({ answer: 42 }, 'Probe says hi');
    this.logger.log({ answer: 43 }, 'Probe says hi through Nest');
    return 'logged';
  }

  @Public()
  @Get('boom')
  boom(): never {
    throw new Error('secret internal detail');
  }
}

@Module({ controllers: [LoggingProbeController] })
class LoggingProbeModule {}

type LogLine = Record<string, unknown>;

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('logs and metrics', () => {
  let t: TestApp;
  let user: SignedUpUser;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(text) as LogLine);
        done();
      },
    });
    t = await startTestApp({
      env: { LOG_LEVEL: 'info', METRICS_TOKEN },
      extraImports: [LoggingProbeModule],
      logDestination: destination,
    });
    user = await newUser(t);
  });
  afterAll(async () => t.close());

  const linesOf = (requestId: string | null) => lines.filter((line) => line.reqId === requestId);

  it("puts the request id and the signed-in user id on every line of the request's own logger", async () => {
    const response = await api(t, 'GET', '/api/probe/log', { token: user.token });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    const mine = linesOf(requestId);
    // Fastify's "incoming request" (before anyone knows the user), the route's line, "request completed".
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'Probe says hi', 'request completed']);
    expect(mine[0]?.userId).toBeUndefined();
    expect(mine.slice(1).every((line) => line.userId === user.id)).toBe(true);
    expect(mine[1]).toMatchObject({ answer: 42, level: 30 });
    for (const line of mine) expect(Object.keys(line).filter((key) => key === 'reqId')).toHaveLength(1);
  });

  it("files a Nest Logger's (object, message) pair: the object's fields, msg, and the logger's name", async () => {
    const before = lines.length;
    expect((await api(t, 'GET', '/api/probe/log', { token: user.token })).status).toBe(200);
    // Service lines are not tied to a request: no AsyncLocalStorage on the request path (request-log.ts).
    const nest = lines.slice(before).find((line) => line.msg === 'Probe says hi through Nest');
    expect(nest).toMatchObject({ answer: 43, context: 'Probe', level: 30 });
  });

  it('logs an unexpected error once with its message, context and stack, tied to the request', async () => {
    const response = await api(t, 'GET', '/api/probe/boom');
    expect(response.status).toBe(500);
    const error = linesOf(response.headers.get('x-request-id')).find((line) => line.level === 50);
    expect(error).toMatchObject({ msg: 'Unhandled error', context: 'Exceptions' });
    const err = error?.err as { message: string; stack: string };
    expect(err.message).toBe('secret internal detail');
    expect(err.stack).toMatch(/^Error: secret internal detail\n\s+at /);
  });

  it('logs no stack for hostile input: it is refused before any code that could throw', async () => {
    const before = lines.length;
    const response = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: 'a\u0000', password: 'x'.repeat(10) },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(lines.slice(before))).not.toMatch(/stack|"err"/);
  });

  it('serves Prometheus metrics at /metrics only with the METRICS_TOKEN', async () => {
    expect((await api(t, 'GET', '/metrics')).status).toBe(401);
    expect((await api(t, 'GET', '/metrics', { token: 'wrong-token-wrong-token-wrong' })).status).toBe(401);
    const off = await startTestApp();
    try {
      const disabled = await api(off, 'GET', '/metrics', { token: METRICS_TOKEN });
      expect(disabled.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('measures HTTP answers by route template, the pool, open streams, ledger postings and job runs', async () => {
    const other = await newUser(t); // a sign-up: one signup_bonus ledger posting
    expect((await api(t, 'GET', `/api/users/${other.id}`, { token: user.token })).status).toBe(200);
    // The app's own cron runs this job every minute too, so the test counts the runs its call adds.
    const deadlineRunsBefore = deadlineJobRuns(await scrape(t));
    await t.app.get(BetDeadlinesJob).run();
    const stream = new AbortController();
    const events = await fetch(`${t.url}/api/events`, {
      headers: { authorization: `Bearer ${user.token}` },
      signal: stream.signal,
    });
    const reader = events.body?.getReader();
    await reader?.read(); // the "ready" event: the stream is registered
    try {
      const response = await fetch(`${t.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toMatch(
        /betwixt_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/users\/:id",status_code="200"\} \d+/,
      );
      expect(text).toMatch(
        /betwixt_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/signup",status_code="201"\} [1-9]/,
      );
      expect(text).toMatch(/betwixt_db_pool_connections [1-9]/);
      expect(text).toMatch(/betwixt_db_pool_idle \d+/);
      // A gauge of this instant: the outbox worker may be waiting for a connection right now.
      expect(text).toMatch(/betwixt_db_pool_waiting \d+/);
      expect(text).toMatch(/betwixt_sse_streams_open 1/);
      expect(text).toMatch(/betwixt_ledger_postings_total\{type="signup_bonus"\} [2-9]/);
      expect(deadlineJobRuns(text)).toBeGreaterThanOrEqual(deadlineRunsBefore + 1);
      expect(text).toMatch(/betwixt_process_cpu_seconds_total/);
    } finally {
      stream.abort();
    }
  });
});

async function scrape(app: TestApp): Promise<string> {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The deadlines job's successful runs so far, as /metrics reports them (0 before its first run). */
function deadlineJobRuns(metrics: string): number {
  const match = /^betwixt_job_runs_total\{job="bet-deadlines",outcome="ok"\} (\d+)$/m.exec(metrics);
  return match ? Number(match[1]) : 0;
}

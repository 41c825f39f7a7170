import { timingSafeEqual } from 'node:crypto';
import { Global, Injectable, Module } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../../config/app-config.js';
import { errorBody } from '../http/error-body.js';

/**
 * This app instance's Prometheus metrics (one registry per instance, so several apps in one process, as in
 * the tests, never collide). Other modules inject it and add their own metrics through the small API below;
 * every metric is listed in docs/operations.md.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'betwixt_http_request_duration_seconds',
    help: 'HTTP answers by route template, method and status: time from request to reply sent',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly ledgerPostings = new Counter({
    name: 'betwixt_ledger_postings_total',
    help: 'Ledger rows written by type (counted when written; a rolled-back transaction is counted too)',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'betwixt_job_runs_total',
    help: 'Scheduled job runs by job name and outcome (ok or failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'betwixt_' });
  }

  /** A gauge read when Prometheus scrapes (e.g. a queue depth): `read` must be cheap and may be async. */
  gauge(name: string, help: string, read: () => number | Promise<number>): Gauge {
    return new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** A counter of things that happen (e.g. deliveries), with optional labels. */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** Runs one scheduled job and counts the run as ok or failed; the job's error is passed on. */
  async recordJob<T>(job: string, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.jobRuns.inc({ job, outcome: 'ok' });
      return result;
    } catch (error) {
      this.jobRuns.inc({ job, outcome: 'failed' });
      throw error;
    }
  }
}

@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times every answer (one histogram observation in onResponse: Fastify has already measured the time) and
 * serves GET /metrics to a caller presenting METRICS_TOKEN as a bearer token; without METRICS_TOKEN the
 * route does not exist (404).
 */
export function serveMetrics(fastify: FastifyInstance, metrics: Metrics, config: AppConfig): void {
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const token = config.METRICS_TOKEN;
  fastify.get('/metrics', async (request, reply) => {
    if (!token) return reply.status(404).send(errorBody(404, 'Cannot GET /metrics'));
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice('Bearer '.length).trim(), token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody(401, 'Metrics need the METRICS_TOKEN as a bearer token'));
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

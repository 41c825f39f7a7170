import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL } from './e2e/browser';

/**
 * A loopback port nothing listens on now. The config is read synchronously, in the runner and again in each
 * worker, so a child process asks the kernel; the runner's choice reaches the workers through the environment.
 */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script]).toString();
}

// Free ports per run, so two checkouts can run their journeys at once and a server left over from an earlier
// run can't hold ours.
const PORT = Number((process.env.E2E_PORT ??= freePort()));
const PG_PORT = (process.env.E2E_PG_PORT ??= freePort());
const chromium = HEADLESS_SHELL;

// A fresh data directory per run: the app boots its own embedded PostgreSQL there unless DATABASE_URL is set.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'betwixt-e2e-'));
if (!process.env.E2E_DATA_DIR) {
  // The runner made it, so the runner removes it, after the web server has stopped (its database is in it).
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
process.env.E2E_DATA_DIR = dataDir;
// With DATABASE_URL the run gets its own database on that server (the admin CLI in the tests reuses it).
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL?.replace(/\/[^/]*$/, `/betwixt_e2e_${Date.now()}`);
if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl;

export default defineConfig({
  testDir: './e2e',
  // Journeys with two or three browsers on a 2-core machine: allow for a busy CI box.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Every journey signs up people of its own, so journeys (and the phone and desktop projects) run side by
  // side against the one server; a flake is fixed at its cause, never retried.
  fullyParallel: true,
  // A journey waits on the app's own timers (a hold to confirm, a season's end) part of the time: six workers
  // keep two cores busy where three left them idle a fifth of the run.
  workers: Number(process.env.E2E_WORKERS ?? 6),
  retries: 0,
  reporter: 'list',
  // A failed journey keeps its trace (every action with its timing, network, console) in test-results/, and
  // Playwright writes the page's accessibility snapshot at the failure beside it. DOM snapshots of every step
  // cost an eighth of the journeys' CPU here (and the screencast a quarter), so they are recorded only when
  // asked for: E2E_TRACE_SNAPSHOTS=1.
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1',
      sources: false,
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium } },
    // The desktop journeys run as someone whose device asks for less motion, so both settings are walked: the
    // phone with every transition, the desktop with none.
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        reducedMotion: 'reduce',
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: 'node ../backend/dist/main.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Stop the app as a deployment would (SIGTERM: it drains and stops its embedded PostgreSQL). Playwright's
    // default kill left that PostgreSQL running, holding EMBEDDED_PG_PORT, so the next `npm test` could not start.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: PG_PORT,
      LOG_LEVEL: 'warn',
      // Every journey signs people up from 127.0.0.1; the 10-a-minute default is tested in the API tests.
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      // The circles journey waits for a season to end: every 2 s instead of up to a minute of idle waiting.
      CIRCLE_SEASONS_EVERY_SECONDS: '2',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  },
});

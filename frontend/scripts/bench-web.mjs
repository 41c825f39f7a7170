#!/usr/bin/env node
/**
 * `npm run bench:web` (not in npm test): Lighthouse (mobile defaults) on Debian's Chromium against the built app,
 * started here on its own embedded PostgreSQL: the landing page signed out, then the dashboard of a user signed up
 * through the API whose token is put in localStorage before Lighthouse loads the page (storage reset disabled).
 * Then the dashboard of a busy person (60 active bets, 20 pending, 50 settled), the same way.
 * Prints Performance, Accessibility, Best Practices and SEO for each. Environment: BENCH_WEB_PORT (3150),
 * BENCH_WEB_PG_PORT (54550), CHROME_PATH (/usr/bin/chromium), BENCH_WEB_REPORT_DIR (unset: where to write each
 * run's full Lighthouse JSON, landing.json, dashboard.json and dashboard-busy.json, to see where the time goes).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_WEB_PORT ?? 3150);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const reportDir = process.env.BENCH_WEB_REPORT_DIR;

async function startApp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'betwixt-bench-web-'));
  const app = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: process.env.BENCH_WEB_PG_PORT ?? '54550',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (app.exitCode === null) {
      app.kill('SIGTERM');
      await new Promise((done) => app.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (app.exitCode !== null) throw new Error(`The app exited with ${app.exitCode} while starting.`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return stop;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  await stop();
  throw new Error('The app did not answer /api/health within 2 minutes.');
}

let people = 0;
async function signUp() {
  people += 1;
  const tag = `${Date.now().toString(36)}${people}`;
  const response = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Runner',
      email: `bench${tag}@example.com`,
      username: `bench_${tag}`,
      password: 'Secret@123',
      confirmPassword: 'Secret@123',
      birthday: '1990-01-02',
      state: 'Oregon',
    }),
  });
  if (!response.ok) throw new Error(`Sign-up failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One Lighthouse run; retried once when Chromium reports NO_NAVSTART (seen on a busy machine). */
async function audit(chrome, url, flags, reportName) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...flags,
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) {
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, `${reportName}.json`), JSON.stringify(lhr));
      }
      return lhr;
    }
    if (attempt >= 2 || lhr?.runtimeError?.code !== 'NO_NAVSTART') {
      throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    }
  }
}

function summary(name, lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]),
  );
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => audit.id);
  const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
  return {
    page: name,
    performance: scores.performance,
    accessibility: scores.accessibility,
    'best practices': scores['best-practices'],
    seo: scores.seo,
    FCP: metric('first-contentful-paint'),
    LCP: metric('largest-contentful-paint'),
    TBT: metric('total-blocking-time'),
    CLS: metric('cumulative-layout-shift'),
    'audits below 90': failing.join(' ') || '-',
  };
}

/** `method path` as `token`, failing the bench on anything but a 2xx. */
async function call(method, path, token, body) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A busy person: 60 active bets, 20 challenges waiting for their answer and 50 settled, all with one rival.
 * Their dashboard is the one that moved (a long active list arriving above the others).
 */
async function busyPerson() {
  const busy = await signUp();
  const rival = await signUp();
  let made = 0;
  const bet = (creator, opponent) =>
    call('POST', '/api/bets', creator.token, {
      opponentId: opponent.user.id,
      amount: '1.00',
      title: `Busy bet ${(made += 1)}`,
      outcomes: ['Yes', 'No'],
      duration: 168,
      creatorPick: 'Yes',
    });
  const accepted = async () => {
    const { id } = await bet(busy, rival);
    await call('POST', `/api/bets/${id}/accept`, rival.token, { opponentPick: 'No' });
    return id;
  };
  for (let i = 0; i < 50; i += 1) {
    const id = await accepted();
    for (const person of [busy, rival]) await call('POST', `/api/bets/${id}/submit-result`, person.token, { result: 'Yes' });
  }
  for (let i = 0; i < 60; i += 1) await accepted();
  for (let i = 0; i < 20; i += 1) await bet(rival, busy);
  return busy;
}

/** Puts `auth` where the app keeps a session, so Lighthouse (storage reset off) loads the page signed in. */
async function signInBrowser(chrome, { token, user }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(
    (storedToken, storedUser) => {
      localStorage.setItem('auth_token', storedToken);
      localStorage.setItem('auth_user', storedUser);
    },
    token,
    JSON.stringify(user),
  );
  await page.close();
  await browser.disconnect();
}

const stopApp = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const rows = [summary('landing (signed out)', await audit(chrome, `${origin}/`, {}, 'landing'))];

  await signInBrowser(chrome, await signUp());
  rows.push(
    summary('dashboard (signed in)', await audit(chrome, `${origin}/`, { disableStorageReset: true }, 'dashboard')),
  );
  await signInBrowser(chrome, await busyPerson());
  rows.push(
    summary(
      'dashboard (busy person)',
      await audit(chrome, `${origin}/`, { disableStorageReset: true }, 'dashboard-busy'),
    ),
  );

  console.table(rows.map(({ 'audits below 90': _failing, ...row }) => row));
  for (const row of rows) console.log(`${row.page}: audits below 90: ${row['audits below 90']}`);
} finally {
  chrome.kill();
  await stopApp();
}

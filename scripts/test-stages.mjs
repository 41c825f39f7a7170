#!/usr/bin/env node
// `npm test` and `npm run check`: the test tiers one after another, fastest first, stopping at the first that
// fails, with each stage's time printed at the end (docs/testing.md).
//   node scripts/test-stages.mjs [stage ...]    (no stage: all of them)
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nx = (...args) => ['npx', 'nx', ...args];

/** Each stage: what it proves, and the command that runs it from the workspace root. */
const STAGES = {
  lockfile: {
    what: 'lockfile whole for every platform; script tests',
    run: [
      ['node', 'scripts/check-lockfile.mjs'],
      [
        'node',
        '--test',
        'scripts/check-lockfile.test.mjs',
        'scripts/frontend-boundaries.test.mjs',
        'scripts/backend-boundaries.test.mjs',
      ],
    ],
  },
  check: {
    what: 'lint, types, unit and page tests, architecture, bundle size, API contract',
    run: [nx('run-many', '-t', 'lint', 'typecheck', 'test', 'size', 'contract')],
  },
  backend: {
    what: 'integration, crash and cluster tests on real PostgreSQL, in parallel workers',
    run: [nx('run', '@betwixt/backend:build'), ['npm', 'run', 'int:all', '-w', 'backend']],
  },
  e2e: {
    what: 'Playwright journeys in Chromium, phone and desktop side by side',
    run: [nx('run', '@betwixt/frontend:e2e')],
  },
};
const FAST = ['lockfile', 'check'];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function seconds(ms) {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}m ${String(total % 60).padStart(2, '0')}s`;
}

const asked = process.argv.slice(2);
const names = asked.length === 0 ? Object.keys(STAGES) : asked[0] === 'fast' ? FAST : asked;
const unknown = names.filter((name) => !STAGES[name]);
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}; stages: ${Object.keys(STAGES).join(', ')}, or fast`);
  process.exit(2);
}

const times = [];
const started = Date.now();
let failed;
for (const name of names) {
  const stageStart = Date.now();
  console.log(`\n=== ${name}: ${STAGES[name].what}\n`);
  for (const command of STAGES[name].run) {
    const code = await run(command);
    if (code !== 0) {
      failed = name;
      break;
    }
  }
  times.push([name, Date.now() - stageStart]);
  if (failed) break;
}

console.log('\nstage      time');
const setup = Number(process.env.CI_SETUP_SECONDS);
if (setup > 0) console.log(`${'setup'.padEnd(10)} ${seconds(setup * 1000)}  (.ci/run: packages, npm ci)`);
for (const [name, ms] of times)
  console.log(`${name.padEnd(10)} ${seconds(ms)}${name === failed ? '  FAILED' : ''}`);
console.log(`${'total'.padEnd(10)} ${seconds(Date.now() - started + (setup > 0 ? setup * 1000 : 0))}`);
const skipped = names.slice(times.length);
if (skipped.length > 0) console.log(`not run: ${skipped.join(', ')} (a stage before them failed)`);
process.exit(failed ? 1 : 0);

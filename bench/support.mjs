// What `npm run bench` (bench.mjs) and `npm run bench:scale` (scale.mjs) share: Betwixt built and started on
// its own embedded PostgreSQL, calls to its API, and people signed up through the real sign-up.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../backend/dist/bootstrap/node-flags.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node's flags for both servers: the ones Betwixt is deployed with (backend/src/bootstrap/node-flags.ts), the
 * ceiling getting the same so that the ratio is the code's, not a flag's; BENCH_PLAIN_NODE=1 leaves them out
 * (to measure what they do), BENCH_NODE_FLAGS (space-separated) adds more, BENCH_SQL_LOG=<file> logs every
 * statement both servers send (sql-log.mjs).
 */
function nodeFlags() {
  const deployed = process.env.BENCH_PLAIN_NODE === '1' ? [] : SERVER_NODE_FLAGS;
  const sqlLog = process.env.BENCH_SQL_LOG ? [`--import=${join(root, 'bench/sql-log.mjs')}`] : [];
  return [...deployed, ...sqlLog, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
}

/**
 * The built app (`backend/dist/main.js`, or `build`: another build's folder inside the repository, so that it
 * finds the same node_modules) on `port`, with an embedded PostgreSQL on `pgPort` in `dataDir` (a fresh DATA_DIR
 * unless given: pass the one of a stopped server to start another process on the same data).
 */
export function startBetwixt({
  port,
  pgPort,
  jwtSecret,
  env = {},
  build = join(root, 'backend/dist'),
  dataDir = mkdtempSync(join(tmpdir(), 'betwixt-bench-')),
}) {
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of Betwixt there on exit (NODE_OPTIONS may not carry --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...nodeFlags(), join(build, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPTS_PER_MINUTE: '10000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.dataDir = dataDir;
  return child;
}

/**
 * The raw Fastify + pg ceiling (ceiling.mjs) in a process of its own, started like Betwixt: in the bench's
 * process it would share a thread with autocannon and be measured slower than it is.
 */
export async function startCeiling({ databaseUrl, jwtSecret, port }) {
  const child = fork(join(root, 'bench/ceiling.mjs'), [], {
    execArgv: nodeFlags(),
    env: {
      ...process.env,
      CEILING_DATABASE_URL: databaseUrl,
      CEILING_JWT_SECRET: jwtSecret,
      CEILING_PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the ceiling server exited with code ${code} at start`)));
  });
  return child;
}

export async function stopCeiling(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Stops the server and removes its DATA_DIR (a few hundred MB of PostgreSQL after a bench), unless `keepData`:
 * a round that restarts Betwixt on the same data keeps it.
 */
export async function stopBetwixt(child, { keepData = false } = {}) {
  if (child.exitCode === null) {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (!keepData && child.dataDir) rmSync(child.dataDir, { recursive: true, force: true });
}

/** Resolves once `url` answers 2xx; gives up after `seconds` or as soon as `child` (the server) exits. */
export async function waitFor(url, child, seconds = 300) {
  for (let waited = 0; waited < seconds * 1000; waited += 250) {
    if (child?.exitCode !== null && child?.exitCode !== undefined)
      throw new Error(`the server exited with code ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** `call(method, path, token?, body?)` against `base`, throwing on any non-2xx answer. */
export function client(base) {
  return async function call(method, path, token, body) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${base}${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

let people = 0;
/** A new person through `POST /api/auth/signup`: their session token and id. */
export async function signUp(call) {
  people += 1;
  const name = `bench${Date.now().toString(36)}${people}`;
  const { token, user } = await call('POST', '/api/auth/signup', undefined, {
    firstName: 'Bench',
    lastName: `Person${people}`,
    email: `${name}@example.com`,
    username: name,
    password: 'Bench@12345',
    confirmPassword: 'Bench@12345',
    birthday: '1990-01-01',
    state: 'Oregon',
  });
  return { token, id: user.id };
}

/**
 * One autocannon run; resolves with its result plus `rps`: the responses it got divided by the time from the
 * start to the last response, timed here. autocannon's own `duration` is only checked at its 1 s sampling
 * tick, so a run of a fixed number of requests (the writes) reads as a whole number of seconds: 1000 writes
 * done in 3.1 s and in 3.9 s both count as 4 s, an error of up to a third on a 3 s run.
 */
export function cannon(options) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let last = start;
    let responses = 0;
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({ ...result, rps: responses / ((last - start) / 1000) });
    });
    instance.on('response', () => {
      responses += 1;
      last = performance.now();
    });
  });
}

/**
 * CPU seconds a process has used so far (user + system, from /proc; Linux only, 0 elsewhere). Divided by the
 * requests a run served it gives CPU per request: unlike req/s it hardly moves when other work shares the
 * cores, so it shows what a change did to the server itself.
 */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // Fields 14 and 15 of the stat line (utime, stime) are the 12th and 13th after "pid (comm) ".
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every PostgreSQL process on this machine (the backends serving both servers, the WAL writer,
 * the checkpointer...) plus what exited children of each postmaster used: the database's share of a run.
 */
export function databaseCpuSeconds() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      // utime, stime, cutime, cstime: fields 14-17 of the stat line, the 12th-15th after "pid (comm) ".
      total += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total / 100;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

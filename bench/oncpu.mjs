#!/usr/bin/env node
// `npm run bench:oncpu`: where each server's CPU goes, per request and per package, for one route at a time:
// Betwixt and the ceiling (bench/ceiling.mjs) on one database, each warmed up and then sampled by Linux `perf`
// (`perf record -F 1999 -g`, the servers started with --perf-basic-prof so JavaScript frames have names) while
// autocannon sends it a fixed number of requests. A sample is booked to the first JavaScript frame of its
// stack (a V8 builtin or a syscall counts for the code that called it); samples with no JavaScript frame are
// booked to their own symbol (GC, the compiler, the kernel).
//
// Why perf and not V8's --cpu-prof: V8's sampler takes a sample every interval of wall time, so when other
// work shares the cores the time a server spends descheduled is booked to whatever it was doing (mostly
// `writev`), and the shares move with the machine's load. perf samples only on-CPU time. Not part of `npm test`;
// needs `perf` (Debian's linux-perf) and a kernel that lets this user sample its own processes.
//   node bench/oncpu.mjs [--route create|accept|report|pot|call|user|wallet|active|pending] [--warm 3000] [--requests 2000]
//     [--detail <owner, as the table names it>]...
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { embeddedUrl } from '../backend/dist/database/embedded-postgres.js';
import {
  cannon,
  client,
  signUp as signUpAt,
  startBetwixt,
  startCeiling,
  stopBetwixt,
  stopCeiling,
  waitFor,
} from './support.mjs';

const { values: flags } = parseArgs({
  options: {
    route: { type: 'string', default: 'create' },
    warm: { type: 'string', default: '3000' },
    requests: { type: 'string', default: '2000' },
    top: { type: 'string', default: '30' },
    detail: { type: 'string', multiple: true, default: [] },
  },
});
const HZ = 1999;
const APP_PORT = 3160;
const CEILING_PORT = 3161;
const PG_PORT = 54560;
const JWT_SECRET = randomBytes(32).toString('hex');
const app = `http://127.0.0.1:${APP_PORT}`;
const ceiling = `http://127.0.0.1:${CEILING_PORT}`;
const call = client(app);
const callCeiling = client(ceiling);

try {
  execFileSync('perf', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('bench:oncpu needs Linux perf (apt-get install -y linux-perf).');
  process.exit(1);
}

const betBody = (opponentId) => ({
  opponentId,
  amount: '0.01',
  title: 'On-CPU bet',
  outcomes: ['Yes', 'No'],
  duration: 168,
  creatorPick: 'Yes',
});

const potBody = (inviteeIds) => ({
  inviteeIds,
  stake: '0.01',
  joinBy: new Date(Date.now() + 24 * 3_600_000).toISOString(),
  title: 'On-CPU pot',
  outcomes: ['Yes', 'No'],
  duration: 168,
  creatorPick: 'Yes',
});

/** A run of `amount` requests from 10 connections, each asking `job()` for its path, token and body. */
function drive(base, amount, method, job) {
  return cannon({
    url: base,
    connections: 10,
    amount,
    requests: [
      {
        method,
        setupRequest: (request) => {
          const { path, token, body } = job(base);
          return {
            ...request,
            path,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            ...(body ? { body: JSON.stringify(body) } : {}),
          };
        },
      },
    ],
  });
}

/** Package (or file of ours, or Node's internal module) a frame's location belongs to. */
function ownerOf(location) {
  const pkg = location.match(/node_modules\/((@[^/]+\/)?[^/:]+)/);
  if (pkg) return pkg[1];
  const ours = location.match(/(?:dist|bench)\/([^:]+)/);
  if (ours) return `betwixt:${ours[1]}`;
  const internal = location.match(/^(node:[^:]+)/);
  return internal ? internal[1] : location.slice(0, 40);
}

/**
 * Rewrites /tmp/perf-<pid>.map so that no entry overlaps a later one. V8 appends a line whenever it puts code
 * somewhere and never says the code was freed; perf, given overlapping entries, can name a sample after the
 * first code that was ever at that address (a module's start-up function, 27 kB of baseline code freed long
 * before) instead of the function there when the sample was taken.
 */
function keepLatestCode(pid) {
  const file = `/tmp/perf-${pid}.map`;
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start, size] = line.split(' ', 2);
      const from = BigInt(`0x${start}`);
      return { line, from, to: from + BigInt(`0x${size}`) };
    });
  const kept = []; // newest first; sorted copy for the overlap search
  const taken = [];
  const overlaps = ({ from, to }) => {
    let low = 0;
    let high = taken.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (taken[mid].to <= from) low = mid + 1;
      else high = mid;
    }
    return low < taken.length && taken[low].from < to;
  };
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (overlaps(entry)) continue;
    kept.push(entry.line);
    const at = taken.findLastIndex((other) => other.from < entry.from) + 1;
    taken.splice(at, 0, entry);
  }
  writeFileSync(file, `${kept.reverse().join('\n')}\n`);
}

/** µs of CPU per request by owner, from one perf recording of `requests` requests. */
function attribute(file, requests) {
  const text = execFileSync('perf', ['script', '-i', file, '-F', 'comm,tid,ip,sym'], {
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString();
  const owners = new Map();
  const leaves = new Map(); // owner asked for with --detail -> the symbol each of its samples was in
  for (const sample of text.split('\n\n')) {
    const lines = sample
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const frames = lines.slice(1);
    const js = frames.find((frame) => frame.includes('JS:'));
    let owner;
    if (js) {
      const [, rest] = js.split('JS:');
      const space = rest.indexOf(' ');
      owner = ownerOf(space === -1 ? rest : rest.slice(space + 1));
    } else {
      owner = `(native) ${(frames[0]?.split(/\s+/).slice(1).join(' ') ?? '?').slice(0, 48)}`;
    }
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
    if (flags.detail.includes(owner)) {
      const leaf = `${owner}: ${(frames[0]?.split(/\s+/).slice(1).join(' ') ?? '?').slice(0, 70)}`;
      leaves.set(leaf, (leaves.get(leaf) ?? 0) + 1);
    }
  }
  const perRequest = (counts) =>
    new Map([...counts].map(([owner, count]) => [owner, (count / HZ / requests) * 1e6]));
  return { owners: perRequest(owners), leaves: perRequest(leaves) };
}

async function record(name, pid, run) {
  const file = `/tmp/betwixt-oncpu-${name}-${process.pid}.data`;
  const perf = spawn('perf', ['record', '-F', String(HZ), '-g', '-o', file, '-p', String(pid)], {
    stdio: 'ignore',
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const result = await run();
  perf.kill('SIGINT');
  await new Promise((resolve) => perf.once('exit', resolve));
  if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
  return file;
}

// --no-flush-bytecode: V8 frees the code of functions not run lately and puts new code at the same address;
// perf's map file still names the old function there, and its samples went to packages never on the path.
process.env.BENCH_NODE_FLAGS =
  `${process.env.BENCH_NODE_FLAGS ?? ''} --perf-basic-prof --no-flush-bytecode`.trim();
const betwixt = startBetwixt({ port: APP_PORT, pgPort: PG_PORT, jwtSecret: JWT_SECRET });
let ceilingServer;
try {
  await waitFor(`${app}/api/health`, betwixt);
  const alice = await signUpAt(call);
  const bob = await signUpAt(call);
  for (let i = 0; i < 50; i += 1) {
    const bet = await call('POST', '/api/bets', alice.token, betBody(bob.id));
    await call('POST', `/api/bets/${bet.id}/accept`, bob.token, { opponentPick: 'No' });
  }
  for (let i = 0; i < 20; i += 1) await call('POST', '/api/bets', bob.token, betBody(alice.id));
  const pairs = [];
  for (let i = 0; i < 10; i += 1)
    pairs.push({ creator: await signUpAt(call), opponent: await signUpAt(call) });
  // Pots invite the next three pairs' opponents and referee bets name a referee: both need friends.
  const befriend = async (a, b) => {
    const request = await call('POST', '/api/friends/request', a.token, { addresseeId: b.id });
    await call('POST', `/api/friends/${request.id}/accept`, b.token);
  };
  for (const [i, { creator }] of pairs.entries()) {
    pairs[i].invitees = [1, 2, 3].map((step) => pairs[(i + step) % pairs.length].opponent);
    for (const invitee of pairs[i].invitees) await befriend(creator, invitee);
    pairs[i].referee = await signUpAt(call);
    await befriend(creator, pairs[i].referee);
  }
  ceilingServer = await startCeiling({
    databaseUrl: embeddedUrl(PG_PORT, 'betwixt'),
    jwtSecret: JWT_SECRET,
    port: CEILING_PORT,
  });

  let next = 0;
  const pair = () => pairs[next++ % pairs.length];
  // Accepting and reporting use a bet up: each run gets a fresh queue (made through the ceiling, the faster
  // server), one bet per request plus one spare per connection (autocannon builds a request it may not send).
  const queued = [];
  /** Referee bets ready to be called: the referee agreed and the opponent accepted (through Betwixt). */
  const makeRefereeBets = async (count) => {
    queued.length = 0;
    for (let i = 0; i < count + 10; i += 1) {
      const { creator, opponent, referee } = pair();
      const bet = await callCeiling('POST', '/api/bets', creator.token, {
        ...betBody(opponent.id),
        resolutionType: 'referee',
        refereeId: referee.id,
      });
      await call('POST', `/api/bets/${bet.id}/referee/accept`, referee.token, {});
      await call('POST', `/api/bets/${bet.id}/accept`, opponent.token, { opponentPick: 'No' });
      queued.push({
        path: `/api/bets/${bet.id}/call`,
        token: referee.token,
        body: { result: 'Yes', note: 'Seen on the replay by everyone.' },
      });
    }
  };
  const makeBets = async (count, accepted) => {
    queued.length = 0;
    for (let i = 0; i < count + 10; i += 1) {
      const { creator, opponent } = pair();
      const bet = await callCeiling('POST', '/api/bets', creator.token, betBody(opponent.id));
      const accept = {
        path: `/api/bets/${bet.id}/accept`,
        token: opponent.token,
        body: { opponentPick: 'No' },
      };
      if (!accepted) {
        queued.push(accept);
        continue;
      }
      await callCeiling('POST', accept.path, accept.token, accept.body);
      queued.push({
        path: `/api/bets/${bet.id}/submit-result`,
        token: creator.token,
        body: { result: 'Yes' },
      });
    }
  };
  const read = (path) => () => ({ path, token: alice.token });
  const routes = {
    user: { method: 'GET', job: read('/api/auth/user') },
    wallet: { method: 'GET', job: read('/api/wallet') },
    active: { method: 'GET', job: read('/api/bets/active') },
    pending: { method: 'GET', job: read('/api/bets/pending') },
    create: {
      method: 'POST',
      job: () => {
        const { creator, opponent } = pair();
        return { path: '/api/bets', token: creator.token, body: betBody(opponent.id) };
      },
    },
    pot: {
      method: 'POST',
      job: () => {
        const { creator, invitees } = pair();
        return { path: '/api/bets', token: creator.token, body: potBody(invitees.map(({ id }) => id)) };
      },
    },
    call: { method: 'POST', prepare: makeRefereeBets, job: () => queued.shift() },
    accept: { method: 'POST', prepare: (count) => makeBets(count, false), job: () => queued.shift() },
    report: { method: 'POST', prepare: (count) => makeBets(count, true), job: () => queued.shift() },
  };
  const route = routes[flags.route];
  if (!route) throw new Error(`--route is one of ${Object.keys(routes).join(', ')}`);
  const warm = Number(flags.warm);
  const requests = Number(flags.requests);
  const tables = {};
  const details = {};
  for (const [name, base, pid] of [
    ['betwixt', app, betwixt.pid],
    ['ceiling', ceiling, ceilingServer.pid],
  ]) {
    await route.prepare?.(warm);
    await drive(base, warm, route.method, route.job);
    await route.prepare?.(requests);
    const file = await record(name, pid, () => drive(base, requests, route.method, route.job));
    keepLatestCode(pid);
    const { owners, leaves } = attribute(file, requests);
    tables[name] = owners;
    details[name] = leaves;
  }
  const total = (table) => [...table.values()].reduce((sum, value) => sum + value, 0);
  console.log(
    `\n${route.method} ${flags.route}: µs of CPU per request (perf, ${requests} requests after ${warm} untimed)` +
      `\nBetwixt ${total(tables.betwixt).toFixed(0)} µs, ceiling ${total(tables.ceiling).toFixed(0)} µs\n`,
  );
  console.log('| owner | Betwixt µs | ceiling µs |\n|---|---|---|');
  const printSideBySide = (ours, theirs, top) => {
    const rows = [...new Set([...ours.keys(), ...theirs.keys()])]
      .map((owner) => [owner, ours.get(owner) ?? 0, theirs.get(owner) ?? 0])
      .sort((a, b) => Math.max(b[1], b[2]) - Math.max(a[1], a[2]))
      .slice(0, top);
    for (const [owner, a, b] of rows) console.log(`| ${owner} | ${a.toFixed(1)} | ${b.toFixed(1)} |`);
  };
  printSideBySide(tables.betwixt, tables.ceiling, Number(flags.top));
  if (flags.detail.length > 0) {
    // --detail <owner>: that owner's samples by the symbol they were taken in (a builtin, a syscall, a function).
    console.log('\n| owner: where the sample was | Betwixt µs | ceiling µs |\n|---|---|---|');
    printSideBySide(details.betwixt, details.ceiling, 40 * flags.detail.length);
  }
} finally {
  await stopCeiling(ceilingServer);
  await stopBetwixt(betwixt);
}

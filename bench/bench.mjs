#!/usr/bin/env node
// `npm run bench`: Betwixt against a raw Fastify + node-postgres "ceiling" server that does the same SQL work
// on the same database (same JWT check, same session lookup, the same JSON), driven alternately by
// autocannon, so the ratio says how much of its own stack's speed Betwixt keeps. Each write is also run
// against a second ceiling, least-work.mjs, that leaves the same rows with the least work the write needs:
// that ratio says what Betwixt's own statements cost. Not part of `npm test`.
// Each round starts the servers afresh (on the same data) and warms each route up untimed (JIT) before timing it.
//   node bench/bench.mjs [--duration 10] [--rounds 3] [--connections 10] [--writes 1000] [--warm-up-seconds 5]
//     [--warm-up-writes 2000] [--only <name part>] [--out file]
import { randomBytes } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedUrl } from '../backend/dist/database/embedded-postgres.js';
import { forkLeastWork } from './least-work.mjs';
import {
  cannon,
  client,
  cpuSeconds,
  databaseCpuSeconds,
  median,
  signUp as signUpAt,
  startBetwixt,
  startCeiling,
  stopCeiling,
  stopBetwixt,
  waitFor,
} from './support.mjs';

const signUp = () => signUpAt(call);
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string' },
    writes: { type: 'string', default: '1000' },
    'warm-up-seconds': { type: 'string', default: '5' },
    'warm-up-writes': { type: 'string', default: '2000' },
    only: { type: 'string' },
  },
});
const DURATION = Number(flags.duration);
const ROUNDS = Number(flags.rounds);
const CONNECTIONS = Number(flags.connections);
const WARM_UP_SECONDS = Number(flags['warm-up-seconds']);
const WARM_UP_WRITES = Number(flags['warm-up-writes']);
const APP_PORT = 3140;
const CEILING_PORT = 3141;
const LEAST_WORK_PORT = 3142;
const PG_PORT = 54540;
const JWT_SECRET = randomBytes(32).toString('hex');
const app = `http://127.0.0.1:${APP_PORT}`;
const ceiling = `http://127.0.0.1:${CEILING_PORT}`;
const leastWork = `http://127.0.0.1:${LEAST_WORK_PORT}`;

const call = client(app);
/** With BENCH_SQL_LOG, a heading in the servers' statement log (sql-log.mjs) before each probe's request. */
const mark = process.env.BENCH_SQL_LOG
  ? (text) => appendFileSync(process.env.BENCH_SQL_LOG, `### ${text}\n`)
  : null;

// ---------- driving ----------
/**
 * One autocannon run. Reads run for DURATION seconds; writes that use up a bet (accept, report) send exactly
 * `amount` requests, each to the next prepared bet. Each request asks `scenario.job()` for its path, its
 * user's token and its body, so writes can spread over several users as real traffic does.
 */
function drive(base, scenario) {
  return cannon({
    url: base,
    connections: CONNECTIONS,
    ...(scenario.amount ? { amount: scenario.amount } : { duration: scenario.duration ?? DURATION }),
    requests: [
      {
        method: scenario.method ?? 'GET',
        setupRequest: (request) => {
          const job = scenario.job();
          return {
            ...request,
            path: job.path,
            headers: { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' },
            ...(job.body ? { body: JSON.stringify(job.body) } : {}),
          };
        },
      },
    ],
  });
}

/** Fields that differ between two freshly written rows by nature (ids, clocks, link codes), not by what the server did. */
const VARIES = new Set([
  'id',
  'createdAt',
  'expiresAt',
  'joinBy',
  'joinedAt',
  'reportedAt',
  'calledAt',
  'appealUntil',
  'refereeAcceptedAt',
  'resolutionDate',
  'challengeCode',
]);
function comparable(body) {
  return JSON.parse(JSON.stringify(body), (key, value) => (VARIES.has(key) ? '<varies>' : value));
}

async function sameAnswer(name, ours, theirs, server = 'the ceiling') {
  if (!isDeepStrictEqual(comparable(ours), comparable(theirs))) {
    console.error(JSON.stringify({ ours, theirs }, null, 1).slice(0, 3000));
    throw new Error(`${name}: Betwixt and ${server} answer differently; fix ${server} before timing`);
  }
}

// ---------- what a write leaves ----------
/** Where two footprints differ, one line each: `path: Betwixt <value>, <server> <value>`. */
function differences(ours, theirs, server, path = '') {
  if (isDeepStrictEqual(ours, theirs)) return [];
  if (ours && theirs && typeof ours === 'object' && typeof theirs === 'object')
    return [...new Set([...Object.keys(ours), ...Object.keys(theirs)])].flatMap((key) =>
      differences(ours[key], theirs[key], server, `${path}.${key}`),
    );
  return [`${path}: Betwixt ${JSON.stringify(ours)}, ${server} ${JSON.stringify(theirs)}`];
}

/** High-water marks of the append-only tables, and every account's balance and kept stats. */
async function tally(db) {
  const {
    rows: [marks],
  } = await db.query(`SELECT (SELECT coalesce(max(id), 0) FROM bet_activities) AS activities,
    (SELECT coalesce(max(id), 0) FROM notifications) AS notifications,
    (SELECT coalesce(max(id), 0) FROM transactions) AS transactions,
    (SELECT coalesce(max(id), 0) FROM notification_outbox) AS outbox`);
  const { rows } = await db.query(`SELECT u.id, u.balance::text AS balance, row_to_json(s) AS stats,
      row_to_json(t) AS paid
    FROM users u LEFT JOIN user_bet_stats s ON s."userId" = u.id LEFT JOIN user_payout_totals t ON t."userId" = u.id`);
  return { marks, accounts: new Map(rows.map((row) => [row.id, row])) };
}

/**
 * Numbers as their change, anything else (and ids, such as the last decided bet's) as whether it changed: two
 * servers' people start from different figures. The row's own key is left out: it is new on the first write.
 */
function change(before = {}, after = {}) {
  const moved = {};
  for (const key of Object.keys({ ...before, ...after })) {
    const [a, b] = [before?.[key] ?? null, after?.[key] ?? null];
    if (a === b || key === 'userId') continue;
    const numbers = !/Id$/.test(key) && Number.isFinite(Number(a)) && Number.isFinite(Number(b));
    const delta = numbers ? (Number(b) - Number(a)).toFixed(2) : 'changed';
    if (delta !== '0.00') moved[key] = delta;
  }
  return moved;
}

/**
 * The rows a write left, as a person sees them: the bet, its seats and offers, the activity lines, the
 * notifications with their texts, the ledger rows, the outbox rows, and each account's change of balance and
 * kept stats (the triggers' share). The bet's id and clock times in texts are masked; admin_totals_delta is
 * left out (its compaction job may fold rows at any moment), it follows the bet row's changes by trigger.
 */
async function footprint(db, before, betId) {
  const after = await tally(db);
  const mask = (rows) =>
    JSON.parse(
      JSON.stringify(rows, (key, value) =>
        (key === 'betId' || key === 'referenceId') && String(value) === String(betId)
          ? '<bet>'
          : typeof value === 'string'
            ? value.replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/g, '<time>')
            : value,
      ),
    );
  // New rows in an order of their own: two servers may write one statement's rows in another order.
  const since = async (table, columns, mark) =>
    mask((await db.query(`SELECT ${columns} FROM ${table} WHERE id > $1`, [mark])).rows).sort((a, b) =>
      JSON.stringify(a).localeCompare(JSON.stringify(b)),
    );
  const of = async (sql) => mask((await db.query(sql, [betId])).rows);
  const accounts = {};
  for (const [id, now] of after.accounts) {
    const was = before.accounts.get(id) ?? {};
    const moved = {
      balance: change({ balance: was.balance }, { balance: now.balance }).balance,
      stats: change(was.stats ?? {}, now.stats ?? {}),
      paid: change(was.paid ?? {}, now.paid ?? {}),
    };
    if (moved.balance || Object.keys(moved.stats).length || Object.keys(moved.paid).length)
      accounts[id] = moved;
  }
  return {
    bet: await of(`SELECT status, kind, title, description, amount::text, "opponentAmount"::text, "creatorId",
      "opponentId", "creatorPick", "opponentPick", "creatorResult", "opponentResult", "finalResult",
      "winnerUserId", "resolutionType", "refereeId", "callResult", "callNote", "calledAt" IS NOT NULL AS called,
      "offerBy", "offerPick", "offerRounds", duration, outcomes FROM bets WHERE id = $1`),
    seats: await of(`SELECT "userId", role, pick, stake::text, result, payout::text, "potStatus",
      "decidedNet"::text, "joinedAt" IS NOT NULL AS joined, "reportedAt" IS NOT NULL AS reported
      FROM bet_participants WHERE "betId" = $1 ORDER BY "userId"`),
    offers: await of(`SELECT round, "byUserId", "opponentAmount"::text, "opponentPick" FROM bet_offers
      WHERE "betId" = $1 ORDER BY round`),
    activities: await since(
      'bet_activities',
      `"betId", "userId", "activityType", description`,
      before.marks.activities,
    ),
    notifications: await since(
      'notifications',
      `"userId", type, title, body, "betId", "actorId", amount::text, "readAt" IS NOT NULL AS read`,
      before.marks.notifications,
    ),
    ledger: await since(
      'transactions',
      `"userId", type, amount::text, ("balanceAfter" - "balanceBefore")::text AS moved, "referenceType",
       "referenceId", description`,
      before.marks.transactions,
    ),
    outbox: await since('notification_outbox', `channel, status`, before.marks.outbox),
    accounts,
  };
}

async function callAt(base, method, path, token, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${base}${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Many bets at once through the ceiling (the fast way to set the table), `parallel` at a time. */
async function inParallel(count, parallel, make) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await make(index);
      }
    }),
  );
  return results;
}

const potBody = (inviteeIds, i) => ({
  inviteeIds,
  stake: '0.01',
  joinBy: new Date(Date.now() + 24 * 3_600_000).toISOString(),
  title: `Bench pot ${i}`,
  outcomes: ['Yes', 'No'],
  duration: 168,
  creatorPick: 'Yes',
});

const betBody = (opponentId, i) => ({
  opponentId,
  amount: '0.01',
  title: `Bench bet ${i}`,
  outcomes: ['Yes', 'No'],
  duration: 168,
  creatorPick: 'Yes',
});

/**
 * Vacuums, analyses and checkpoints the database, so that neither server's timed run pays for what was written
 * before it. A write row's preparation writes thousands of bets; left to autovacuum and the checkpointer, their
 * clean-up landed in the next timed run (a settling report measured 23 ms of PostgreSQL's CPU per request in
 * one server's run against 7 ms in the other's).
 */
async function settleDatabase() {
  const db = new pg.Client({ connectionString: embeddedUrl(PG_PORT, 'betwixt') });
  await db.connect();
  try {
    await db.query('VACUUM (ANALYZE)');
    await db.query('CHECKPOINT');
  } finally {
    await db.end();
  }
}

let betwixt = startBetwixt({ port: APP_PORT, pgPort: PG_PORT, jwtSecret: JWT_SECRET });
let ceilingServer;
let leastWorkServer;
/** Both ceilings, the least-work one with the Node flags the ceiling's process was given. */
async function startCeilings() {
  const servers = { databaseUrl: embeddedUrl(PG_PORT, 'betwixt'), jwtSecret: JWT_SECRET };
  ceilingServer = await startCeiling({ ...servers, port: CEILING_PORT });
  leastWorkServer = await forkLeastWork({ ...servers, port: LEAST_WORK_PORT, like: ceilingServer });
}
/**
 * All servers as new processes on the same data (sessions, bets and tokens carry over). Processes of one build
 * differ by up to a quarter in CPU per request (JIT decisions, memory layout): with one process per server for
 * the whole run, a ratio partly measured which processes it drew. New ones each round make the median one over
 * processes too.
 */
async function restartAll() {
  await stopCeiling(leastWorkServer);
  await stopCeiling(ceilingServer);
  await stopBetwixt(betwixt, { keepData: true });
  betwixt = startBetwixt({
    port: APP_PORT,
    pgPort: PG_PORT,
    jwtSecret: JWT_SECRET,
    dataDir: betwixt.dataDir,
  });
  await waitFor(`${app}/api/health`, betwixt);
  await startCeilings();
}
// The database as the probes read it to compare what each server's write left; closed before the rounds,
// whose restarts stop the database under it.
const inspect = new pg.Client({ connectionString: embeddedUrl(PG_PORT, 'betwixt') });
try {
  await waitFor(`${app}/api/health`, betwixt);
  await inspect.connect();
  const alice = await signUp();
  const bob = await signUp();
  // Ten pairs of players for the writes, and one popular person whom all ten creators challenge at once (a
  // group chat all challenging its host): writes that notify the same person must not queue behind each other.
  const pairs = [];
  for (let i = 0; i < 10; i += 1) pairs.push({ creator: await signUp(), opponent: await signUp() });
  const host = await signUp();
  // Pots and referees need friends: each creator is a friend of the next three pairs' opponents (whom their
  // pots invite) and of a referee of their own.
  const befriend = async (a, b) => {
    const request = await call('POST', '/api/friends/request', a.token, { addresseeId: b.id });
    await call('POST', `/api/friends/${request.id}/accept`, b.token);
  };
  for (const [i, pair] of pairs.entries()) {
    pair.invitees = [1, 2, 3].map((step) => pairs[(i + step) % pairs.length].opponent);
    for (const invitee of pair.invitees) await befriend(pair.creator, invitee);
    pair.referee = await signUp();
    await befriend(pair.creator, pair.referee);
  }
  let pageBetId;
  for (let i = 0; i < 50; i += 1) {
    const bet = await call('POST', '/api/bets', alice.token, betBody(bob.id, i));
    await call('POST', `/api/bets/${bet.id}/accept`, bob.token, { opponentPick: 'No' });
    pageBetId = bet.id;
  }
  for (let i = 0; i < 20; i += 1) await call('POST', '/api/bets', bob.token, betBody(alice.id, i));
  await startCeilings();

  // Bets used up by the writes on a bet (accept, reports, join, call, counter): one per request, a fresh batch
  // for each run, round-robin over the pairs. autocannon builds each connection's next request before it knows
  // whether it will send it, so a run takes up to one bet per connection more than it sends: spares are made too.
  const PER_RUN = Number(flags.writes);
  const SPARE = CONNECTIONS;
  const queued = [];
  const pairOf = (i) => pairs[i % pairs.length];
  const read = (path) => () => ({ path, token: alice.token });
  let created = 0;
  /** A challenge from pair i's creator to its opponent, made by the ceiling (the fast way to set the table). */
  const challenge = (i, extra = {}) =>
    callAt(ceiling, 'POST', '/api/bets', pairOf(i).creator.token, {
      ...betBody(pairOf(i).opponent.id, i % pairs.length),
      ...extra,
    });
  /** A pot of pair i's creator inviting `invitees` (all three of the pair's by default), made by the ceiling. */
  const createPot = (i, invitees = pairOf(i).invitees) =>
    callAt(
      ceiling,
      'POST',
      '/api/bets',
      pairOf(i).creator.token,
      potBody(
        invitees.map((invitee) => invitee.id),
        i % pairs.length,
      ),
    );
  const on = (base, user, betId, action, body = {}) =>
    callAt(base, 'POST', `/api/bets/${betId}/${action}`, user.token, body);
  /**
   * A write that uses up what it acts on: `make(i)` readies the i-th (through either server) and answers the
   * request that uses it; `perMake` requests come from each (a pot's seats), as `make` returns them.
   */
  const usingUp = (name, make, perMake = 1) => ({
    name,
    method: 'POST',
    amount: PER_RUN,
    prepare: async (count = PER_RUN) => {
      const made = await inParallel(Math.ceil((SPARE + count) / perMake), 10, make);
      queued.length = 0;
      // The first request of every bet, then the second...: concurrent requests mostly land on different bets.
      for (let k = 0; k < perMake; k += 1) queued.push(...made.map((jobs) => [jobs].flat()[k]));
    },
    job: () => queued.pop(),
    // Enough for the probe to find each person's request on three bets (one per server).
    probeCount: Math.max(PER_RUN, 3 * pairs.length * perMake),
  });

  const scenarios = [
    { name: 'GET /api/auth/user', job: read('/api/auth/user') },
    { name: 'GET /api/bets/active (50 rows)', job: read('/api/bets/active') },
    { name: 'GET /api/bets/pending (20 rows)', job: read('/api/bets/pending') },
    { name: 'GET /api/wallet', job: read('/api/wallet') },
    { name: 'GET /api/bets/:id/page (an active bet)', job: () => read(`/api/bets/${pageBetId}/page`)() },
    {
      name: 'POST /api/bets (10 writers)',
      method: 'POST',
      job: () => {
        const { creator, opponent } = pairOf(created++);
        return { path: '/api/bets', token: creator.token, body: betBody(opponent.id, 'w') };
      },
    },
    {
      name: 'POST /api/bets (10 writers, one person)',
      method: 'POST',
      job: () => {
        const { creator } = pairOf(created++);
        return { path: '/api/bets', token: creator.token, body: betBody(host.id, 'h') };
      },
    },
    usingUp(`POST /api/bets/:id/accept (${PER_RUN} bets)`, async (i) => {
      const bet = await challenge(i);
      return {
        path: `/api/bets/${bet.id}/accept`,
        token: pairOf(i).opponent.token,
        body: { opponentPick: 'No' },
      };
    }),
    usingUp(`POST /api/bets/:id/submit-result (${PER_RUN} bets, first report)`, async (i) => {
      const { creator, opponent } = pairOf(i);
      const bet = await challenge(i);
      await on(ceiling, opponent, bet.id, 'accept', { opponentPick: 'No' });
      return { path: `/api/bets/${bet.id}/submit-result`, token: creator.token, body: { result: 'Yes' } };
    }),
    {
      name: 'POST /api/bets (pot of 4, 10 writers)',
      method: 'POST',
      job: () => {
        const pair = pairOf(created++);
        const inviteeIds = pair.invitees.map((invitee) => invitee.id);
        return { path: '/api/bets', token: pair.creator.token, body: potBody(inviteeIds, 'w') };
      },
    },
    usingUp(
      `POST /api/bets/:id/join (${PER_RUN} seats in pots of 4)`,
      async (i) => {
        const pot = await createPot(i);
        return pairOf(i).invitees.map((invitee, seat) => ({
          path: `/api/bets/${pot.id}/join`,
          token: invitee.token,
          body: { pick: seat === 0 ? 'Yes' : 'No' },
          twin: `${pairOf(i).creator.id} ${seat}`,
        }));
      },
      3,
    ),
    // The last of three agreeing reports, which splits the pot and pays the winners. The steps before it go
    // through Betwixt: the ceiling has no twin for them.
    usingUp(`POST /api/bets/:id/submit-result (${PER_RUN} pots of 3, settling report)`, async (i) => {
      const { creator, invitees } = pairOf(i);
      const [first, last] = invitees;
      const pot = await createPot(i, [first, last]);
      await on(app, first, pot.id, 'join', { pick: 'Yes' });
      await on(app, last, pot.id, 'join', { pick: 'No' });
      await on(app, creator, pot.id, 'lock');
      for (const player of [creator, first])
        await on(app, player, pot.id, 'submit-result', { result: 'Yes' });
      return { path: `/api/bets/${pot.id}/submit-result`, token: last.token, body: { result: 'Yes' } };
    }),
    usingUp(`POST /api/bets/:id/call (${PER_RUN} referee bets)`, async (i) => {
      const { opponent, referee } = pairOf(i);
      const bet = await challenge(i, { resolutionType: 'referee', refereeId: referee.id });
      await on(app, referee, bet.id, 'referee/accept');
      await on(app, opponent, bet.id, 'accept', { opponentPick: 'No' });
      return {
        path: `/api/bets/${bet.id}/call`,
        token: referee.token,
        body: { result: 'Yes', note: 'Seen on the replay by everyone.' },
      };
    }),
    usingUp(`POST /api/bets/:id/counter (${PER_RUN} challenges)`, async (i) => {
      const bet = await challenge(i);
      return {
        path: `/api/bets/${bet.id}/counter`,
        token: pairOf(i).opponent.token,
        body: { opponentAmount: '0.03' },
      };
    }),
  ].filter((scenario) => !flags.only || scenario.name.includes(flags.only));

  // The servers a row is timed on: every write on the least-work ceiling too.
  const serversOf = (scenario) => [
    ['betwixt', app],
    ['ceiling', ceiling],
    ...(scenario.method === 'POST' ? [['least-work', leastWork]] : []),
  ];
  // Every server must give Betwixt's answer before any is timed, and a write must leave Betwixt's rows: the same
  // request, or for a write that uses its bet up, the same request on another bet of the same pair.
  // A job's twin is the job of the same person in the same place of another bet (`twin`, else its token).
  const probe = async (scenario) => {
    await scenario.prepare?.(scenario.probeCount);
    const ours = scenario.job();
    const twinOf = (job) => job.twin ?? job.token;
    const twin = () => {
      const index = queued.findIndex((job) => twinOf(job) === twinOf(ours));
      if (index < 0) throw new Error(`${scenario.name}: no twin bet left to probe`);
      return queued.splice(index, 1)[0];
    };
    const writes = scenario.method === 'POST';
    const seen = [];
    for (const [label, base] of serversOf(scenario)) {
      const job = label === 'betwixt' || !scenario.amount ? ours : twin();
      mark?.(`probe ${scenario.name} ${label}`);
      const before = writes && (await tally(inspect));
      const answer = await callAt(base, scenario.method ?? 'GET', job.path, job.token, job.body);
      const betId = Number(job.path.match(/^\/api\/bets\/(\d+)/)?.[1] ?? answer.id);
      seen.push({ label, answer, rows: writes && (await footprint(inspect, before, betId)) });
    }
    const [betwixtSeen, ...others] = seen;
    for (const { label, answer, rows } of others) {
      await sameAnswer(scenario.name, betwixtSeen.answer, answer, label);
      if (writes && !isDeepStrictEqual(betwixtSeen.rows, rows)) {
        console.error(differences(betwixtSeen.rows, rows, label).slice(0, 40).join('\n'));
        throw new Error(`${scenario.name}: ${label} leaves other rows than Betwixt; fix it before timing`);
      }
    }
  };

  const samples = new Map(
    scenarios.map((scenario) => [scenario.name, { betwixt: [], ceiling: [], 'least-work': [] }]),
  );
  // Every route is checked before any is timed, and every difference reported at once.
  const differing = [];
  for (const scenario of scenarios) {
    try {
      await probe(scenario);
    } catch (error) {
      console.error(error.message);
      differing.push(scenario.name);
    }
  }
  if (differing.length > 0)
    throw new Error(`${differing.length} routes to fix in a ceiling: ${differing.join('; ')}`);
  await inspect.end();
  const pids = () => ({
    betwixt: betwixt.pid,
    ceiling: ceilingServer.pid,
    'least-work': leastWorkServer.pid,
  });
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round > 0) await restartAll();
    for (const scenario of scenarios) {
      // Each round starts with the next server: A/B then B/A, or A/B/C, B/C/A, C/A/B.
      const servers = serversOf(scenario);
      const start = round % servers.length;
      const order = [...servers.slice(start), ...servers.slice(0, start)];
      for (const [label, base] of order) {
        // Untimed warm-up on this route, then the timed run straight after it. Until V8 has compiled a
        // route's code, its first requests run in the interpreter and keep the compiler threads busy; Betwixt
        // has far more code on a route than the ceiling, so a cold run measures start-up, not serving. Each
        // round's processes are new, so this is their only warm-up: timed after 500 untimed reports, Betwixt's
        // report cost 2.3-2.8 ms of CPU in six rounds; after 2000, 1.5-1.7 ms (the ceiling 0.8 either way).
        // The bets for both runs are made first, so nothing happens between a server's warm-up and its timed
        // run: warmed up and then left idle for the 10-15 s the other server's preparation and warm-up took, a
        // server started its timed run with its pool's connections closed (node-postgres closes them after
        // 10 s idle, so PostgreSQL forked new backends) and after V8's idle-time GCs, one-off costs that
        // landed in a 1000-request write run.
        await scenario.prepare?.(WARM_UP_WRITES + SPARE + PER_RUN);
        await settleDatabase();
        await drive(base, {
          ...scenario,
          amount: scenario.amount && WARM_UP_WRITES,
          duration: WARM_UP_SECONDS,
        });
        const pid = pids()[label];
        const cpuBefore = cpuSeconds(pid);
        const databaseBefore = databaseCpuSeconds();
        const result = await drive(base, scenario);
        const cpu = cpuSeconds(pid) - cpuBefore;
        const databaseCpu = databaseCpuSeconds() - databaseBefore;
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${label} ${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        samples.get(scenario.name)[label].push({
          rps: result.rps,
          p50: result.latency.p50,
          p99: result.latency.p99,
          cpuMs: (cpu * 1000) / result.latency.totalCount,
          databaseCpuMs: (databaseCpu * 1000) / result.latency.totalCount,
        });
      }
      const last = Object.entries(samples.get(scenario.name))
        .filter(([, list]) => list.length > round)
        .map(([label, list]) => [label, list.at(-1)]);
      const [[, ours], ...theirs] = last;
      console.log(
        `round ${round + 1}/${ROUNDS} ${scenario.name}: ` +
          theirs
            .map(
              ([label, sample]) =>
                `${(ours.rps / sample.rps).toFixed(2)}x of the ${label === 'least-work' ? 'least-work ceiling' : label}`,
            )
            .join(', ') +
          ` (CPU ms per request, ${last.map(([label]) => label).join(' / ')}: ${last.map(([, sample]) => sample.cpuMs.toFixed(2)).join(' / ')},` +
          ` PostgreSQL ${last.map(([, sample]) => sample.databaseCpuMs.toFixed(2)).join(' / ')})`,
      );
    }
  }
  const summary = (list) => ({
    rps: median(list.map((s) => s.rps)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    cpuMs: median(list.map((s) => s.cpuMs)),
    databaseCpuMs: median(list.map((s) => s.databaseCpuMs)),
  });
  const rows = scenarios.map((scenario) => {
    const { betwixt: ours, ceiling: theirs, 'least-work': least } = samples.get(scenario.name);
    const b = summary(ours);
    const c = summary(theirs);
    const l = least.length > 0 ? summary(least) : null;
    // A ratio is of two medians; each round's own ratio (its runs back to back) is shown beside it, since the
    // machine's speed can move between rounds.
    const byRound = (other) =>
      ours.map((sample, round) => (sample.rps / other[round].rps).toFixed(2)).join(', ');
    const leastCells = l
      ? `${l.rps.toFixed(0)} | ${l.p50} / ${l.p99} | ${(b.rps / l.rps).toFixed(2)}x | ${byRound(least)}`
      : '– | – | – | –';
    const cpu = (key) =>
      [b, c, l]
        .filter(Boolean)
        .map((s) => s[key].toFixed(2))
        .join(' / ');
    return `| ${scenario.name} | ${b.rps.toFixed(0)} | ${b.p50} / ${b.p99} | ${c.rps.toFixed(0)} | ${c.p50} / ${c.p99} | ${(b.rps / c.rps).toFixed(2)}x | ${byRound(theirs)} | ${leastCells} | ${cpu('cpuMs')} | ${cpu('databaseCpuMs')} |`;
  });
  const table = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )} at the end; Node ${process.version}; ${CONNECTIONS} connections, reads ${DURATION} s, writes ${PER_RUN} requests; median of ${ROUNDS} alternating rounds, each on new processes of every server; ${new Date().toISOString()}`,
    '',
    '| endpoint | Betwixt req/s | Betwixt p50 / p99 ms | ceiling req/s | ceiling p50 / p99 ms | ratio | ratio by round | least-work req/s | least-work p50 / p99 ms | ratio to least work | by round | CPU ms per request, Betwixt / ceiling / least work | PostgreSQL CPU ms per request, same order |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
  if (flags.out) writeFileSync(flags.out, `${table}\n`);
} finally {
  await inspect.end().catch(() => {}); // ended already, or never connected
  await stopCeiling(leastWorkServer);
  await stopCeiling(ceilingServer);
  if (betwixt) await stopBetwixt(betwixt);
}

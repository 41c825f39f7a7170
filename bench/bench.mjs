#!/usr/bin/env node
// `npm run bench`: Betwixt against a raw Fastify + node-postgres "ceiling" server that does the same SQL work
// on the same database (same JWT check, same session lookup, the same JSON), driven alternately by
// autocannon, so the ratio says how much of its own stack's speed Betwixt keeps. Not part of `npm test`.
//   node bench/bench.mjs [--duration 10] [--rounds 3] [--connections 10]
import { spawn } from 'node:child_process';
import { createSecretKey, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { embeddedUrl } from '../backend/dist/database/embedded-postgres.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string' },
  },
});
const DURATION = Number(flags.duration);
const ROUNDS = Number(flags.rounds);
const CONNECTIONS = Number(flags.connections);
const APP_PORT = 3140;
const CEILING_PORT = 3141;
const PG_PORT = 54540;
const JWT_SECRET = randomBytes(32).toString('hex');
const app = `http://127.0.0.1:${APP_PORT}`;
const ceiling = `http://127.0.0.1:${CEILING_PORT}`;

// ---------- Betwixt, built, on its own embedded PostgreSQL ----------
function startBetwixt() {
  const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'betwixt-bench-')),
      EMBEDDED_PG_PORT: String(PG_PORT),
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPTS_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitFor(url) {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function call(method, path, token, body) {
  const response = await fetch(`${app}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

let people = 0;
async function signUp() {
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

// ---------- the ceiling: the same SQL and the same JSON, nothing else ----------
const SESSION_USER = `SELECT u.id, u."isAdmin" FROM sessions s JOIN users u ON u.id = (s.sess->>'userId')::uuid
  WHERE s.sid = $1 AND s.expire > now() AND u."bannedAt" IS NULL AND u."deletedAt" IS NULL`;
const SELF = `SELECT id, "firstName", "lastName", email, username, "phoneNumber", birthday, state, balance,
  "profileImageUrl", "isAdmin", "profileCompleted", "createdAt", "emailNotifications", "pushNotifications",
  "privacySettings", "twoFactorEnabled", "authProvider", "suspendedUntil"
  FROM users WHERE id = $1 AND "deletedAt" IS NULL`;
const STATS = `SELECT won, lost FROM user_bet_stats WHERE "userId" = $1`;
const ACTIVE = `SELECT b.*, row_to_json(c) AS c, row_to_json(o) AS o, row_to_json(w) AS w
  FROM bets b
  JOIN LATERAL (SELECT id, username, "firstName", "lastName", "profileImageUrl", "privacySettings" FROM users WHERE id = b."creatorId") c ON true
  LEFT JOIN LATERAL (SELECT id, username, "firstName", "lastName", "profileImageUrl", "privacySettings" FROM users WHERE id = b."opponentId") o ON true
  LEFT JOIN LATERAL (SELECT id, username, "firstName", "lastName", "profileImageUrl", "privacySettings" FROM users WHERE id = b."winnerUserId") w ON true
  WHERE (b."creatorId" = $1 OR b."opponentId" = $1) AND b.status = ANY($2) ORDER BY b.id DESC LIMIT 50`;
const FRIENDS = `SELECT CASE WHEN "requesterId" = $1 THEN "addresseeId" ELSE "requesterId" END AS id FROM friendships
  WHERE status = 'accepted' AND (("requesterId" = $1 AND "addresseeId" = ANY($2::uuid[])) OR ("addresseeId" = $1 AND "requesterId" = ANY($2::uuid[])))`;

async function startCeiling(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const key = createSecretKey(Buffer.from(JWT_SECRET, 'utf8'));
  const server = Fastify({ logger: false });
  const caller = async (request, reply) => {
    const header = request.headers.authorization ?? '';
    let sid;
    try {
      sid = jwt.verify(header.slice(7), key, { algorithms: ['HS256'] }).sid;
    } catch {
      return reply.code(401).send({ statusCode: 401, message: 'Not authenticated' });
    }
    const { rows } = await pool.query(SESSION_USER, [sid]);
    if (!rows[0]) return reply.code(401).send({ statusCode: 401, message: 'Not authenticated' });
    request.caller = rows[0];
  };
  server.get('/api/auth/user', { preHandler: caller }, async (request) => {
    const [
      {
        rows: [u],
      },
      {
        rows: [s],
      },
    ] = await Promise.all([pool.query(SELF, [request.caller.id]), pool.query(STATS, [request.caller.id])]);
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      username: u.username,
      phoneNumber: u.phoneNumber,
      birthday: u.birthday ? u.birthday.toISOString() : null,
      state: u.state,
      balance: u.balance,
      profileImageUrl: u.profileImageUrl,
      isAdmin: u.isAdmin,
      profileCompleted: u.profileCompleted,
      createdAt: u.createdAt.toISOString(),
      emailNotifications: u.emailNotifications,
      pushNotifications: u.pushNotifications,
      privacySettings: u.privacySettings,
      twoFactorEnabled: u.twoFactorEnabled,
      totalBetsWon: s?.won ?? 0,
      totalBetsLost: s?.lost ?? 0,
      authProvider: u.authProvider,
      suspendedUntil:
        u.suspendedUntil && u.suspendedUntil > new Date() ? u.suspendedUntil.toISOString() : null,
    };
  });
  server.get('/api/bets/active', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const { rows } = await pool.query(ACTIVE, [me.id, ['active', 'disputed']]);
    const ids = [...new Set(rows.flatMap((b) => [b.c?.id, b.o?.id, b.w?.id]).filter(Boolean))];
    const friends = new Set((await pool.query(FRIENDS, [me.id, ids])).rows.map((r) => r.id));
    const party = (u) => {
      if (!u) return null;
      const relation =
        u.id === me.id ? 'self' : me.isAdmin ? 'admin' : friends.has(u.id) ? 'friend' : 'stranger';
      const visibility = u.privacySettings?.profileVisibility ?? 'private';
      const show =
        relation === 'self' ||
        relation === 'admin' ||
        visibility === 'public' ||
        (visibility === 'friends' && relation === 'friend');
      return {
        id: u.id,
        username: u.username,
        firstName: show ? u.firstName : null,
        lastName: show ? u.lastName : null,
        profileImageUrl: show ? u.profileImageUrl : null,
      };
    };
    return rows.map((b) => ({
      id: b.id,
      title: b.title,
      description: b.description,
      amount: b.amount,
      outcomes: b.outcomes,
      creatorId: b.creatorId,
      opponentId: b.opponentId,
      creator: party(b.c),
      opponent: party(b.o),
      creatorPick: b.creatorPick,
      opponentPick: b.opponentPick,
      creatorResult: b.creatorResult,
      opponentResult: b.opponentResult,
      finalResult: b.finalResult,
      winnerUserId: b.winnerUserId,
      winner: party(b.w),
      status: b.status,
      resolutionType: b.resolutionType,
      duration: b.duration,
      createdAt: b.createdAt.toISOString(),
      expiresAt: b.expiresAt ? b.expiresAt.toISOString() : null,
      resolutionDate: b.resolutionDate ? b.resolutionDate.toISOString() : null,
    }));
  });
  await server.listen({ port: CEILING_PORT, host: '127.0.0.1' });
  return {
    close: async () => {
      await server.close();
      await pool.end();
    },
  };
}

// ---------- driving ----------
function drive(url, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${token}` } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const betwixt = startBetwixt();
let ceilingServer;
try {
  await waitFor(`${app}/api/health`);
  const alice = await signUp();
  const bob = await signUp();
  for (let i = 0; i < 50; i += 1) {
    const bet = await call('POST', '/api/bets', alice.token, {
      opponentId: bob.id,
      amount: '1.00',
      title: `Bench bet ${i}`,
      outcomes: ['Yes', 'No'],
      duration: 168,
      creatorPick: 'Yes',
    });
    await call('POST', `/api/bets/${bet.id}/accept`, bob.token, { opponentPick: 'No' });
  }
  ceilingServer = await startCeiling(embeddedUrl(PG_PORT, 'betwixt'));

  const endpoints = [
    { name: 'GET /api/auth/user', path: '/api/auth/user' },
    { name: 'GET /api/bets/active (50 rows)', path: '/api/bets/active' },
  ];
  const rows = [];
  for (const endpoint of endpoints) {
    const [ours, theirs] = await Promise.all(
      [app, ceiling].map(async (base) => {
        const response = await fetch(`${base}${endpoint.path}`, {
          headers: { authorization: `Bearer ${alice.token}` },
        });
        return response.json();
      }),
    );
    if (!isDeepStrictEqual(ours, theirs)) {
      console.error(JSON.stringify({ ours, theirs }, null, 1).slice(0, 3000));
      throw new Error(
        `${endpoint.name}: Betwixt and the ceiling answer differently; fix the ceiling before timing`,
      );
    }
    const samples = { betwixt: [], ceiling: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [label, base] of round % 2 === 0
        ? [
            ['betwixt', app],
            ['ceiling', ceiling],
          ]
        : [
            ['ceiling', ceiling],
            ['betwixt', app],
          ]) {
        const result = await drive(`${base}${endpoint.path}`, alice.token);
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${label} ${endpoint.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        samples[label].push({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
        });
      }
    }
    const summary = (list) => ({
      rps: median(list.map((s) => s.rps)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
    });
    const b = summary(samples.betwixt);
    const c = summary(samples.ceiling);
    rows.push(
      `| ${endpoint.name} | ${b.rps.toFixed(0)} | ${b.p50} / ${b.p99} | ${c.rps.toFixed(0)} | ${c.p50} / ${c.p99} | ${(b.rps / c.rps).toFixed(2)}x |`,
    );
  }
  const table = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${CONNECTIONS} connections, ${DURATION} s, median of ${ROUNDS} alternating rounds; ${new Date().toISOString()}`,
    '',
    '| endpoint | Betwixt req/s | Betwixt p50 / p99 ms | ceiling req/s | ceiling p50 / p99 ms | ratio |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
  if (flags.out) writeFileSync(flags.out, `${table}\n`);
} finally {
  await ceilingServer?.close();
  betwixt.kill('SIGINT');
  await new Promise((resolve) => betwixt.once('exit', resolve));
}

#!/usr/bin/env node
// `npm run bench:scale`: how the read endpoints hold up as the bets table grows. Starts the built app on its own
// embedded PostgreSQL, seeds bets with generate_series in steps (10k, 100k, 1M by default) among ~10k users,
// with a few "heavy" people in ~1 of 50 bets each (as creator and as opponent; each takes twelve in a row, so
// every status, open ones too, is among theirs), a tenth of the bets group pots of
// 3 to 20 players (scale-pots.mjs), 10k circles with a tenth of the bets posted in them (scale-circles.mjs), and
// after each step prints
// p50/p99 of every list and summary endpoint, for a heavy user and for an admin. Not part of `npm test`.
//   node bench/scale.mjs [--sizes 10000,100000,1000000] [--duration 5] [--connections 1] [--out file]
// One connection by default: each latency is then the endpoint's own time, which is what must stay flat as the
// table grows. With more, the figures add the wait behind the other connections on this 2-core machine, which
// is throughput, and `npm run bench` measures that against its ceiling.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedUrl } from '../backend/dist/database/embedded-postgres.js';
import { circleReads, seedCircleBets, setUpCircles } from './scale-circles.mjs';
import { POT_USER_READS, potPageOf, seedPots } from './scale-pots.mjs';
import { cannon, client, signUp, startBetwixt, stopBetwixt, waitFor } from './support.mjs';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const SIZES = flags.sizes.split(',').map(Number);
const APP_PORT = 3160;
const PG_PORT = 54560;
const app = `http://127.0.0.1:${APP_PORT}`;
const call = client(app);
const HEAVY = 3;

const USER_READS = [
  '/api/auth/user',
  '/api/bets/active',
  '/api/bets/pending',
  '/api/bets/completed',
  '/api/bets/history',
  '/api/bets/expiring',
  '/api/bets/{page}',
  '/api/wallet',
  '/api/wallet/transactions',
  '/api/activities',
  '/api/notifications',
  '/api/analytics/user-stats',
  '/api/friends',
  '/api/friends/requests',
];
const ADMIN_READS = [
  '/api/admin/analytics',
  '/api/admin/users',
  '/api/admin/disputed-bets',
  '/api/admin/resolved-disputes',
  '/api/admin/audit-log',
];

/**
 * Adds bets numbered (from, to] among the seeded users. Statuses cycle through every kind a list can show;
 * bets i ≡ 0 (mod 50) are created by a heavy person and i ≡ 25 (mod 50) challenge one. Money columns are
 * not kept consistent with the ledger (this database exists to be timed, then thrown away), so the bets'
 * triggers (ledger guard, per-user counters) are off while seeding, except the admin totals' INSERT trigger:
 * one statement-level delta row per step keeps GET /api/admin/analytics right.
 */
async function seed(db, from, to, heavy) {
  await db.query(`ALTER TABLE bets DISABLE TRIGGER USER`);
  await db.query(`ALTER TABLE bets ENABLE TRIGGER "TRG_bets_admin_totals_insert"`);
  await db.query(
    `WITH u AS (SELECT array_agg(id ORDER BY id) a FROM users WHERE email LIKE 'seed%'), h AS (SELECT $3::uuid[] AS a)
     INSERT INTO bets (title, amount, "creatorId", "opponentId", status, duration, outcomes, "creatorPick", "opponentPick",
                       "resolutionType", "expiresAt", "createdAt", "winnerUserId", "resolutionDate", "finalResult")
     SELECT 'Bet ' || i, 1.00,
            CASE WHEN i % 50 = 0 THEN h.a[1 + (i / 600) % ${HEAVY}] ELSE u.a[1 + (i % 10000)] END,
            CASE WHEN i % 50 = 25 THEN h.a[1 + (i / 600) % ${HEAVY}] ELSE u.a[1 + ((i * 7 + 3) % 10000)] END,
            (ARRAY['completed','completed','completed','completed','completed','completed','declined','cancelled','expired','active','pending','disputed'])[1 + i % 12],
            168, ARRAY['Yes','No'], 'Yes', 'No', CASE WHEN i % 97 = 0 THEN 'admin' ELSE 'mutual' END,
            now() + ((i % 400) - 200) * interval '1 hour', now() - (i % 1000) * interval '1 hour',
            CASE WHEN i % 12 < 6 THEN CASE WHEN i % 50 = 0 THEN h.a[1 + (i / 600) % ${HEAVY}] ELSE u.a[1 + (i % 10000)] END END,
            CASE WHEN i % 12 < 6 OR i % 12 = 11 THEN now() - (i % 900) * interval '1 hour' END,
            CASE WHEN i % 12 < 6 THEN 'Yes' WHEN i % 12 = 11 THEN 'disputed' END
       FROM generate_series($1::int + 1, $2::int) i, u, h`,
    [from, to, heavy],
  );
  // A tenth of them group pots (scale-pots.mjs), before the figures below are counted from the seats.
  await seedPots(db, from, to, heavy);
  await db.query(`ALTER TABLE bets ENABLE TRIGGER USER`);
  // The per-user figures (user-stats reads them) counted again from what was seeded.
  await db.query(`SELECT betwixt_rebuild_user_stats()`);
  await db.query(
    `INSERT INTO bet_activities ("betId", "userId", "activityType", description)
     SELECT id, "creatorId", 'bet_created', 'Bet created: ' || title FROM bets WHERE id > $1 AND id <= $2`,
    [from, to],
  );
  await db.query(
    `INSERT INTO dispute_resolutions ("betId", "reporterId", reason, status)
     SELECT id, "creatorId", 'Reports disagree', 'pending' FROM bets WHERE id > $1 AND id <= $2 AND status = 'disputed'`,
    [from, to],
  );
  await db.query('ANALYZE');
}

async function time(path, token) {
  const result = await cannon({
    url: `${app}${path}`,
    connections: Number(flags.connections),
    duration: Number(flags.duration),
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

const betwixt = startBetwixt({ port: APP_PORT, pgPort: PG_PORT, jwtSecret: randomBytes(32).toString('hex') });
const db = new pg.Client(embeddedUrl(PG_PORT, 'betwixt'));
try {
  await waitFor(`${app}/api/health`, betwixt);
  await db.connect();
  const heavy = [];
  for (let i = 0; i < HEAVY; i += 1) heavy.push(await signUp(call));
  const admin = await signUp(call);
  await db.query(`UPDATE users SET "isAdmin" = true WHERE id = $1`, [admin.id]);
  await db.query(`INSERT INTO users (id, email, username, "firstName", "lastName", balance, "authProvider")
    SELECT gen_random_uuid(), 'seed' || i || '@example.com', 'seed' || i, 'Seed', 'Person' || i, 0, 'manual' FROM generate_series(1, 10000) i`);
  const heavyIds = heavy.map((person) => person.id);
  const circles = await setUpCircles(db, heavyIds[0]);
  const lines = [];
  let seeded = 0;
  for (const size of SIZES) {
    const started = Date.now();
    await seed(db, seeded, size, heavyIds);
    const newestPost = await seedCircleBets(db, seeded, size, circles);
    seeded = size;
    const [{ id: pageBet }] = (
      await db.query(`SELECT id FROM bets WHERE "creatorId" = $1 ORDER BY id DESC LIMIT 1`, [heavyIds[0]])
    ).rows;
    const potPage = await potPageOf(db, heavyIds[0]);
    console.log(`seeded ${size} bets in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const [who, token, paths] of [
      ['user', heavy[0].token, [...USER_READS, ...POT_USER_READS, ...circleReads(circles, newestPost)]],
      ['admin', admin.token, ADMIN_READS],
    ]) {
      for (const template of paths) {
        // A path with {page} or {potPage} in it, or one with ids in it and the label to print instead (circles).
        const path =
          typeof template === 'string'
            ? template.replace('{page}', `${pageBet}/page`).replace('{potPage}', `${potPage}/page`)
            : template.path;
        const label =
          typeof template === 'string'
            ? `GET ${template.replace('{page}', ':id/page').replace('{potPage}', ':id/page (a pot)')}`
            : template.label;
        const { latency, requests } = await time(path, token);
        const line = `| ${size.toLocaleString('en-US')} | ${who} | ${label} | ${latency.p50} | ${latency.p99} | ${requests.average.toFixed(0)} |`;
        console.log(line);
        lines.push(line);
      }
    }
  }
  const table = [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )} at the end; Node ${process.version}; ${flags.connections} connections, ${flags.duration} s per endpoint; ${new Date().toISOString()}`,
    '',
    '| bets | as | endpoint | p50 ms | p99 ms | req/s |',
    '|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
  console.log(`\n${table}\n`);
  if (flags.out) writeFileSync(flags.out, `${table}\n`);
} finally {
  await db.end().catch(() => undefined);
  await stopBetwixt(betwixt);
}

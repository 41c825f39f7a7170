// `node bench/explain.mjs` (DATABASE_URL = a scratch server): seeds 10k users and 1M bets with generate_series in a
// database of its own and prints EXPLAIN ANALYZE of the scheduled jobs' and admin list queries (docs/performance.md).
import pg from 'pg';
import { migrate } from '../backend/dist/database/migrate.js';
const admin = new pg.Client(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS betwixt_explain');
await admin.query('CREATE DATABASE betwixt_explain');
await admin.end();
const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = '/betwixt_explain';
await migrate(url.toString());
const db = new pg.Client(url.toString());
await db.connect();
await db.query(`INSERT INTO users (id, email, username, "firstName", "lastName", balance, "authProvider")
  SELECT gen_random_uuid(), 'u' || i || '@x.test', 'u' || i, 'F', 'L', 0, 'manual' FROM generate_series(1, 10000) i`);
await db.query(`ALTER TABLE bets DISABLE TRIGGER USER`);
// The admin totals' statement-level INSERT trigger stays on: one change row for the million bets.
await db.query(`ALTER TABLE bets ENABLE TRIGGER "TRG_bets_admin_totals_insert"`);
await db.query(`WITH u AS (SELECT array_agg(id) a FROM users)
  INSERT INTO bets (title, amount, "creatorId", "opponentId", status, duration, outcomes, "creatorPick", "resolutionType", "expiresAt", "createdAt", "winnerUserId", "resolutionDate")
  SELECT 'Bet ' || i, 1.00, u.a[1 + (i % 10000)], u.a[1 + ((i * 7 + 3) % 10000)],
         (ARRAY['completed','completed','completed','completed','completed','completed','declined','cancelled','expired','active','pending','disputed'])[1 + i % 12],
         168, ARRAY['Yes','No'], 'Yes', 'mutual', now() + ((i % 400) - 200) * interval '1 hour', now() - (i % 1000) * interval '1 hour',
         CASE WHEN i % 12 < 6 THEN u.a[1 + (i % 10000)] END, CASE WHEN i % 12 < 6 THEN now() - (i % 900) * interval '1 hour' END
    FROM generate_series(1, 1000000) i, u`);
await db.query(`ALTER TABLE bets ENABLE TRIGGER USER`);
await db.query(`ANALYZE`);
const explain = async (label, sql, params = []) => {
  const { rows } = await db.query(
    `EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF, TIMING ON, SUMMARY ON) ${sql}`,
    params,
  );
  console.log(`\n### ${label}\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
};
await explain(
  'Deadlines job: pending bets past their deadline',
  `SELECT id FROM bets WHERE status = 'pending' AND "expiresAt" <= now() ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
);
await explain(
  'Deadlines job: active bets past their deadline',
  `SELECT id FROM bets WHERE status = 'active' AND "expiresAt" <= now() - interval '24 hours' ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
);
await explain(
  'Reminders job: bets due a reminder',
  `SELECT id FROM bets WHERE status IN ('pending', 'active') AND "reminderSentAt" IS NULL AND "expiresAt" > now() + interval '54 minutes' AND "expiresAt" <= now() + interval '1 hour' ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
);
// The admin lists are paged by keyset cursors (docs/performance.md, "Paging"): the plans of a page deep in the list.
const [resolvedCursor] = (
  await db.query(`SELECT "resolutionDate", id FROM bets WHERE status = 'completed' AND "resolutionType" = 'admin'
                   ORDER BY "resolutionDate" DESC, id DESC OFFSET 5000 LIMIT 1`)
).rows;
await explain(
  'Admin: resolved disputes (a page after a cursor)',
  `SELECT id FROM bets WHERE status = 'completed' AND "resolutionType" = 'admin' AND "resolutionDate" IS NOT NULL
      AND ("resolutionDate", id) < ($1::timestamptz, $2::int) ORDER BY "resolutionDate" DESC, id DESC LIMIT 101`,
  [resolvedCursor?.resolutionDate ?? new Date(), resolvedCursor?.id ?? 1],
);
await explain(
  'Admin: disputed bets (first page)',
  `SELECT id FROM bets WHERE status = 'disputed' AND "resolutionDate" IS NOT NULL
    ORDER BY "resolutionDate" DESC, id DESC LIMIT 101`,
);
const [userCursor] = (await db.query(`SELECT "createdAt", id FROM users ORDER BY "createdAt" DESC, id DESC OFFSET 5000 LIMIT 1`))
  .rows;
await explain(
  'Admin: users (a page after a cursor)',
  `SELECT id FROM users WHERE "deletedAt" IS NULL AND ("createdAt", id) < ($1::timestamptz, $2::uuid)
    ORDER BY "createdAt" DESC, id DESC LIMIT 51`,
  [userCursor.createdAt, userCursor.id],
);
await explain(
  "A user's active bets",
  `SELECT b.id FROM bets b WHERE (b."creatorId" = $1 OR b."opponentId" = $1) AND b.status = ANY($2) ORDER BY b.id DESC LIMIT 50`,
  [(await db.query('SELECT "creatorId" FROM bets LIMIT 1')).rows[0].creatorId, ['active', 'disputed']],
);
// GET /api/admin/analytics (AdminRepository.analytics): the sum of the change rows, here the backfill, the users'
// and the bets' insert rows; then with 10,000 more (a busy minute of bet changes before the compaction job).
const analytics = `SELECT coalesce(sum(users), 0)::int AS "totalUsers", coalesce(sum(bets), 0)::int AS "totalBets",
         coalesce(sum(volume), 0)::numeric(14,2)::text AS "totalVolume", coalesce(sum(disputed), 0)::int AS "activeDisputes"
    FROM admin_totals_delta`;
await explain('Admin: analytics', analytics);
await db.query(`INSERT INTO admin_totals_delta (volume) SELECT 0 FROM generate_series(1, 10000)`);
await db.query(`ANALYZE admin_totals_delta`);
await explain('Admin: analytics, 10,000 change rows not yet compacted', analytics);
await db.end();

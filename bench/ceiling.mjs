// The ceiling for `npm run bench`: a raw Fastify + node-postgres server that does the same SQL work as
// Betwixt for each benchmarked route (the same JWT check, the same session lookup, the same statements in
// the same transactions, the same row locks) and answers byte-identical JSON, with nothing else: no Nest,
// no TypeORM, no validation pipes, no interceptors. bench.mjs checks the two answer alike before timing.
// When a Betwixt route changes the SQL it sends, change its twin here.
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const SESSION_USER = `SELECT u.id, u."isAdmin" FROM sessions s JOIN users u ON u.id = (s.sess->>'userId')::uuid
  WHERE s.sid = $1 AND s.expire > now() AND u."bannedAt" IS NULL AND u."deletedAt" IS NULL`;
const SELF = `SELECT u.id, u."firstName", u."lastName", u.email, u.username, u."phoneNumber", u.birthday, u.state,
  u.balance, u."profileImageUrl", u."isAdmin", u."profileCompleted", u."createdAt", u."emailNotifications",
  u."pushNotifications", u."privacySettings", u."twoFactorEnabled", u."authProvider", u."suspendedUntil", s.won, s.lost
  FROM users u LEFT JOIN user_bet_stats s ON s."userId" = u.id WHERE u.id = $1 AND u."deletedAt" IS NULL`;
const PERSON = `id, username, "firstName", "lastName", "profileImageUrl", "privacySettings", email`;
// The bet columns and people Betwixt's BetsReadService reads (BET_COLUMNS, PEOPLE_JOINS there).
const BET_COLUMNS = `b.id, b.title, b.description, b.amount, b.outcomes, b."creatorId", b."opponentId", b.status,
  b.duration, b."creatorPick", b."opponentPick", b."creatorResult", b."opponentResult", b."finalResult",
  b."resolutionType", b."winnerUserId", b."resolutionDate", b."expiresAt", b."createdAt", b."challengeCode",
  row_to_json(c) AS c, row_to_json(o) AS o, row_to_json(w) AS w`;
const PEOPLE_JOINS = `
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = b."creatorId") c ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = b."opponentId") o ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM users WHERE id = b."winnerUserId") w ON true`;
const BET_WITH_PEOPLE = `SELECT ${BET_COLUMNS} FROM bets b ${PEOPLE_JOINS}`;
// An open list's page as BetsReadService.list sends it: the viewer's bets in those statuses gathered first
// through the status indexes, then cut ($3 cursor and $4 opponent unused here, as on the dashboard).
const LIST = `WITH page AS (WITH mine AS MATERIALIZED (SELECT id FROM bets WHERE ("creatorId" = $1 OR "opponentId" = $1)
  AND status = ANY($2)
  AND ($3::int IS NULL OR id < $3)
  AND ($4::uuid IS NULL OR "creatorId" = $4 OR "opponentId" = $4))
  SELECT id FROM mine ORDER BY id DESC LIMIT $5)
  SELECT ${BET_COLUMNS}
    FROM page JOIN bets b ON b.id = page.id ${PEOPLE_JOINS}
   ORDER BY b.id DESC`;
const FRIENDS = `SELECT CASE WHEN "requesterId" = $1 THEN "addresseeId" ELSE "requesterId" END AS id FROM friendships
  WHERE status = 'accepted' AND (("requesterId" = $1 AND "addresseeId" = ANY($2::uuid[])) OR ("addresseeId" = $1 AND "requesterId" = ANY($2::uuid[])))`;
const WALLET = `WITH escrow AS (
    SELECT coalesce(sum(amount), 0) AS held FROM bets
     WHERE ("creatorId" = $1 AND status IN ('pending', 'active', 'disputed'))
        OR ("opponentId" = $1 AND status IN ('active', 'disputed')))
  SELECT u.balance::text AS available, escrow.held::numeric(10,2)::text AS "inPlay",
         (u.balance + escrow.held)::numeric(12,2)::text AS total
    FROM users u, escrow WHERE u.id = $1`;
const NOT_SUSPENDED = `SELECT ("suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2) AS suspended FROM users WHERE id = $1`;
const LOCK_BET = `SELECT * FROM bets WHERE id = $1 FOR NO KEY UPDATE`;
const LOCK_ACCOUNTS = `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
const DEBIT = `WITH changed AS (
    UPDATE users SET balance = balance + $2::numeric
     WHERE id = $1 AND (balance + $2::numeric >= 0 OR $2::numeric >= 0 OR $3)
     RETURNING balance)
  SELECT (balance - $2::numeric)::text AS before, balance::text AS after FROM changed`;
const LEDGER_ROW = `INSERT INTO transactions ("userId", type, amount, "balanceBefore", "balanceAfter", "referenceType",
  "referenceId", description) VALUES ($1, 'bet_stake', $2, $3, $4, 'bet', $5, $6) RETURNING id, "createdAt"`;
const ACTIVITIES = `INSERT INTO bet_activities ("betId", "userId", "activityType", description)
  SELECT $1, * FROM unnest($2::uuid[], $3::text[], $4::text[])`;
const ACTOR_NAMES = `SELECT id, username FROM users WHERE id = ANY($1::uuid[])`;
const NOTIFICATION = `INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
  VALUES ($1, $2, $3, $4, $5, $6, NULL) RETURNING id, "createdAt"`;

// The bench runs Betwixt without SMTP, so the email half selects nothing in both servers ($3 false).
const OUTBOX = `INSERT INTO notification_outbox ("notificationId", channel, "subscriptionId", "nextAttemptAt")
  SELECT n.id, 'email', NULL::int, $2::timestamptz
    FROM notifications n JOIN users u ON u.id = n."userId"
   WHERE $3::boolean AND n.id = ANY($1::int[]) AND n.type = ANY($4::text[])
     AND u."emailNotifications" AND u."deletedAt" IS NULL AND u."bannedAt" IS NULL
  UNION ALL
  SELECT n.id, 'push', s.id, $2::timestamptz
    FROM notifications n
    JOIN users u ON u.id = n."userId" AND u."pushNotifications"
    JOIN push_subscriptions s ON s."userId" = n."userId"
   WHERE n.id = ANY($1::int[])
  RETURNING channel`;
const NOT_AUTHENTICATED = { statusCode: 401, message: 'Not authenticated' };
const usd = (amount) => `$${Number(amount).toFixed(2)}`;
const quoted = (title) => `“${title}”`;
const iso = (date) => (date ? date.toISOString() : null);

/** The viewer's relation to each person, as RelationsService.relationsOf decides it (one query). */
async function relationsOf(db, me, people) {
  const ids = [...new Set(people.filter(Boolean).map((person) => person.id))];
  const friends =
    ids.length === 0 ? new Set() : new Set((await db.query(FRIENDS, [me.id, ids])).rows.map((r) => r.id));
  return (id) => (id === me.id ? 'self' : me.isAdmin ? 'admin' : friends.has(id) ? 'friend' : 'stranger');
}

/** Bets as BetDto, with each person summarised as privacy allows. */
async function presentBets(db, me, rows) {
  const relation = await relationsOf(
    db,
    me,
    rows.flatMap((b) => [b.c, b.o, b.w]),
  );
  const party = (u) => {
    if (!u) return null;
    const seenAs = relation(u.id);
    const visibility = u.privacySettings?.profileVisibility ?? 'private';
    const show =
      seenAs === 'self' ||
      seenAs === 'admin' ||
      visibility === 'public' ||
      (visibility === 'friends' && seenAs === 'friend');
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
    expiresAt: iso(b.expiresAt),
    resolutionDate: iso(b.resolutionDate),
    // An open challenge's link code is shown to its creator only (BetsReadService).
    challengeCode: b.creatorId === me.id ? b.challengeCode : null,
  }));
}

async function oneBet(db, me, id) {
  const { rows } = await db.query(`${BET_WITH_PEOPLE} WHERE b.id = $1`, [id]);
  return (await presentBets(db, me, rows))[0];
}

/** BEGIN … COMMIT on one pooled client, rolled back on any error. */
async function transaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** LedgerService.post for one stake: lock the account, move the balance, write the ledger row. */
async function postStake(db, userId, bet) {
  await db.query(LOCK_ACCOUNTS, [[userId]]);
  const {
    rows: [moved],
  } = await db.query(DEBIT, [userId, `-${bet.amount}`, false]);
  if (!moved) throw Object.assign(new Error('Insufficient balance'), { statusCode: 400 });
  await db.query(LEDGER_ROW, [
    userId,
    `-${bet.amount}`,
    moved.before,
    moved.after,
    String(bet.id),
    `Stake: ${bet.title}`,
  ]);
}

/**
 * NotificationsService.notify for one notification: the actor's name, then the row (its transaction id is the
 * column's default, which the live stream orders by).
 */
async function notify(db, { userId, type, betId, actorId, title, body }) {
  const { rows } = await db.query(ACTOR_NAMES, [[actorId]]);
  const who = rows[0]?.username ?? 'Someone';
  const {
    rows: [notification],
  } = await db.query(NOTIFICATION, [userId, type, title(who).slice(0, 200), body, betId, actorId]);
  // NotificationOutbox.enqueue: the email and push rows of this notification, in the same transaction.
  await db.query(OUTBOX, [[notification.id], new Date(), false, []]);
}

async function assertNotSuspended(db, userId) {
  const { rows } = await db.query(NOT_SUSPENDED, [userId, new Date()]);
  if (rows[0]?.suspended) throw Object.assign(new Error('suspended'), { statusCode: 403 });
}

export async function startCeiling({ databaseUrl, jwtSecret, port }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const key = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
  const server = Fastify({ logger: false });
  const caller = async (request, reply) => {
    const header = request.headers.authorization ?? '';
    let sid;
    try {
      sid = jwt.verify(header.slice(7), key, { algorithms: ['HS256'] }).sid;
    } catch {
      return reply.code(401).send(NOT_AUTHENTICATED);
    }
    const { rows } = await pool.query(SESSION_USER, [sid]);
    if (!rows[0]) return reply.code(401).send(NOT_AUTHENTICATED);
    request.caller = rows[0];
  };

  server.get('/api/auth/user', { preHandler: caller }, async (request) => {
    const {
      rows: [u],
    } = await pool.query(SELF, [request.caller.id]);
    return {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      username: u.username,
      phoneNumber: u.phoneNumber,
      birthday: iso(u.birthday),
      state: u.state,
      balance: u.balance,
      profileImageUrl: u.profileImageUrl,
      isAdmin: u.isAdmin,
      profileCompleted: u.profileCompleted,
      createdAt: u.createdAt.toISOString(),
      emailNotifications: u.emailNotifications,
      pushNotifications: u.pushNotifications,
      privacySettings: { allowChallengesFrom: 'everyone', ...u.privacySettings },
      twoFactorEnabled: u.twoFactorEnabled,
      totalBetsWon: u.won ?? 0,
      totalBetsLost: u.lost ?? 0,
      authProvider: u.authProvider === 'oidc' ? 'oidc' : 'manual',
      suspendedUntil:
        u.suspendedUntil && u.suspendedUntil > new Date() ? u.suspendedUntil.toISOString() : null,
    };
  });

  for (const [path, statuses] of [
    ['/api/bets/active', ['active', 'disputed']],
    ['/api/bets/pending', ['pending']],
  ]) {
    server.get(path, { preHandler: caller }, async (request) => {
      const { rows } = await pool.query(LIST, [request.caller.id, statuses, null, null, 50]);
      return presentBets(pool, request.caller, rows);
    });
  }

  server.get('/api/wallet', { preHandler: caller }, async (request) => {
    const {
      rows: [row],
    } = await pool.query(WALLET, [request.caller.id]);
    return { available: row.available, inPlay: row.inPlay, total: row.total, currency: 'USD' };
  });

  // A bet's page as a party sees it (bench.mjs asks for an active bet of the viewer, no dispute).
  server.get('/api/bets/:id/page', { preHandler: caller }, async (request, reply) => {
    const me = request.caller;
    const id = Number(request.params.id);
    const bet = await oneBet(pool, me, id);
    if (!bet || (bet.creatorId !== me.id && bet.opponentId !== me.id)) return reply.code(404).send({});
    const viewerRole = bet.creatorId === me.id ? 'creator' : 'opponent';
    const [events, receipts, disputes] = await Promise.all([
      pool.query(
        `SELECT "createdAt" AS at, "activityType" AS type, description AS text
           FROM bet_activities WHERE "betId" = $1 AND "userId" = $2 ORDER BY id`,
        [id, me.id],
      ),
      pool.query(
        `SELECT id::text AS id, "userId", type, amount, "balanceAfter", description, "createdAt"
           FROM transactions
          WHERE "referenceType" = 'bet' AND "referenceId" = $1 AND type = ANY($2)
            AND ($3::uuid IS NULL OR "userId" = $3)
          ORDER BY id`,
        [String(id), ['bet_stake', 'bet_refund', 'bet_payout', 'payout_reversal'], me.id],
      ),
      pool.query(
        `SELECT "createdAt" AS "openedAt", "reporterId", status, "resolvedAt" AS "decidedAt"
           FROM dispute_resolutions WHERE "betId" = $1 ORDER BY id DESC LIMIT 1`,
        [id],
      ),
      pool.query(
        `SELECT reason FROM admin_audit_log
          WHERE "targetType" = 'bet' AND "targetId" = $1 AND action = ANY($2)
          ORDER BY id DESC LIMIT 1`,
        [String(id), ['resolve_dispute', 'edit_resolution']],
      ),
      pool.query(
        `SELECT "userId", text, links, "createdAt", "updatedAt" FROM dispute_statements WHERE "betId" = $1 ORDER BY id`,
        [id],
      ),
    ]);
    if (disputes.rows.length > 0)
      return reply.code(500).send({ message: 'the ceiling serves undisputed bets only' });
    return {
      bet,
      viewerRole,
      timeline: events.rows.map((row) => ({ at: row.at.toISOString(), type: row.type, text: row.text })),
      receipts: receipts.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      dispute: null,
      disputeHistory: [],
    };
  });

  server.post('/api/bets', { preHandler: caller }, async (request, reply) => {
    const me = request.caller;
    const input = request.body;
    const bet = await transaction(pool, async (db) => {
      await assertNotSuspended(db, me.id);
      const {
        rows: [opponent],
      } = await db.query(`SELECT id, "deletedAt", "bannedAt", "privacySettings" FROM users WHERE id = $1`, [
        input.opponentId,
      ]);
      if (!opponent) throw Object.assign(new Error('no opponent'), { statusCode: 400 });
      const {
        rows: [created],
      } = await db.query(
        `INSERT INTO bets (title, description, amount, "creatorId", "opponentId", status, duration, outcomes,
           "creatorPick", "resolutionType", "expiresAt")
         VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, 'mutual', $9) RETURNING *`,
        [
          input.title,
          input.description || null,
          Number(input.amount).toFixed(2),
          me.id,
          opponent.id,
          input.duration,
          input.outcomes,
          input.creatorPick,
          new Date(Date.now() + input.duration * 3_600_000),
        ],
      );
      await postStake(db, me.id, created);
      await db.query(ACTIVITIES, [
        created.id,
        [me.id, opponent.id],
        ['bet_created', 'bet_received'],
        [`Bet created: ${created.title}`, `New challenge received: ${created.title}`],
      ]);
      await notify(db, {
        userId: opponent.id,
        type: 'bet_received',
        betId: created.id,
        actorId: me.id,
        title: (who) => `New challenge from ${who}`,
        body: `${quoted(created.title)} for ${usd(created.amount)}. Accept or decline it before it expires.`,
      });
      return created;
    });
    reply.code(201);
    return oneBet(pool, me, bet.id);
  });

  server.post('/api/bets/:id/accept', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const id = Number(request.params.id);
    const pick = request.body.opponentPick;
    await transaction(pool, async (db) => {
      const {
        rows: [bet],
      } = await db.query(LOCK_BET, [id]);
      if (!bet || bet.opponentId !== me.id || bet.status !== 'pending' || pick === bet.creatorPick)
        throw Object.assign(new Error('not acceptable'), { statusCode: 409 });
      await assertNotSuspended(db, me.id);
      await postStake(db, me.id, bet);
      await db.query(
        `UPDATE bets SET "opponentPick" = $2, status = 'active' WHERE id = $1 AND status = 'pending'`,
        [id, pick],
      );
      await db.query(ACTIVITIES, [
        id,
        [bet.creatorId, me.id],
        ['bet_accepted', 'bet_accepted'],
        [`Bet accepted: ${bet.title}`, `You accepted a challenge: ${bet.title}`],
      ]);
      await notify(db, {
        userId: bet.creatorId,
        type: 'bet_accepted',
        betId: id,
        actorId: me.id,
        title: (who) => `${who} accepted your challenge`,
        body: `${quoted(bet.title)} is on: ${usd(bet.amount)} each. Report the result when it is decided.`,
      });
    });
    return oneBet(pool, me, id);
  });

  // The first of the two reports: recorded, the other party told; no money moves until both agree.
  server.post('/api/bets/:id/submit-result', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const id = Number(request.params.id);
    return transaction(pool, async (db) => {
      const {
        rows: [bet],
      } = await db.query(LOCK_BET, [id]);
      if (!bet || bet.status !== 'active' || bet.creatorId !== me.id || bet.opponentResult !== null)
        throw Object.assign(new Error('not reportable'), { statusCode: 409 });
      await assertNotSuspended(db, me.id);
      await db.query(
        `UPDATE bets SET "creatorResult" = $2, status = 'active' WHERE id = $1 AND status = 'active'`,
        [id, request.body.result],
      );
      await db.query(ACTIVITIES, [id, [me.id], ['result_submitted'], [`Result submitted: ${bet.title}`]]);
      await notify(db, {
        userId: bet.opponentId,
        type: 'result_submitted',
        betId: id,
        actorId: me.id,
        title: (who) => `${who} reported a result`,
        body: `Submit your outcome for ${quoted(bet.title)} to settle it.`,
      });
      return { success: true, status: 'active', message: 'Your outcome has been recorded.' };
    });
  });

  await server.listen({ port, host: '127.0.0.1' });
  return {
    close: async () => {
      await server.close();
      await pool.end();
    },
  };
}

/**
 * Run as a program (`node bench/ceiling.mjs`, as bench.mjs forks it): the ceiling in a process of its own, as
 * Betwixt is. In the bench's own process it would share one thread with autocannon, the load generator, and
 * be measured slower than it is. Settings come from the environment; it says `ready` over IPC once listening.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startCeiling({
    databaseUrl: process.env.CEILING_DATABASE_URL,
    jwtSecret: process.env.CEILING_JWT_SECRET,
    port: Number(process.env.CEILING_PORT),
  });
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  process.send?.('ready');
}

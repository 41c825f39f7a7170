// The ceiling for `npm run bench`: a raw Fastify + node-postgres server that does the same SQL work as
// Betwixt for each benchmarked route (the same JWT check, the same session lookup, the same statements in
// the same transactions, the same row locks) and answers byte-identical JSON, with nothing else: no Nest,
// no TypeORM, no validation pipes, no interceptors. The words of notifications and timelines, the pot split and
// privacy summaries come from Betwixt's own pure functions (backend/dist), so both servers build the same text
// the same way. The statements Betwixt prepares (`prepared()`) are prepared here too. bench.mjs checks the two answer alike before timing. When a Betwixt route changes the SQL it
// sends, change its twin here: `BENCH_SQL_LOG=<file>` logs what each server sends (bench/sql-log.mjs).
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { newLinkCode } from '../backend/dist/common/random-code.js';
import { betNotifications } from '../backend/dist/modules/bets/bet-notifications.js';
import { timelineOf } from '../backend/dist/modules/bets/bet-timeline.js';
import {
  joinedSeats,
  potNet,
  potSettlementPostings,
  settledPotMessage,
} from '../backend/dist/modules/bets/pot-settlement.js';
import { fromCents, toCents } from '../backend/dist/common/money.js';
import { prepared } from '../backend/dist/database/prepared-statement.js';
import { ESCROW_STATUSES } from '../backend/dist/modules/bets/bet-lifecycle.js';
import { potNotifications } from '../backend/dist/modules/bets/pot-notifications.js';
import { callLines, duelCallConsequences } from '../backend/dist/modules/bets/referee-call.js';
import { refereeNotifications } from '../backend/dist/modules/bets/referee-notifications.js';
import { EMAILED_TYPES } from '../backend/dist/modules/notifications/email/email-message.js';
import { outboxRowsOf } from '../backend/dist/modules/notifications/delivery/notification-outbox.js';
import { distinctNames } from '../backend/dist/modules/users/person-name.js';
import { summarise } from '../backend/dist/modules/users/privacy.js';

export const SESSION_USER = `SELECT u.id, u."isAdmin" FROM sessions s JOIN people u ON u.id = (s.sess->>'userId')::uuid
  WHERE s.sid = $1 AND s.expire > now() AND u.active`;
const SELF = `SELECT u.id, u."firstName", u."lastName", u.email, u.username, u."phoneNumber", u.birthday, u.state,
  u.balance, u."profileImageUrl", u."isAdmin", u."profileCompleted", u."createdAt", u."emailNotifications",
  u."pushNotifications", u."privacySettings", u."twoFactorEnabled", u."isEmailVerified", u."authProvider", u."suspendedUntil", s.won, s.lost
  FROM users u LEFT JOIN bet_records s ON s."userId" = u.id WHERE u.id = $1 AND u."deletedAt" IS NULL`;
const PERSON = `id, username, "firstName", "lastName", "profileImageUrl", "privacySettings", email`;
// The bet columns and people Betwixt's BetReadsRepository reads (BET_COLUMNS, PEOPLE_JOINS there).
const BET_COLUMNS = `b.id, b.title, b.description, b.amount, b.outcomes, b."creatorId", b."opponentId", b.status,
  b.duration, b."creatorPick", b."opponentPick", b."creatorResult", b."opponentResult", b."finalResult",
  b."resolutionType", b."winnerUserId", b."resolutionDate", b."expiresAt", b."createdAt", b."challengeCode", b.kind,
  b."joinBy", b."refereeId", b."refereeAcceptedAt", b."callResult", b."callNote", b."calledAt", b."appealUntil",
  b."opponentAmount", b."offerBy", b."offerPick", b."offerRounds",
  row_to_json(c) AS creator, row_to_json(o) AS opponent, row_to_json(w) AS winner, row_to_json(r) AS referee`;
const PEOPLE_JOINS = `
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."creatorId") c ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."opponentId") o ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."winnerUserId") w ON true
  LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = b."refereeId") r ON true`;
const SEAT_PERSON = `LEFT JOIN LATERAL (SELECT ${PERSON} FROM people WHERE id = s."userId") u ON true`;
const SEAT_ORDER = `s."joinedAt" NULLS LAST, (s.role = 'creator') DESC, s."userId"`;
// BetReadsRepository.one: the bet with its people and its seats, one statement.
const ONE_BET = prepared(`SELECT ${BET_COLUMNS},
  (SELECT coalesce(json_agg(json_build_object('betId', s."betId", 'userId', s."userId", 'role', s.role,
            'pick', s.pick, 'stake', s.stake::text, 'result', s.result, 'joinedAt', s."joinedAt",
            'reportedAt', s."reportedAt", 'payout', s.payout::text, 'person', row_to_json(u))
            ORDER BY ${SEAT_ORDER}), '[]')
     FROM bet_participants s ${SEAT_PERSON} WHERE s."betId" = b.id) AS seats
  FROM bets b ${PEOPLE_JOINS} WHERE b.id = $1`);
// An open list's page as BetReadsRepository sends it for BetsReadService.list: the viewer's bets and pot seats in those statuses
// gathered first through the status indexes, then cut ($3 cursor, $4 opponent and $6 kind unused here).
const VIEWERS_BETS = `("creatorId" = $1 OR "opponentId" = $1)
  AND status = ANY($2)
  AND ($3::int IS NULL OR id < $3)
  AND ($4::uuid IS NULL OR "creatorId" = $4 OR "opponentId" = $4)
  AND ($6::text IS NULL OR kind = $6)`;
const VIEWERS_POTS = `SELECT b.id FROM bet_participants s JOIN bets b ON b.id = s."betId"
  WHERE s."userId" = $1 AND s.role = 'player' AND b.status = ANY($2)
    AND ($3::int IS NULL OR s."betId" < $3) AND $4::uuid IS NULL AND ($6::text IS NULL OR $6 = 'pot')
  ORDER BY s."betId" DESC LIMIT $5`;
const LIST = `WITH page AS (WITH mine AS MATERIALIZED (SELECT id FROM bets WHERE ${VIEWERS_BETS}
                                      UNION ALL (${VIEWERS_POTS}))
  SELECT id FROM mine ORDER BY id DESC LIMIT $5)
  SELECT ${BET_COLUMNS}
    FROM page JOIN bets b ON b.id = page.id ${PEOPLE_JOINS}
   ORDER BY b.id DESC`;
export const SEATS = `SELECT s."betId", s."userId", s.role, s.pick, s.stake::text AS stake, s.result, s."joinedAt",
  s."reportedAt", s.payout::text AS payout, row_to_json(u) AS person
  FROM bet_participants s ${SEAT_PERSON}
  WHERE s."betId" = ANY($1::int[])
  ORDER BY s."betId", ${SEAT_ORDER}`;
export const OFFERS = `SELECT "betId", round, "byUserId", "opponentAmount"::text AS "opponentAmount", "opponentPick", "createdAt"
  FROM bet_offers WHERE "betId" = ANY($1::int[]) ORDER BY "betId", round`;
export const FRIENDS = `SELECT CASE WHEN "requesterId" = $1 THEN "addresseeId" ELSE "requesterId" END AS id FROM friendships
  WHERE status = 'accepted' AND (("requesterId" = $1 AND "addresseeId" = ANY($2::uuid[])) OR ("addresseeId" = $1 AND "requesterId" = ANY($2::uuid[])))`;
// WalletReadsRepository.balanceOf (the wallet route), beside the ledger's BALANCE below.
const WALLET_BALANCE = `SELECT balance::text FROM users WHERE id = $1`;
const ESCROW = prepared(`SELECT coalesce(sum(stake), 0)::numeric(12,2)::text AS held FROM (
         SELECT s.stake FROM bets b JOIN bet_participants s ON s."betId" = b.id AND s."userId" = $1
          WHERE b.kind = 'duel' AND (b."creatorId" = $1 OR b."opponentId" = $1) AND b.status = ANY($2::text[])
            AND s."joinedAt" IS NOT NULL
         UNION ALL
         SELECT s.stake FROM bet_participants s
          WHERE s."userId" = $1 AND s."potStatus" = ANY($2::text[]) AND s."joinedAt" IS NOT NULL) seats`);
const NOT_SUSPENDED = prepared(
  `SELECT ("suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2) AS suspended FROM users WHERE id = $1`,
);
// Every column of the bet entity, as TypeORM's locked read and the insert's RETURNING name them.
export const ENTITY_COLUMNS = `id, title, kind, description, amount, "creatorId", "opponentId", "challengeCode", status,
  duration, outcomes, "creatorPick", "opponentPick", "creatorResult", "opponentResult", "finalResult",
  "resolutionType", "winnerUserId", "resolutionDate", "expiresAt", "joinBy", "reminderSentAt", "postedInCircle",
  "refereeId", "refereeAcceptedAt", "callResult", "callNote", "calledAt", "appealUntil", "refereeRemindedAt",
  "refereeLapsedAt", "opponentAmount", "offerBy", "offerPick", "offerRounds", "createdAt", "updatedAt"`;
const LOCK_BET = prepared(`SELECT ${ENTITY_COLUMNS} FROM bets WHERE id = $1 FOR NO KEY UPDATE`);
const INSERT_BET =
  prepared(`INSERT INTO bets (title, description, amount, "creatorId", "opponentId", "challengeCode", status,
  duration, outcomes, "creatorPick", "resolutionType", "expiresAt", kind, "joinBy", "refereeId", "opponentAmount")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${ENTITY_COLUMNS}`);
const CHALLENGEABLE = prepared(
  `SELECT id, "privacySettings" FROM users WHERE id = $1 AND "deletedAt" IS NULL AND "bannedAt" IS NULL`,
);
// AccountStanding's one-statement checks: a challenge's two, an accept's two parties, a pot joiner's standing.
const CHALLENGEABLE_BY =
  prepared(`SELECT (c."suspendedUntil" IS NOT NULL AND c."suspendedUntil" > $3) AS suspended, o.id, o."privacySettings"
    FROM (SELECT 1) AS one
    LEFT JOIN users c ON c.id = $1
    LEFT JOIN users o ON o.id = $2 AND o."deletedAt" IS NULL AND o."bannedAt" IS NULL`);
const SUSPENDED_AMONG = prepared(
  `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND "suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2`,
);
const STANDING_OF = prepared(`SELECT ("suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2) AS suspended,
    ("deletedAt" IS NULL AND "bannedAt" IS NULL) AS active
  FROM users WHERE id = $1`);
const BALANCE = prepared(`SELECT balance FROM users WHERE id = $1`);
const LOCK_ACCOUNTS = prepared(
  `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
);
// LedgerRepository.post: the balance change and its ledger row, one statement.
const POST = prepared(`WITH changed AS (
    UPDATE users SET balance = balance + $2::numeric
     WHERE id = $1 AND (balance + $2::numeric >= 0 OR $2::numeric >= 0 OR $3)
     RETURNING balance
  ), entry AS (
    INSERT INTO transactions ("userId", type, amount, "balanceBefore", "balanceAfter", "referenceType",
                              "referenceId", description)
    SELECT $1, $4::varchar, $2::numeric, balance - $2::numeric, balance, $5::varchar, $6::varchar, $7::text
      FROM changed
    RETURNING id, "balanceBefore"::text AS before, "balanceAfter"::text AS after
  )
  SELECT id, before, after FROM entry`);
const ACTIVITIES = prepared(`INSERT INTO bet_activities ("betId", "userId", "activityType", description)
  SELECT $1, * FROM unnest($2::uuid[], $3::text[], $4::text[])`);
const SEAT_ROWS = `INSERT INTO bet_participants ("betId", "userId", role, pick, stake, "joinedAt", "potStatus")
  SELECT $1, s."userId", s.role, s.pick, s.stake, s."joinedAt", (SELECT status FROM bets WHERE id = $1)
    FROM unnest($2::uuid[], $3::text[], $4::text[], $5::numeric[], $6::timestamptz[]) AS s("userId", role, pick, stake, "joinedAt")`;
// NotificationsService.actorNames: each actor named for its recipient.
const ACTOR_NAMES =
  prepared(`SELECT p.recipient::text AS recipient, u.id, u."firstName", u."lastName", u.username, u."privacySettings",
  json_build_object('firstName', r."firstName", 'lastName', r."lastName", 'username', r.username) AS reader,
  EXISTS (SELECT 1 FROM friend_pairs f WHERE f."personId" = p.recipient AND f."friendId" = u.id) AS friend
  FROM unnest($1::uuid[], $2::uuid[]) AS p(recipient, actor)
  JOIN people u ON u.id = p.actor
  JOIN people r ON r.id = p.recipient`);
// NotificationsRepository.insert: the rows and their outbox rows (notification-outbox.ts) in one statement.
// The bench runs Betwixt without SMTP, so the email half selects nothing in both servers ($9 false).
const withOutbox = (insert) =>
  prepared(`WITH fresh AS (${insert} RETURNING id, "createdAt", "userId", type),
    outbox AS (${outboxRowsOf('fresh')})
    SELECT id, "createdAt", ARRAY(SELECT DISTINCT channel::text FROM outbox) AS channels FROM fresh`);
const NOTIFICATION =
  withOutbox(`INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`);
const NOTIFICATIONS =
  withOutbox(`INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::uuid[], $7::numeric[])`);

const EMAILED = Object.entries(EMAILED_TYPES)
  .filter(([, emailed]) => emailed)
  .map(([type]) => type);
export const NOT_AUTHENTICATED = { statusCode: 401, message: 'Not authenticated' };
const iso = (date) => (date ? new Date(date).toISOString() : null);
export const refused = (statusCode, message) => Object.assign(new Error(message), { statusCode });

/** The viewer's relation to each person, as RelationsService.relationsOf decides it (one query). */
async function relationsOf(db, me, userIds) {
  const ids = [...new Set(userIds)];
  const friends =
    ids.length === 0
      ? new Set()
      : new Set((await db.query(prepared(FRIENDS), [me.id, ids])).rows.map((r) => r.id));
  return (id) => (id === me.id ? 'self' : me.isAdmin ? 'admin' : friends.has(id) ? 'friend' : 'stranger');
}

const unnamed = (id) => ({ id, username: null, firstName: null, lastName: null, profileImageUrl: null });

/**
 * Bets as BetDto (BetsReadService.present): seats (unless read with the bet), then relations, then offers where
 * there are any.
 */
export async function presentBets(db, me, rows, readSeats) {
  const ids = rows.map((b) => b.id);
  const seatRows = readSeats ?? (ids.length === 0 ? [] : (await db.query(prepared(SEATS), [ids])).rows);
  const relation = await relationsOf(db, me, [
    ...rows
      .flatMap((b) => [b.creator, b.opponent, b.winner, b.referee])
      .filter(Boolean)
      .map((u) => u.id),
    ...seatRows.map((seat) => seat.userId),
  ]);
  const offered = rows.filter((b) => (b.offerRounds ?? 0) > 0).map((b) => b.id);
  const offers = new Map();
  if (offered.length > 0) {
    for (const row of (await db.query(OFFERS, [offered])).rows) {
      const list = offers.get(row.betId) ?? [];
      list.push({
        round: row.round,
        byUserId: row.byUserId,
        opponentAmount: row.opponentAmount,
        opponentPick: row.opponentPick,
        createdAt: iso(row.createdAt),
      });
      offers.set(row.betId, list);
    }
  }
  const party = (u) => (u ? summarise(u, relation(u.id)) : null);
  const seats = new Map();
  for (const { betId, person, ...seat } of seatRows) {
    const list = seats.get(betId) ?? [];
    list.push({
      userId: seat.userId,
      role: seat.role,
      pick: seat.pick,
      stake: seat.stake,
      result: seat.result,
      joinedAt: iso(seat.joinedAt),
      reportedAt: iso(seat.reportedAt),
      payout: seat.payout,
      person: party(person) ?? unnamed(seat.userId),
    });
    seats.set(betId, list);
  }
  return rows.map((b) => ({
    id: b.id,
    title: b.title,
    description: b.description,
    amount: b.amount,
    outcomes: b.outcomes,
    creatorId: b.creatorId,
    opponentId: b.opponentId,
    creator: party(b.creator) ?? unnamed(b.creatorId),
    opponent: party(b.opponent),
    creatorPick: b.creatorPick,
    opponentPick: b.opponentPick,
    creatorResult: b.creatorResult,
    opponentResult: b.opponentResult,
    finalResult: b.finalResult,
    winnerUserId: b.winnerUserId,
    winner: party(b.winner),
    status: b.status,
    resolutionType: b.resolutionType,
    duration: b.duration,
    createdAt: iso(b.createdAt),
    expiresAt: iso(b.expiresAt),
    resolutionDate: iso(b.resolutionDate),
    // An open challenge's link code is shown to its creator only (BetsReadService).
    challengeCode: b.creatorId === me.id ? b.challengeCode : null,
    kind: b.kind,
    joinBy: iso(b.joinBy),
    participants: seats.get(b.id) ?? [],
    refereeId: b.refereeId ?? null,
    referee: party(b.referee),
    refereeAcceptedAt: iso(b.refereeAcceptedAt),
    call:
      b.calledAt && b.callResult
        ? { result: b.callResult, note: b.callNote ?? '', calledAt: iso(b.calledAt) }
        : null,
    appealUntil: iso(b.appealUntil),
    opponentAmount: b.opponentAmount ?? null,
    offerBy: b.offerBy ?? null,
    offers: offers.get(b.id) ?? [],
  }));
}

async function oneBet(db, me, id) {
  const { rows } = await db.query(ONE_BET, [id]);
  return (await presentBets(db, me, rows, rows[0]?.seats ?? []))[0];
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

/**
 * LedgerService.post: every account locked in id order (no lock statement for one account: its UPDATE locks
 * it), then each balance moved and its ledger row written.
 */
async function post(db, postings) {
  const ids = [...new Set(postings.map((posting) => posting.userId))].sort();
  if (ids.length > 1) await db.query(LOCK_ACCOUNTS, [ids]);
  for (const posting of postings) {
    const {
      rows: [moved],
    } = await db.query(POST, [
      posting.userId,
      posting.amount,
      false,
      posting.type,
      'bet',
      posting.referenceId,
      posting.description,
    ]);
    if (!moved) throw refused(400, 'Insufficient balance');
  }
}
const stake = (db, userId, bet, amount = bet.amount) =>
  post(db, [
    {
      userId,
      type: 'bet_stake',
      amount: `-${amount}`,
      referenceId: String(bet.id),
      description: `Stake: ${bet.title}`,
    },
  ]);
const SEAT_COLUMNS = `"betId", "userId", role, pick, stake::text AS stake, result, "joinedAt", "reportedAt",
  payout::text AS payout`;
const seatOf = async (db, betId, userId) =>
  (
    await db.query(`SELECT ${SEAT_COLUMNS} FROM bet_participants WHERE "betId" = $1 AND "userId" = $2`, [
      betId,
      userId,
    ])
  ).rows[0];
const seatsOf = async (db, betId) =>
  (
    await db.query(
      `SELECT ${SEAT_COLUMNS} FROM bet_participants WHERE "betId" = $1 ORDER BY "joinedAt" NULLS LAST, (role = 'creator') DESC, "userId"`,
      [betId],
    )
  ).rows;

/** BetActivityRecorder.record: one statement for the lines. */
const record = (db, betId, lines) =>
  db.query(ACTIVITIES, [
    betId,
    lines.map((l) => l.userId),
    lines.map((l) => l.type),
    lines.map((l) => l.description),
  ]);

/**
 * NotificationsService.notify: the actors named for their recipients, the rows (one as VALUES, more through
 * unnest), then their outbox rows, in the caller's transaction. The texts are Betwixt's own drafts.
 */
async function notify(db, drafts) {
  if (drafts.length === 0) return;
  const pairs = drafts.filter((draft) => Boolean(draft.actorId));
  const names = new Map();
  if (pairs.length > 0) {
    const { rows } = await db.query(ACTOR_NAMES, [pairs.map((d) => d.userId), pairs.map((d) => d.actorId)]);
    for (const row of rows)
      names.set(
        `${row.recipient}:${row.id}`,
        distinctNames([
          { key: 'actor', person: row, relation: row.friend ? 'friend' : 'stranger' },
          { key: 'reader', person: row.reader, relation: 'self' },
        ]).get('actor') ?? 'Someone',
      );
  }
  const rows = drafts.map((draft) => {
    const text = draft.render((draft.actorId && names.get(`${draft.userId}:${draft.actorId}`)) || 'Someone');
    return [
      draft.userId,
      draft.type,
      text.title.slice(0, 200),
      text.body,
      draft.betId ?? null,
      draft.actorId ?? null,
      draft.amount ?? null,
    ];
  });
  const delivery = [new Date(), false, EMAILED];
  if (rows.length === 1) await db.query(NOTIFICATION, [...rows[0], ...delivery]);
  else
    await db.query(NOTIFICATIONS, [
      ...rows[0].map((_, column) => rows.map((row) => row[column])),
      ...delivery,
    ]);
}

/** A pot's report (PotsService.report) where it is the last and agrees: the pot is split and paid. */
async function settlePot(db, me, bet, result) {
  const now = new Date();
  const outcome = result;
  if (!(await seatOf(db, bet.id, me.id))) throw refused(404, 'not a player');
  await assertNotSuspended(db, me.id);
  const seats = joinedSeats(await seatsOf(db, bet.id));
  const others = seats.filter((seat) => seat.userId !== me.id && seat.result !== null);
  if (others.some((seat) => seat.result !== outcome) || others.length + 1 < seats.length)
    throw refused(409, 'the ceiling serves settling reports only');
  await db.query(
    `UPDATE bet_participants SET result = $3, "reportedAt" = $4 WHERE "betId" = $1 AND "userId" = $2`,
    [bet.id, me.id, outcome, now],
  );
  await record(db, bet.id, [
    { userId: me.id, type: 'result_submitted', description: `Result submitted: ${bet.title}` },
  ]);
  const postings = potSettlementPostings(bet, seats, outcome, 'mutual');
  await post(db, postings);
  await db.query(
    `UPDATE bet_participants s
        SET payout = coalesce((SELECT p.amount FROM unnest($2::uuid[], $3::numeric[]) AS p("userId", amount)
                                WHERE p."userId" = s."userId"), 0)
      WHERE s."betId" = $1 AND s."joinedAt" IS NOT NULL`,
    [bet.id, postings.map((posting) => posting.userId), postings.map((posting) => posting.amount)],
  );
  await moveTo(db, bet, 'completed', {
    finalResult: outcome,
    winnerUserId: null,
    resolutionType: 'mutual',
    resolutionDate: now,
  });
  const nets = seats.map((seat) => ({ userId: seat.userId, net: potNet(seats, postings, seat.userId) }));
  await record(
    db,
    bet.id,
    nets.map(({ userId, net }) =>
      net.startsWith('-')
        ? { userId, type: 'bet_lost', description: `Group pot lost: ${bet.title}` }
        : net === '0.00'
          ? {
              userId,
              type: 'bet_draw',
              description: `Group pot completed with nobody winning, stake refunded: ${bet.title}`,
            }
          : { userId, type: 'bet_won', description: `Group pot won: ${bet.title}` },
    ),
  );
  await notify(
    db,
    potNotifications.settled(
      bet,
      nets.filter((entry) => entry.userId !== me.id),
      false,
    ),
  );
  const net = nets.find((entry) => entry.userId === me.id)?.net ?? '0.00';
  const {
    rows: [account],
  } = await db.query(BALANCE, [me.id]);
  return {
    success: true,
    status: 'completed',
    winnerUserId: null,
    message: settledPotMessage(net, bet.amount),
    balance: account.balance,
  };
}

async function assertNotSuspended(db, userId) {
  const { rows } = await db.query(NOT_SUSPENDED, [userId, new Date()]);
  if (rows[0]?.suspended) throw refused(403, 'suspended');
}

/** BetTransitions.moveTo: the new columns and status, guarded by the status it was locked in. */
async function moveTo(db, bet, status, changes) {
  const columns = Object.keys(changes);
  await db.query(
    prepared(
      `UPDATE bets SET ${[...columns.map((column, i) => `"${column}" = $${i + 3}`), `"status" = $${columns.length + 3}`].join(', ')}, "updatedAt" = CURRENT_TIMESTAMP WHERE id = $1 AND status = $2`,
    ),
    [bet.id, bet.status, ...Object.values(changes), status],
  );
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
    const { rows } = await pool.query(prepared(SESSION_USER), [sid]);
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
      isEmailVerified: u.isEmailVerified,
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
      const { rows } = await pool.query(LIST, [request.caller.id, statuses, null, null, 50, null]);
      return presentBets(pool, request.caller, rows);
    });
  }

  server.get('/api/wallet', { preHandler: caller }, async (request) => {
    const [balance, escrow] = await Promise.all([
      pool.query(WALLET_BALANCE, [request.caller.id]),
      pool.query({ ...ESCROW, values: [request.caller.id, ESCROW_STATUSES] }),
    ]);
    const available = balance.rows[0]?.balance ?? '0.00';
    const inPlay = escrow.rows[0].held;
    return { available, inPlay, total: fromCents(toCents(available) + toCents(inPlay)), currency: 'USD' };
  });

  // A bet's page as a party sees it (bench.mjs asks for an active duel of the viewer, no dispute).
  server.get('/api/bets/:id/page', { preHandler: caller }, async (request, reply) => {
    const me = request.caller;
    const id = Number(request.params.id);
    const bet = await oneBet(pool, me, id);
    if (!bet || (bet.creatorId !== me.id && bet.opponentId !== me.id)) return reply.code(404).send({});
    const viewerRole = bet.creatorId === me.id ? 'creator' : 'opponent';
    const [events, receipts, disputes] = await Promise.all([
      pool.query(
        `SELECT "createdAt" AS at, "userId", "activityType" AS type, description
           FROM bet_activities WHERE "betId" = $1 ORDER BY id`,
        [id],
      ),
      pool.query(
        `SELECT id::text AS id, "userId", type, amount, "balanceAfter", description, "createdAt"
           FROM transactions
          WHERE "referenceType" = 'bet' AND "referenceId" = $1 AND type = ANY($2)
            AND ($3::uuid IS NULL OR "userId" = $3)
          ORDER BY transactions.id`,
        [String(id), ['bet_stake', 'bet_refund', 'bet_payout', 'payout_reversal'], me.id],
      ),
      pool.query(
        `SELECT "createdAt" AS "openedAt", "reporterId", status, "resolvedAt" AS "decidedAt"
           FROM dispute_resolutions WHERE "betId" = $1 ORDER BY id DESC LIMIT 1`,
        [id],
      ),
      pool.query(
        `SELECT "createdAt" AS at, action, reason, "newValue"->>'winnerUserId' AS "winnerUserId",
                "newValue"->>'finalResult' AS outcome
           FROM admin_audit_log
          WHERE "targetType" = 'bet' AND "targetId" = $1 AND action = ANY($2)
          ORDER BY id`,
        [String(id), ['resolve_dispute', 'edit_resolution']],
      ),
      pool.query(
        `SELECT "userId", text, links, "createdAt", "updatedAt" FROM dispute_statements WHERE "betId" = $1 ORDER BY id`,
        [id],
      ),
    ]);
    if (disputes.rows.length > 0)
      return reply.code(500).send({ message: 'the ceiling serves undisputed bets only' });
    const people = new Map(
      [bet.creator, bet.opponent, bet.referee, ...bet.participants.map((seat) => seat.person)]
        .filter(Boolean)
        .map((person) => [person.id, person]),
    );
    const names = distinctNames(
      [...people.values()].map((person) => ({ key: person.id, person, relation: 'self' })),
    );
    const nameOf = (userId) =>
      userId === null ? 'Someone' : userId === me.id ? 'You' : (names.get(userId) ?? 'Someone');
    return {
      bet,
      viewerRole,
      timeline: timelineOf(bet, events.rows, [], nameOf),
      receipts: receipts.rows.map((row) => ({
        ...row,
        label: { bet_stake: 'Stake into escrow', bet_refund: 'Stake refunded', bet_payout: 'Payout' }[
          row.type
        ],
        createdAt: iso(row.createdAt),
      })),
      dispute: null,
      disputeHistory: [],
    };
  });

  // A challenge (with a referee when asked) or, with inviteeIds, a group pot.
  server.post('/api/bets', { preHandler: caller }, async (request, reply) => {
    const me = request.caller;
    const input = request.body;
    const pot = input.inviteeIds !== undefined;
    const now = new Date();
    if (pot) {
      const friends = await relationsOf(pool, me, input.inviteeIds);
      if (input.inviteeIds.some((id) => friends(id) !== 'friend')) throw refused(400, 'not friends');
    }
    const bet = await transaction(pool, async (db) => {
      let opponent = null;
      if (pot) await assertNotSuspended(db, me.id);
      else {
        const {
          rows: [checked],
        } = await db.query(CHALLENGEABLE_BY, [me.id, input.opponentId, now]);
        if (checked.suspended) throw refused(403, 'suspended');
        if (!checked.id) throw refused(400, 'no opponent');
        opponent = checked;
      }
      const refereeId = input.resolutionType === 'referee' ? input.refereeId : null;
      if (refereeId) {
        const { rows: referee } = await db.query(CHALLENGEABLE, [refereeId]);
        if (!referee[0]) throw refused(400, 'no referee');
        await assertNotSuspended(db, refereeId);
        const { rows: friendship } = await db.query(
          `SELECT 1 FROM friendships WHERE status = 'accepted'
         AND LEAST("requesterId", "addresseeId") = LEAST($1::uuid, $2::uuid)
         AND GREATEST("requesterId", "addresseeId") = GREATEST($1::uuid, $2::uuid)`,
          [me.id, refereeId],
        );
        if (!friendship[0]) throw refused(400, 'not a friend');
      }
      const amount = Number(pot ? input.stake : input.amount).toFixed(2);
      const joinBy = pot ? new Date(input.joinBy) : null;
      const {
        rows: [created],
      } = await db.query(INSERT_BET, [
        input.title,
        input.description || null,
        amount,
        me.id,
        opponent?.id ?? null,
        pot ? newLinkCode() : null,
        'pending',
        input.duration,
        input.outcomes,
        input.creatorPick,
        refereeId ? 'referee' : 'mutual',
        new Date((pot ? joinBy.getTime() : now.getTime()) + input.duration * 3_600_000),
        pot ? 'pot' : 'duel',
        joinBy,
        refereeId,
        null,
      ]);
      await stake(db, me.id, created);
      if (pot) {
        const seats = [me.id, ...input.inviteeIds];
        await db.query(SEAT_ROWS, [
          created.id,
          seats,
          seats.map((id) => (id === me.id ? 'creator' : 'player')),
          seats.map((id) => (id === me.id ? input.creatorPick : null)),
          seats.map(() => amount),
          seats.map((id) => (id === me.id ? now : null)),
        ]);
        await record(db, created.id, [
          { userId: me.id, type: 'bet_created', description: `Group pot created: ${created.title}` },
          ...input.inviteeIds.map((userId) => ({
            userId,
            type: 'bet_received',
            description: `Invited to a group pot: ${created.title}`,
          })),
        ]);
        await notify(db, [
          ...potNotifications.invited(created, input.inviteeIds),
          ...refereeNotifications.asked(created),
        ]);
      } else {
        await record(db, created.id, [
          { userId: me.id, type: 'bet_created', description: `Bet created: ${created.title}` },
          {
            userId: opponent.id,
            type: 'bet_received',
            description: `New challenge received: ${created.title}`,
          },
          ...(refereeId
            ? [
                {
                  userId: refereeId,
                  type: 'referee_asked',
                  description: `Asked to referee: ${created.title}`,
                },
              ]
            : []),
        ]);
        await notify(db, [...betNotifications.received(created), ...refereeNotifications.asked(created)]);
      }
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
        throw refused(409, 'not acceptable');
      const { rows: suspended } = await db.query(SUSPENDED_AMONG, [[me.id, bet.creatorId], new Date()]);
      if (suspended.length > 0) throw refused(403, 'suspended');
      await stake(db, me.id, bet, bet.opponentAmount ?? bet.amount);
      await moveTo(db, bet, 'active', { opponentId: me.id, opponentPick: pick });
      const accepted = { ...bet, status: 'active', opponentId: me.id, opponentPick: pick };
      await record(db, id, [
        { userId: bet.creatorId, type: 'bet_accepted', description: `Bet accepted: ${bet.title}` },
        { userId: me.id, type: 'bet_accepted', description: `You accepted a challenge: ${bet.title}` },
      ]);
      await notify(db, betNotifications.accepted(accepted));
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
      if (!bet || bet.status !== 'active') throw refused(409, 'not reportable');
      if (bet.kind === 'pot') return settlePot(db, me, bet, request.body.result);
      if (bet.creatorId !== me.id || bet.opponentResult !== null) throw refused(409, 'not reportable');
      await assertNotSuspended(db, me.id);
      await moveTo(db, bet, 'active', { creatorResult: request.body.result });
      await record(db, id, [
        { userId: me.id, type: 'result_submitted', description: `Result submitted: ${bet.title}` },
      ]);
      await notify(db, betNotifications.resultSubmitted(bet, me.id));
      return { success: true, status: 'active', message: 'Your outcome has been recorded.' };
    });
  });

  // The opponent's first counter-offer on a pending challenge (CounterOffersService.counter).
  server.post('/api/bets/:id/counter', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const id = Number(request.params.id);
    const now = new Date();
    await transaction(pool, async (db) => {
      const {
        rows: [bet],
      } = await db.query(LOCK_BET, [id]);
      if (!bet || bet.status !== 'pending' || bet.opponentId !== me.id || bet.offerRounds !== 0)
        throw refused(409, 'not counterable');
      await assertNotSuspended(db, me.id);
      const theirs = Number(request.body.opponentAmount).toFixed(2);
      const pick = request.body.opponentPick ?? bet.outcomes.find((outcome) => outcome !== bet.creatorPick);
      const {
        rows: [account],
      } = await db.query(BALANCE, [bet.opponentId]);
      if (Number(account.balance) < Number(theirs))
        throw refused(400, 'You do not have that much in your wallet');
      const round = bet.offerRounds + 1;
      await db.query(
        `INSERT INTO bet_offers ("betId", round, "byUserId", "opponentAmount", "opponentPick", "createdAt")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, round, me.id, theirs, pick, now],
      );
      const changes = { opponentAmount: theirs, offerBy: me.id, offerPick: pick, offerRounds: round };
      await moveTo(db, bet, 'pending', changes);
      const offered = { ...bet, ...changes };
      await record(db, id, [
        {
          userId: bet.creatorId,
          type: 'counter_offer',
          description: `You received a counter-offer (round ${round}): ${bet.title}`,
        },
        {
          userId: me.id,
          type: 'counter_offer',
          description: `You made a counter-offer (round ${round}): ${bet.title}`,
        },
      ]);
      await notify(db, refereeNotifications.countered(offered, me.id, bet.creatorId, theirs, bet.amount));
    });
    return oneBet(pool, me, id);
  });

  // An invitee takes their seat in a pot (PotsService.join).
  server.post('/api/bets/:id/join', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const id = Number(request.params.id);
    const pick = request.body.pick;
    const now = new Date();
    await transaction(pool, async (db) => {
      const {
        rows: [bet],
      } = await db.query(LOCK_BET, [id]);
      if (!bet || bet.kind !== 'pot' || !(await seatOf(db, id, me.id))) throw refused(404, 'Bet not found');
      const seat = await seatOf(db, id, me.id);
      if (bet.status !== 'pending' || seat.joinedAt || !bet.outcomes.includes(pick))
        throw refused(409, 'not joinable');
      const {
        rows: [standing],
      } = await db.query(STANDING_OF, [me.id, new Date()]);
      if (standing.suspended) throw refused(403, 'suspended');
      if (!standing.active) throw refused(403, 'Your account cannot join pots');
      await seatsOf(db, id);
      await stake(db, me.id, bet);
      await db.query(
        `INSERT INTO bet_participants ("betId", "userId", role, pick, stake, "joinedAt", "potStatus")
         VALUES ($1, $2, 'player', $3, $4, $5, (SELECT status FROM bets WHERE id = $1))
         ON CONFLICT ("betId", "userId") DO UPDATE SET pick = EXCLUDED.pick, "joinedAt" = EXCLUDED."joinedAt"`,
        [id, me.id, pick, bet.amount, now],
      );
      await moveTo(db, bet, 'pending', {});
      await record(db, id, [
        { userId: me.id, type: 'bet_accepted', description: `You joined a group pot: ${bet.title}` },
      ]);
      await seatsOf(db, id);
      await notify(db, potNotifications.joined(bet, me.id));
    });
    return oneBet(pool, me, id);
  });

  // The referee calls an active duel (RefereeService.call): nothing is paid until the appeal window ends.
  server.post('/api/bets/:id/call', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const id = Number(request.params.id);
    const note = request.body.note.trim();
    const now = new Date();
    await transaction(pool, async (db) => {
      const {
        rows: [bet],
      } = await db.query(LOCK_BET, [id]);
      if (!bet || bet.refereeId !== me.id || bet.kind !== 'duel' || bet.status !== 'active' || bet.calledAt)
        throw refused(409, 'not callable');
      await assertNotSuspended(db, me.id);
      const outcome = request.body.result;
      if (!bet.outcomes.includes(outcome)) throw refused(400, 'not an outcome');
      const appealUntil = new Date(now.getTime() + 24 * 3_600_000);
      const changes = { callResult: outcome, callNote: note, calledAt: now, appealUntil };
      await moveTo(db, bet, 'active', changes);
      const called = { ...bet, ...changes };
      const said = duelCallConsequences(called, outcome);
      await record(db, id, callLines(bet.title, me.id, said.keys()));
      await notify(db, refereeNotifications.called(called, outcome, said, appealUntil));
    });
    return oneBet(pool, me, id);
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

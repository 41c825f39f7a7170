// The second ceiling for `npm run bench`'s writes: a raw Fastify + node-postgres server that leaves the rows
// each write must leave (the bet and its seats, ledger rows and balances, activity lines, notifications and
// their push outbox rows) with the least work it can defend: one unlocked read of what the write needs to know
// (the bet, its seats, its people and who is whose friend: the notification texts name people as their
// readers see them), then one statement whose data-modifying CTEs write everything, with the checks (state,
// standing, friendship, balance) folded into its conditions. Nothing written means something changed since
// the read: it reads again, and says why it refuses only when the read says so. Statements are named, so
// PostgreSQL parses and plans each once per connection; a single statement needs no BEGIN or COMMIT. The
// schema's triggers run for it as for Betwixt (seats of duels, stats, admin totals, the balance guard that
// refuses a balance below zero), since it writes the same tables. The same JWT check and session lookup as
// the ceiling; the texts, the pot split and the answers come from Betwixt's own pure functions (the answer
// through ceiling.mjs's presentBets, served from memory). It serves only the writes bench.mjs times.
import { fork } from 'node:child_process';
import { createSecretKey } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { newLinkCode } from '../backend/dist/common/random-code.js';
import { betNotifications } from '../backend/dist/modules/bets/bet-notifications.js';
import { potNotifications } from '../backend/dist/modules/bets/pot-notifications.js';
import {
  joinedSeats,
  potNet,
  potSettlementPostings,
  settledPotMessage,
} from '../backend/dist/modules/bets/pot-settlement.js';
import { callLines, duelCallConsequences } from '../backend/dist/modules/bets/referee-call.js';
import { refereeNotifications } from '../backend/dist/modules/bets/referee-notifications.js';
import { distinctNames } from '../backend/dist/modules/users/person-name.js';
import {
  ENTITY_COLUMNS,
  FRIENDS,
  NOT_AUTHENTICATED,
  OFFERS,
  SEATS,
  SESSION_USER,
  presentBets,
  refused,
} from './ceiling.mjs';

// ---------- the read: what a write needs to know ----------
/** The people of `ids` (an SQL array), with their standing, balance and which of `ids` are their friends. */
const PEOPLE_OF = (ids) => `(SELECT coalesce(json_agg(json_build_object(
    'id', u.id, 'username', u.username, 'firstName', u."firstName", 'lastName', u."lastName",
    'profileImageUrl', u."profileImageUrl", 'privacySettings', u."privacySettings", 'email', u.email,
    'balance', u.balance::text, 'active', u."deletedAt" IS NULL AND u."bannedAt" IS NULL,
    'suspended', coalesce(u."suspendedUntil" > now(), false),
    'friends', ARRAY(SELECT CASE WHEN f."requesterId" = u.id THEN f."addresseeId" ELSE f."requesterId" END
                       FROM friendships f
                      WHERE f.status = 'accepted'
                        AND ((f."requesterId" = u.id AND f."addresseeId" = ANY(${ids}))
                          OR (f."addresseeId" = u.id AND f."requesterId" = ANY(${ids})))))), '[]')
  FROM users u WHERE u.id = ANY(${ids}))`;
const PEOPLE = `SELECT ${PEOPLE_OF('$1::uuid[]')} AS people`;
// The bet, its version (updatedAt to the microsecond: the write goes ahead only if it is unchanged), its seats
// in Betwixt's order and the people of the bet and of the caller ($2).
const BET_READ = `SELECT ${ENTITY_COLUMNS}, "updatedAt"::text AS version, seated.seats, ${PEOPLE_OF('seated.ids')} AS people
  FROM bets b
  CROSS JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object('betId', s."betId", 'userId', s."userId", 'role', s.role,
             'pick', s.pick, 'stake', s.stake::text, 'result', s.result, 'joinedAt', s."joinedAt",
             'reportedAt', s."reportedAt", 'payout', s.payout::text)
             ORDER BY s."joinedAt" NULLS LAST, (s.role = 'creator') DESC, s."userId"), '[]') AS seats,
           ARRAY[$2::uuid, b."creatorId", b."opponentId", b."refereeId"] || array_agg(s."userId") AS ids
      FROM bet_participants s WHERE s."betId" = b.id) seated
 WHERE b.id = $1`;

// ---------- the write: one statement ----------
const NOT_SUSPENDED = (who) =>
  `NOT EXISTS (SELECT 1 FROM users x WHERE x.id = ${who} AND x."suspendedUntil" > now())`;
/**
 * One write as one statement. `gate` is a CTE named `bet` whose one row (the bet as written) lets the rest
 * happen: with no row, nothing is written. After it: the postings ($1-$4: user, amount, type, description; a
 * balance below zero aborts the statement through the schema's guard), their ledger rows, `extra` CTEs, the
 * activity lines ($5-$7), the notifications ($8-$13) and their push outbox rows (no SMTP in the bench, as
 * for Betwixt there: no email rows). A route's own parameters start at $14.
 */
const write = (gate, extra = '') => `WITH ${gate},
  money AS (UPDATE users u SET balance = u.balance + p.amount
      FROM bet, unnest($1::uuid[], $2::numeric[]) AS p("userId", amount)
     WHERE u.id = p."userId"
     RETURNING u.id, u.balance - p.amount AS before, u.balance AS after, p.amount),
  ledger AS (INSERT INTO transactions ("userId", type, amount, "balanceBefore", "balanceAfter", "referenceType",
                                       "referenceId", description)
    SELECT m.id, p.type, m.amount, m.before, m.after, 'bet', bet.id::text, p.description
      FROM bet, money m JOIN unnest($1::uuid[], $3::text[], $4::text[]) AS p("userId", type, description)
                          ON p."userId" = m.id),
  ${extra ? `${extra},` : ''}
  activity AS (INSERT INTO bet_activities ("betId", "userId", "activityType", description)
    SELECT bet.id, a.* FROM bet, unnest($5::uuid[], $6::text[], $7::text[]) AS a),
  notice AS (INSERT INTO notifications ("userId", type, title, body, "betId", "actorId", amount)
    SELECT d."userId", d.type, d.title, d.body, bet.id, d."actorId", d.amount
      FROM bet, unnest($8::uuid[], $9::text[], $10::text[], $11::text[], $12::uuid[], $13::numeric[])
                AS d("userId", type, title, body, "actorId", amount)
    RETURNING id, "userId"),
  outbox AS (INSERT INTO notification_outbox ("notificationId", channel, "subscriptionId", "nextAttemptAt")
    SELECT n.id, 'push', s.id, now() FROM notice n
      JOIN users u ON u.id = n."userId" AND u."pushNotifications"
      JOIN push_subscriptions s ON s."userId" = n."userId")
SELECT bet.*, (SELECT json_object_agg(id, after::text) FROM money) AS balances FROM bet`;

const BET_INSERT = `INSERT INTO bets (title, description, amount, "creatorId", "opponentId", "challengeCode", status,
    duration, outcomes, "creatorPick", "resolutionType", "expiresAt", kind, "joinBy")`;
const CREATE_DUEL = write(`bet AS (${BET_INSERT}
  SELECT $14::varchar, $15::text, $16::numeric, $17::uuid, $18::uuid, NULL, 'pending', $19::int, $20::text[],
         $21::text, 'mutual', $22::timestamptz, 'duel', NULL
   WHERE ${NOT_SUSPENDED('$17::uuid')}
     AND EXISTS (SELECT 1 FROM users o WHERE o.id = $18::uuid AND o."deletedAt" IS NULL AND o."bannedAt" IS NULL
                   AND (o."privacySettings"->>'allowChallengesFrom' IS DISTINCT FROM 'friends'
                        OR EXISTS (SELECT 1 FROM friendships f WHERE f.status = 'accepted'
                                     AND LEAST(f."requesterId", f."addresseeId") = LEAST($17::uuid, $18::uuid)
                                     AND GREATEST(f."requesterId", f."addresseeId") = GREATEST($17::uuid, $18::uuid))))
  RETURNING ${ENTITY_COLUMNS})`);
// A pot: every invitee still an active friend of the creator; the seats are written with the pot's status.
const CREATE_POT = write(
  `bet AS (${BET_INSERT}
  SELECT $14::varchar, $15::text, $16::numeric, $17::uuid, NULL, $18::varchar, 'pending', $19::int, $20::text[],
         $21::text, 'mutual', $22::timestamptz, 'pot', $23::timestamptz
   WHERE ${NOT_SUSPENDED('$17::uuid')}
     AND (SELECT count(*) FROM users o
           WHERE o.id = ANY($24::uuid[]) AND o."deletedAt" IS NULL AND o."bannedAt" IS NULL
             AND EXISTS (SELECT 1 FROM friendships f WHERE f.status = 'accepted'
                           AND ((f."requesterId" = $17::uuid AND f."addresseeId" = o.id)
                             OR (f."addresseeId" = $17::uuid AND f."requesterId" = o.id))))
         = cardinality($24::uuid[])
  RETURNING ${ENTITY_COLUMNS})`,
  `seats AS (INSERT INTO bet_participants ("betId", "userId", role, pick, stake, "joinedAt", "potStatus")
    SELECT bet.id, s."userId", CASE WHEN s."userId" = bet."creatorId" THEN 'creator' ELSE 'player' END,
           CASE WHEN s."userId" = bet."creatorId" THEN bet."creatorPick" END, bet.amount,
           CASE WHEN s."userId" = bet."creatorId" THEN now() END, 'pending'
      FROM bet, unnest($17::uuid || $24::uuid[]) AS s("userId"))`,
);
/** A change to a bet read at version $16 ("updatedAt"), by the caller $15. */
const CHANGE = (set, where) =>
  write(`bet AS (UPDATE bets SET ${set}, "updatedAt" = CURRENT_TIMESTAMP
   WHERE id = $14 AND "updatedAt" = $16::timestamptz AND NOT "postedInCircle" AND ${where}
   RETURNING ${ENTITY_COLUMNS})`);
const ACCEPT = CHANGE(
  `status = 'active', "opponentPick" = $17`,
  `status = 'pending' AND kind = 'duel' AND "opponentId" = $15 AND "expiresAt" > now()
   AND NOT EXISTS (SELECT 1 FROM users x WHERE x.id IN ("creatorId", $15) AND x."suspendedUntil" > now())`,
);
const FIRST_REPORT = CHANGE(
  `"creatorResult" = CASE WHEN "creatorId" = $15 THEN $17 ELSE "creatorResult" END,
   "opponentResult" = CASE WHEN "opponentId" = $15 THEN $17 ELSE "opponentResult" END`,
  `status = 'active' AND kind = 'duel' AND "creatorResult" IS NULL AND "opponentResult" IS NULL
   AND $15 IN ("creatorId", "opponentId") AND ${NOT_SUSPENDED('$15')}`,
);
const COUNTER = write(
  `bet AS (UPDATE bets SET "opponentAmount" = $17::numeric, "offerBy" = $15, "offerPick" = $18, "offerRounds" = 1,
         "updatedAt" = CURRENT_TIMESTAMP
   WHERE id = $14 AND "updatedAt" = $16::timestamptz AND NOT "postedInCircle" AND status = 'pending'
     AND kind = 'duel' AND "opponentId" = $15 AND "offerRounds" = 0
     AND EXISTS (SELECT 1 FROM users x WHERE x.id = $15 AND x.balance >= $17::numeric
                   AND NOT coalesce(x."suspendedUntil" > now(), false))
   RETURNING ${ENTITY_COLUMNS})`,
  `offer AS (INSERT INTO bet_offers ("betId", round, "byUserId", "opponentAmount", "opponentPick", "createdAt")
    SELECT bet.id, 1, $15, $17::numeric, $18, $19::timestamptz FROM bet)`,
);
const CALL = CHANGE(
  `"callResult" = $17, "callNote" = $18, "calledAt" = $19::timestamptz, "appealUntil" = $20::timestamptz`,
  `status = 'active' AND kind = 'duel' AND "refereeId" = $15 AND "calledAt" IS NULL AND $17 = ANY(outcomes)
   AND ${NOT_SUSPENDED('$15')}`,
);
// The last agreeing report of a pot: the pot completed, the reporter's result and every joined seat's payout
// in one update of the seats (two updates of one row in a statement would keep only one).
const SETTLE = write(
  `bet AS (UPDATE bets SET status = 'completed', "finalResult" = $17, "winnerUserId" = NULL,
         "resolutionType" = 'mutual', "resolutionDate" = now(), "updatedAt" = CURRENT_TIMESTAMP
   WHERE id = $14 AND "updatedAt" = $16::timestamptz AND NOT "postedInCircle" AND status = 'active'
     AND kind = 'pot' AND ${NOT_SUSPENDED('$15')}
   RETURNING ${ENTITY_COLUMNS})`,
  `seated AS (UPDATE bet_participants s
      SET result = CASE WHEN s."userId" = $15 THEN $17 ELSE s.result END,
          "reportedAt" = CASE WHEN s."userId" = $15 THEN now() ELSE s."reportedAt" END,
          payout = coalesce((SELECT p.amount FROM unnest($1::uuid[], $2::numeric[]) AS p("userId", amount)
                              WHERE p."userId" = s."userId"), 0)
     FROM bet WHERE s."betId" = bet.id AND s."joinedAt" IS NOT NULL
       AND (s."userId" <> $15 OR s.result IS NULL))`,
);
// A seat taken: the pot is only share-locked (a lock or a cancellation waits; other joins do not), and its row
// is not rewritten, so its version ($16) is not asked for. The `bet` CTE is the taken seat, with the pot's columns.
const JOIN = write(
  `pot AS (SELECT ${ENTITY_COLUMNS} FROM bets
   WHERE id = $14 AND kind = 'pot' AND status = 'pending' AND NOT "postedInCircle" AND "joinBy" > now()
     AND $17 = ANY(outcomes) AND $16::text IS NOT NULL
   FOR SHARE),
  bet AS (UPDATE bet_participants s SET pick = $17, "joinedAt" = now()
      FROM pot WHERE s."betId" = pot.id AND s."userId" = $15 AND s."joinedAt" IS NULL
       AND NOT EXISTS (SELECT 1 FROM users x WHERE x.id = $15 AND (x."suspendedUntil" > now()
                         OR x."deletedAt" IS NOT NULL OR x."bannedAt" IS NOT NULL))
   RETURNING pot.*)`,
);

// ---------- the parts of a write ----------
const cents = (amount) => Number(amount).toFixed(2);
/** The actor as the reader sees them, as NotificationsService names them. */
function nameFor(people, actorId, readerId) {
  const actor = people.get(actorId);
  const reader = people.get(readerId);
  if (!actor || !reader) return 'Someone';
  const relation = reader.friends.includes(actorId) ? 'friend' : 'stranger';
  return (
    distinctNames([
      { key: 'actor', person: actor, relation },
      { key: 'reader', person: reader, relation: 'self' },
    ]).get('actor') ?? 'Someone'
  );
}

/** The statement's parameters $1-$13: postings (in account order), activity lines, rendered notifications. */
function parts(people, { postings = [], lines = [], drafts = [] }) {
  const sorted = [...postings].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const texts = drafts.map((draft) =>
    draft.render(draft.actorId ? nameFor(people, draft.actorId, draft.userId) : 'Someone'),
  );
  return [
    sorted.map((p) => p.userId),
    sorted.map((p) => p.amount),
    sorted.map((p) => p.type),
    sorted.map((p) => p.description),
    lines.map((l) => l.userId),
    lines.map((l) => l.type),
    lines.map((l) => l.description),
    drafts.map((d) => d.userId),
    drafts.map((d) => d.type),
    texts.map((t) => t.title.slice(0, 200)),
    texts.map((t) => t.body),
    drafts.map((d) => d.actorId ?? null),
    drafts.map((d) => d.amount ?? null),
  ];
}

const stakePosting = (userId, bet, amount) => ({
  userId,
  amount: `-${amount}`,
  type: 'bet_stake',
  description: `Stake: ${bet.title}`,
});

/** Seats in Betwixt's order: joined first, the creator first among equals, then by id. */
function inSeatOrder(seats) {
  const at = (seat) => (seat.joinedAt ? new Date(seat.joinedAt).getTime() : Infinity);
  return [...seats].sort(
    (a, b) =>
      at(a) - at(b) ||
      (b.role === 'creator') - (a.role === 'creator') ||
      (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
}

/** A duel's seats as the schema's trigger keeps them from the bet's row (`known`: the seats read before). */
function duelSeats(bet, known = []) {
  const now = new Date().toISOString();
  const seat = (userId, role, pick, result, stake) => {
    const before = known.find((s) => s.userId === userId);
    return {
      betId: bet.id,
      userId,
      role,
      pick,
      stake,
      result,
      joinedAt: role === 'creator' || pick ? (before?.joinedAt ?? now) : null,
      reportedAt: result ? (before?.reportedAt ?? now) : null,
      payout: null,
    };
  };
  return inSeatOrder(
    [
      seat(bet.creatorId, 'creator', bet.creatorPick, bet.creatorResult, bet.amount),
      bet.opponentId &&
        seat(
          bet.opponentId,
          'opponent',
          bet.opponentPick,
          bet.opponentResult,
          bet.opponentAmount ?? bet.amount,
        ),
    ].filter(Boolean),
  );
}

/**
 * The bet as Betwixt answers it (BetDto), through ceiling.mjs's presentBets with its reads answered from
 * what the write already holds: no round trip after the commit.
 */
async function answer(me, people, bet, seats, offers = []) {
  const person = (id) => (id ? (people.get(id) ?? null) : null);
  const friends = people.get(me.id)?.friends ?? [];
  const inHand = {
    // A statement comes as its text or as a prepared statement's { name, text }.
    query: async (statement) => {
      const text = statement?.text ?? statement;
      if (text === SEATS) return { rows: seats.map((s) => ({ ...s, person: person(s.userId) })) };
      if (text === OFFERS) return { rows: offers };
      if (text === FRIENDS) return { rows: friends.map((id) => ({ id })) };
      throw new Error('presentBets read something least-work.mjs does not hold');
    },
  };
  const row = {
    ...bet,
    creator: person(bet.creatorId),
    opponent: person(bet.opponentId),
    winner: person(bet.winnerUserId),
    referee: person(bet.refereeId),
  };
  return (await presentBets(inHand, me, [row]))[0];
}

// ---------- the routes ----------
/** The read and the write, again while the write finds the bet changed since the read (at most three times). */
async function changeOf(pool, me, id, plan) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const {
      rows: [read],
    } = await pool.query({ name: 'lw-bet', text: BET_READ, values: [id, me.id] });
    if (!read) throw refused(404, 'Bet not found');
    const people = new Map(read.people.map((person) => [person.id, person]));
    const step = plan(read, people);
    const { rows } = await send(pool, step.name, step.text, [
      ...parts(people, step),
      id,
      me.id,
      read.version,
      ...step.values,
    ]);
    if (rows[0]) return step.done(rows[0], people, read);
  }
  throw refused(409, 'This bet just changed');
}

/**
 * A named statement; a balance the schema's guard refuses is Betwixt's "Insufficient balance", and a deadlock
 * (accounts locked in another order by a concurrent write) is nothing written: the statement rolled back whole.
 */
async function send(pool, name, text, values) {
  try {
    return await pool.query({ name, text, values });
  } catch (error) {
    if (error.code === '23514') throw refused(400, 'Insufficient balance');
    if (error.code === '40P01') return { rows: [] };
    throw error;
  }
}

function routes(server, pool, caller) {
  server.post('/api/bets', { preHandler: caller }, async (request, reply) => {
    const me = request.caller;
    const input = request.body;
    const pot = input.inviteeIds !== undefined;
    if (input.resolutionType === 'referee')
      throw refused(400, 'least-work.mjs serves challenges without a referee');
    if (!input.outcomes?.includes(input.creatorPick))
      throw refused(400, 'Your prediction must be one of the outcomes');
    const ids = [me.id, ...(pot ? input.inviteeIds : [input.opponentId])];
    const {
      rows: [{ people: list }],
    } = await pool.query({ name: 'lw-people', text: PEOPLE, values: [ids] });
    const people = new Map(list.map((person) => [person.id, person]));
    if (people.get(me.id)?.suspended) throw refused(403, 'Your account is suspended');
    const amount = cents(pot ? input.stake : input.amount);
    const bet = { id: 0, title: input.title, amount, opponentAmount: null, creatorId: me.id };
    let row;
    if (pot) {
      if (input.inviteeIds.some((id) => !people.get(me.id).friends.includes(id) || !people.get(id)?.active))
        throw refused(400, 'You can only invite friends to a group pot');
      const joinBy = new Date(input.joinBy);
      [row] = (
        await send(pool, 'lw-create-pot', CREATE_POT, [
          ...parts(people, {
            postings: [stakePosting(me.id, bet, amount)],
            lines: [
              { userId: me.id, type: 'bet_created', description: `Group pot created: ${input.title}` },
              ...input.inviteeIds.map((userId) => ({
                userId,
                type: 'bet_received',
                description: `Invited to a group pot: ${input.title}`,
              })),
            ],
            drafts: potNotifications.invited(bet, input.inviteeIds),
          }),
          input.title,
          input.description || null,
          amount,
          me.id,
          newLinkCode(),
          input.duration,
          input.outcomes,
          input.creatorPick,
          new Date(joinBy.getTime() + input.duration * 3_600_000),
          joinBy,
          input.inviteeIds,
        ])
      ).rows;
    } else {
      const opponent = people.get(input.opponentId);
      if (input.opponentId === me.id) throw refused(400, 'You cannot bet against yourself');
      if (!opponent?.active) throw refused(400, 'The opponent you chose does not exist');
      if (opponent.privacySettings?.allowChallengesFrom === 'friends' && !opponent.friends.includes(me.id))
        throw refused(403, 'This person only accepts challenges from friends');
      [row] = (
        await send(pool, 'lw-create-duel', CREATE_DUEL, [
          ...parts(people, {
            postings: [stakePosting(me.id, bet, amount)],
            lines: [
              { userId: me.id, type: 'bet_created', description: `Bet created: ${input.title}` },
              {
                userId: opponent.id,
                type: 'bet_received',
                description: `New challenge received: ${input.title}`,
              },
            ],
            drafts: betNotifications.received({ ...bet, opponentId: opponent.id }),
          }),
          input.title,
          input.description || null,
          amount,
          me.id,
          opponent.id,
          input.duration,
          input.outcomes,
          input.creatorPick,
          new Date(Date.now() + input.duration * 3_600_000),
        ])
      ).rows;
    }
    // Nothing written with every check passed on the read: the standing or a friendship changed in between.
    if (!row) throw refused(409, 'Your account or a friendship just changed');
    const seats = pot
      ? inSeatOrder(
          [me.id, ...input.inviteeIds].map((userId) => ({
            betId: row.id,
            userId,
            role: userId === me.id ? 'creator' : 'player',
            pick: userId === me.id ? input.creatorPick : null,
            stake: amount,
            result: null,
            joinedAt: userId === me.id ? new Date().toISOString() : null,
            reportedAt: null,
            payout: null,
          })),
        )
      : duelSeats(row);
    reply.code(201);
    return answer(me, people, row, seats);
  });

  server.post('/api/bets/:id/accept', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const pick = request.body.opponentPick;
    return changeOf(pool, me, Number(request.params.id), (bet, people) => {
      if (bet.kind !== 'duel' || bet.status !== 'pending' || bet.opponentId !== me.id)
        throw refused(409, 'Only the challenged person can accept this bet');
      if (bet.offerRounds > 0 || (bet.refereeId && !bet.refereeAcceptedAt))
        throw refused(409, 'least-work.mjs serves plain challenges only');
      if (!bet.outcomes.includes(pick) || pick === bet.creatorPick)
        throw refused(400, 'You must choose a different outcome than the challenger.');
      if (people.get(me.id).suspended || people.get(bet.creatorId)?.suspended)
        throw refused(403, 'An account is suspended');
      const accepted = { ...bet, status: 'active', opponentPick: pick };
      return {
        name: 'lw-accept',
        text: ACCEPT,
        postings: [stakePosting(me.id, bet, bet.opponentAmount ?? bet.amount)],
        lines: [
          { userId: bet.creatorId, type: 'bet_accepted', description: `Bet accepted: ${bet.title}` },
          { userId: me.id, type: 'bet_accepted', description: `You accepted a challenge: ${bet.title}` },
        ],
        drafts: betNotifications.accepted(accepted),
        values: [pick],
        done: (row) => answer(me, people, row, duelSeats(row, bet.seats)),
      };
    });
  });

  server.post('/api/bets/:id/submit-result', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const result = request.body.result;
    return changeOf(pool, me, Number(request.params.id), (bet, people) =>
      bet.kind === 'pot' ? settle(me, bet, people, result) : firstReport(me, bet, result),
    );
  });

  server.post('/api/bets/:id/join', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const pick = request.body.pick;
    return changeOf(pool, me, Number(request.params.id), (bet, people) => {
      const seat = bet.seats.find((s) => s.userId === me.id);
      if (bet.kind !== 'pot' || !seat) throw refused(404, 'Bet not found');
      if (bet.status !== 'pending' || seat.joinedAt || !bet.outcomes.includes(pick))
        throw refused(409, 'You cannot join this pot');
      return {
        name: 'lw-join',
        text: JOIN,
        postings: [stakePosting(me.id, bet, bet.amount)],
        lines: [{ userId: me.id, type: 'bet_accepted', description: `You joined a group pot: ${bet.title}` }],
        drafts: potNotifications.joined(bet, me.id),
        values: [pick],
        done: (row) => {
          const joined = { ...seat, pick, joinedAt: new Date().toISOString() };
          const seats = inSeatOrder(bet.seats.map((s) => (s.userId === me.id ? joined : s)));
          return answer(me, people, row, seats);
        },
      };
    });
  });

  server.post('/api/bets/:id/call', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const { result: outcome } = request.body;
    const note = request.body.note.trim();
    return changeOf(pool, me, Number(request.params.id), (bet, people) => {
      if (bet.refereeId !== me.id || bet.kind !== 'duel' || bet.status !== 'active' || bet.calledAt)
        throw refused(409, 'You cannot call this bet');
      if (!bet.outcomes.includes(outcome)) throw refused(400, 'Call one of the outcomes');
      const calledAt = new Date();
      const appealUntil = new Date(calledAt.getTime() + 24 * 3_600_000);
      const called = { ...bet, callResult: outcome, callNote: note, calledAt, appealUntil };
      const said = duelCallConsequences(called, outcome);
      return {
        name: 'lw-call',
        text: CALL,
        lines: callLines(bet.title, me.id, said.keys()),
        drafts: refereeNotifications.called(called, outcome, said, appealUntil),
        values: [outcome, note, calledAt, appealUntil],
        done: (row) => answer(me, people, row, duelSeats(row, bet.seats)),
      };
    });
  });

  server.post('/api/bets/:id/counter', { preHandler: caller }, async (request) => {
    const me = request.caller;
    const theirs = cents(request.body.opponentAmount);
    return changeOf(pool, me, Number(request.params.id), (bet, people) => {
      if (bet.status !== 'pending' || bet.opponentId !== me.id || bet.offerRounds !== 0)
        throw refused(409, 'You cannot counter this bet');
      if (Number(people.get(me.id).balance) < Number(theirs))
        throw refused(400, 'You do not have that much in your wallet');
      const pick = request.body.opponentPick ?? bet.outcomes.find((outcome) => outcome !== bet.creatorPick);
      const createdAt = new Date();
      const offered = { ...bet, opponentAmount: theirs, offerBy: me.id, offerPick: pick, offerRounds: 1 };
      return {
        name: 'lw-counter',
        text: COUNTER,
        lines: [
          {
            userId: bet.creatorId,
            type: 'counter_offer',
            description: `You received a counter-offer (round 1): ${bet.title}`,
          },
          {
            userId: me.id,
            type: 'counter_offer',
            description: `You made a counter-offer (round 1): ${bet.title}`,
          },
        ],
        drafts: refereeNotifications.countered(offered, me.id, bet.creatorId, theirs, bet.amount),
        values: [theirs, pick, createdAt],
        done: (row) =>
          answer(me, people, row, duelSeats(row, bet.seats), [
            {
              betId: row.id,
              round: 1,
              byUserId: me.id,
              opponentAmount: theirs,
              opponentPick: pick,
              createdAt,
            },
          ]),
      };
    });
  });
}

/** The first of a duel's two reports: recorded, the other party told. */
function firstReport(me, bet, result) {
  if (bet.status !== 'active' || ![bet.creatorId, bet.opponentId].includes(me.id))
    throw refused(409, 'You cannot report on this bet');
  if (bet.creatorResult !== null || bet.opponentResult !== null || bet.refereeId)
    throw refused(409, 'least-work.mjs serves first reports of duels only');
  return {
    name: 'lw-first-report',
    text: FIRST_REPORT,
    lines: [{ userId: me.id, type: 'result_submitted', description: `Result submitted: ${bet.title}` }],
    drafts: betNotifications.resultSubmitted(bet, me.id),
    values: [result],
    done: () => ({ success: true, status: 'active', message: 'Your outcome has been recorded.' }),
  };
}

/** The last agreeing report of a pot: the split (PotsService's own), the payouts, everyone told. */
function settle(me, bet, people, outcome) {
  const seats = joinedSeats(bet.seats);
  const mine = seats.find((seat) => seat.userId === me.id);
  const others = seats.filter((seat) => seat.userId !== me.id);
  if (bet.status !== 'active' || !mine || mine.result !== null)
    throw refused(409, 'You cannot report on this pot');
  if (others.some((seat) => seat.result !== outcome))
    throw refused(409, 'least-work.mjs serves settling reports only');
  const postings = potSettlementPostings(bet, seats, outcome, 'mutual');
  const nets = seats.map((seat) => ({ userId: seat.userId, net: potNet(seats, postings, seat.userId) }));
  const line = ({ userId, net }) =>
    net.startsWith('-')
      ? { userId, type: 'bet_lost', description: `Group pot lost: ${bet.title}` }
      : net === '0.00'
        ? {
            userId,
            type: 'bet_draw',
            description: `Group pot completed with nobody winning, stake refunded: ${bet.title}`,
          }
        : { userId, type: 'bet_won', description: `Group pot won: ${bet.title}` };
  const net = nets.find((entry) => entry.userId === me.id).net;
  return {
    name: 'lw-settle',
    text: SETTLE,
    postings,
    lines: [
      { userId: me.id, type: 'result_submitted', description: `Result submitted: ${bet.title}` },
      ...nets.map(line),
    ],
    drafts: potNotifications.settled(
      bet,
      nets.filter((entry) => entry.userId !== me.id),
      false,
    ),
    values: [outcome],
    done: (row) => ({
      success: true,
      status: 'completed',
      winnerUserId: null,
      message: settledPotMessage(net, bet.amount),
      balance: row.balances?.[me.id] ?? people.get(me.id).balance,
    }),
  };
}

export async function startLeastWork({ databaseUrl, jwtSecret, port }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const key = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
  const server = Fastify({ logger: false });
  // The ceiling's auth check: the same JWT verification and one-query session lookup, as a named statement.
  const caller = async (request, reply) => {
    let sid;
    try {
      sid = jwt.verify((request.headers.authorization ?? '').slice(7), key, { algorithms: ['HS256'] }).sid;
    } catch {
      return reply.code(401).send(NOT_AUTHENTICATED);
    }
    const { rows } = await pool.query({ name: 'lw-session', text: SESSION_USER, values: [sid] });
    if (!rows[0]) return reply.code(401).send(NOT_AUTHENTICATED);
    request.caller = rows[0];
  };
  routes(server, pool, caller);
  await server.listen({ port, host: '127.0.0.1' });
  return {
    close: async () => {
      await server.close();
      await pool.end();
    },
  };
}

/**
 * This server in a process of its own, with the Node flags `like` (the ceiling's process) was started with:
 * the same flags for all three servers. Stop it with support.mjs's stopCeiling.
 */
export async function forkLeastWork({ databaseUrl, jwtSecret, port, like }) {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: like.spawnargs.slice(1, -1),
    env: {
      ...process.env,
      LEAST_WORK_DATABASE_URL: databaseUrl,
      LEAST_WORK_JWT_SECRET: jwtSecret,
      LEAST_WORK_PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) =>
      reject(new Error(`the least-work server exited with code ${code} at start`)),
    );
  });
  return child;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startLeastWork({
    databaseUrl: process.env.LEAST_WORK_DATABASE_URL,
    jwtSecret: process.env.LEAST_WORK_JWT_SECRET,
    port: Number(process.env.LEAST_WORK_PORT),
  });
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  process.send?.('ready');
}

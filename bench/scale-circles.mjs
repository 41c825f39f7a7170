// The circles part of `npm run bench:scale` (imported by bench/scale.mjs): 10k circles of six seeded people, one
// big circle of 50 around the first heavy person, a tenth of the bets posted in circles (the heavy person's in
// the big circle), a season table per circle kept as a read model, and a thread of comments on the big circle's
// newest post. The rows are written straight into the circle_* tables, as the circles module would have left
// them, so the timed reads (a feed page, the table, a post's comments) see a circle history that grew with the
// bets. See docs/performance.md, "Circles at scale".

const CIRCLES = 10_000;
const CIRCLE_SIZE = 6;
const BIG_CIRCLE_SIZE = 50;
/** Comments added to the big circle's newest post at each step, and the reactions on its newest posts. */
const COMMENTS_PER_STEP = 1_000;
const REACTED_POSTS = 20;

/**
 * The circles and their people: `CIRCLES` circles of `CIRCLE_SIZE` seeded people each (every seeded person is
 * in about three), and the big one owned by `heavyId` with 49 seeded members. Each circle has its current
 * season and a standings row per member. Returns what the later steps and the timed reads need.
 */
export async function setUpCircles(db, heavyId) {
  await db.query(
    `INSERT INTO circles (name, "inviteCode", "createdAt")
     SELECT 'Circle ' || c, md5('circle' || c), now() - interval '60 days' FROM generate_series(1, $1::int) c`,
    [CIRCLES],
  );
  const [{ id: bigCircle }] = (
    await db.query(
      `INSERT INTO circles (name, "inviteCode", "createdAt") VALUES ('Big circle', md5('big circle'), now() - interval '60 days')
       RETURNING id`,
    )
  ).rows;
  // Each circle's members: seeded people at a stride, so circles overlap as friend groups do.
  await db.query(
    `WITH u AS (SELECT array_agg(id ORDER BY id) a FROM users WHERE email LIKE 'seed%'),
          c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM circles WHERE id <> $1)
     INSERT INTO circle_members ("circleId", "userId", role, "joinedAt")
     SELECT c.id, u.a[1 + ((c.n * ${CIRCLE_SIZE} + k) % array_length(u.a, 1))],
            CASE WHEN k = 0 THEN 'owner' ELSE 'member' END, now() - interval '60 days' + k * interval '1 minute'
       FROM c, u, generate_series(0, ${CIRCLE_SIZE - 1}) k
     ON CONFLICT DO NOTHING`,
    [bigCircle],
  );
  await db.query(
    `INSERT INTO circle_members ("circleId", "userId", role, "joinedAt") VALUES ($1, $2, 'owner', now() - interval '60 days')`,
    [bigCircle, heavyId],
  );
  await db.query(
    `INSERT INTO circle_members ("circleId", "userId", role, "joinedAt")
     SELECT $1, id, 'member', now() - interval '59 days' FROM users WHERE email LIKE 'seed%' ORDER BY id LIMIT $2`,
    [bigCircle, BIG_CIRCLE_SIZE - 1],
  );
  await db.query(
    `INSERT INTO circle_seasons ("circleId", number, "startsAt", "endsAt")
     SELECT id, 1, now() - interval '10 days', now() + interval '20 days' FROM circles`,
  );
  // The table's read model: a row per member and season, with figures spread so the ranking has work to do.
  await db.query(
    `INSERT INTO circle_standings ("seasonId", "userId", net, won, lost, drawn, streak)
     SELECT s.id, m."userId", (hashtext(m."userId"::text || s.id) % 5000) / 100.0,
            abs(hashtext(m."userId"::text) % 9), abs(hashtext(s.id::text || m."userId") % 9), abs(hashtext(m."userId"::text) % 3),
            hashtext(s.id::text) % 4
       FROM circle_seasons s JOIN circle_members m ON m."circleId" = s."circleId"`,
  );
  await db.query('ANALYZE circles, circle_members, circle_seasons, circle_standings');
  return { bigCircle, heavyId };
}

/**
 * Posts every tenth bet numbered (from, to] in a circle, as the circles module records a posted bet: its copy in
 * circle_bets, a `challenged` post, and a `settled` post for the completed ones. The heavy person's bets go to
 * the big circle; the rest to circle (i / 10) mod 10k. Then a thread of comments on the big circle's newest post
 * and reactions from its members on its newest posts.
 */
export async function seedCircleBets(db, from, to, { bigCircle, heavyId }) {
  await db.query(
    `WITH c AS (SELECT array_agg(id ORDER BY id) a FROM circles WHERE id <> $3)
     INSERT INTO circle_bets ("betId", "circleId", title, amount, status, players)
     SELECT b.id,
            CASE WHEN b."creatorId" = $4 OR b."opponentId" = $4 THEN $3 ELSE c.a[1 + (b.id / 10) % array_length(c.a, 1)] END,
            b.title, b.amount, b.status,
            jsonb_build_array(
              jsonb_build_object('userId', b."creatorId", 'reported', b.status = 'completed',
                'result', CASE WHEN b.status <> 'completed' THEN NULL WHEN b."winnerUserId" = b."creatorId" THEN 'won' ELSE 'lost' END,
                'net', CASE WHEN b.status <> 'completed' THEN NULL WHEN b."winnerUserId" = b."creatorId" THEN '1.00' ELSE '-1.00' END),
              jsonb_build_object('userId', b."opponentId", 'reported', b.status = 'completed',
                'result', CASE WHEN b.status <> 'completed' THEN NULL WHEN b."winnerUserId" = b."opponentId" THEN 'won' ELSE 'lost' END,
                'net', CASE WHEN b.status <> 'completed' THEN NULL WHEN b."winnerUserId" = b."opponentId" THEN '1.00' ELSE '-1.00' END))
       FROM bets b, c
      WHERE b.id > $1 AND b.id <= $2 AND (b.id % 10 = 0 OR b."creatorId" = $4 OR b."opponentId" = $4)`,
    [from, to, bigCircle, heavyId],
  );
  await db.query(
    `INSERT INTO circle_feed_items ("circleId", kind, "betId", "createdAt")
     SELECT "circleId", k.kind, "betId", now() - ($2::int - "betId") * interval '1 second'
       FROM circle_bets, (VALUES ('challenged', 0), ('settled', 1)) k(kind, step)
      WHERE "betId" > $1 AND "betId" <= $2 AND (k.step = 0 OR status = 'completed')
      ORDER BY "betId", k.step`,
    [from, to],
  );
  const [{ id: newest }] = (
    await db.query(`SELECT max(id) AS id FROM circle_feed_items WHERE "circleId" = $1`, [bigCircle])
  ).rows;
  await db.query(
    `WITH m AS (SELECT array_agg("userId" ORDER BY "userId") a FROM circle_members WHERE "circleId" = $2)
     INSERT INTO circle_comments ("itemId", "authorId", body)
     SELECT $1, m.a[1 + i % array_length(m.a, 1)], 'Comment ' || i || ': who called it?' FROM generate_series(1, $3::int) i, m`,
    [newest, bigCircle, COMMENTS_PER_STEP],
  );
  await db.query(
    `INSERT INTO circle_reactions ("itemId", "userId", emoji)
     SELECT f.id, m."userId", e.emoji
       FROM (SELECT id FROM circle_feed_items WHERE "circleId" = $1 ORDER BY id DESC LIMIT $2) f
       JOIN circle_members m ON m."circleId" = $1 AND hashtext(m."userId"::text || f.id) % 3 = 0,
            (VALUES ('👍'), ('🔥'), ('😂')) e(emoji)
     ON CONFLICT DO NOTHING`,
    [bigCircle, REACTED_POSTS],
  );
  await db.query('ANALYZE circle_bets, circle_feed_items, circle_comments, circle_reactions');
  return newest;
}

/** The timed circle reads for the big circle's owner: a feed page, the season's table, a post's comments. */
export function circleReads({ bigCircle }, newestItem) {
  return [
    { path: `/api/circles/${bigCircle}/feed`, label: 'GET /api/circles/:id/feed' },
    { path: `/api/circles/${bigCircle}/leaderboard`, label: 'GET /api/circles/:id/leaderboard' },
    { path: `/api/feed/${newestItem}/comments`, label: 'GET /api/feed/:itemId/comments' },
  ];
}

// The group pots of `npm run bench:scale` (scale.mjs imports this): a tenth of the seeded bets become pots of 3 to
// 20 players, and the reads that show pots are timed beside the others.

/** Reads that show pots (a person's pots filtered from their history, a pot's page) for the heavy user. */
export const POT_USER_READS = ['/api/bets/history?kind=pot', '/api/bets/{potPage}'];

/**
 * Turns the bets numbered (from, to] with id ≡ 7 (mod 10) into group pots (half the cancelled ones still
 * pending: the seeded statuses never give a pot id a pending one): no opponent, a join deadline, and
 * 3 + id mod 18 seats (3 to 20): the creator first, then seeded people, and for id ≡ 7 (mod 50) one of the heavy
 * people, so their pots are a tenth of theirs too. Picks alternate Yes / No from the creator (Yes); a pending pot's
 * later half has not joined yet. A settled pot's seats carry their payout (the pot split evenly among those who
 * picked Yes, its outcome) and the net the figures count (decidedNet), as PotsService and the stats trigger leave
 * them. Runs inside scale.mjs's seed, with the bets' triggers off, before the per-user figures are rebuilt.
 */
export async function seedPots(db, from, to, heavy) {
  await db.query(
    `UPDATE bets SET kind = 'pot', "opponentId" = NULL, "opponentPick" = NULL, "winnerUserId" = NULL,
            "joinBy" = "createdAt" + interval '1 hour',
            status = CASE WHEN status = 'cancelled' AND (id / 60) % 2 = 0 THEN 'pending' ELSE status END
      WHERE id > $1 AND id <= $2 AND id % 10 = 7`,
    [from, to],
  );
  await db.query(
    `WITH u AS (SELECT array_agg(id ORDER BY id) a FROM users WHERE email LIKE 'seed%'), h AS (SELECT $3::uuid[] AS a),
     seats AS (
       SELECT b.id AS "betId", b.status, b."resolutionDate", b."createdAt", k, 3 + b.id % 18 AS n,
              CASE WHEN k = 0 THEN b."creatorId"
                   WHEN k = 1 AND b.id % 50 = 7 THEN h.a[1 + (b.id / 600) % cardinality(h.a)]
                   ELSE u.a[1 + ((b.id * 13 + k * 101) % 10000)] END AS "userId"
         FROM bets b, u, h, generate_series(0, 19) k
        WHERE b.id > $1 AND b.id <= $2 AND b.id % 10 = 7 AND k < 3 + b.id % 18)
     INSERT INTO bet_participants ("betId", "userId", role, pick, stake, result, "joinedAt", "potStatus", "potResolvedAt")
     SELECT "betId", "userId", CASE WHEN k = 0 THEN 'creator' ELSE 'player' END,
            CASE WHEN status = 'pending' AND k > n / 2 THEN NULL WHEN k % 2 = 0 THEN 'Yes' ELSE 'No' END, 1.00,
            CASE WHEN status = 'completed' THEN 'Yes' END,
            CASE WHEN status = 'pending' AND k > n / 2 THEN NULL ELSE "createdAt" END, status, "resolutionDate"
       FROM seats
     ON CONFLICT ("betId", "userId") DO NOTHING`,
    [from, to, heavy],
  );
  await db.query(
    `WITH pot AS (
       SELECT s."betId", count(*) AS players, count(*) FILTER (WHERE s.pick = 'Yes') AS winners
         FROM bet_participants s JOIN bets b ON b.id = s."betId"
        WHERE b.id > $1 AND b.id <= $2 AND b.kind = 'pot' AND b.status = 'completed' AND s."joinedAt" IS NOT NULL
        GROUP BY s."betId")
     UPDATE bet_participants s
        SET payout = CASE WHEN s.pick = 'Yes' THEN round(pot.players::numeric / pot.winners, 2) ELSE 0 END,
            "decidedNet" = CASE WHEN s.pick = 'Yes' THEN round(pot.players::numeric / pot.winners, 2) - s.stake
                                ELSE -s.stake END
       FROM pot WHERE s."betId" = pot."betId" AND s."joinedAt" IS NOT NULL`,
    [from, to],
  );
}

/** The latest pot the person plays in (for its page), by their seats. */
export async function potPageOf(db, userId) {
  const { rows } = await db.query(
    `SELECT s."betId" AS id FROM bet_participants s JOIN bets b ON b.id = s."betId"
      WHERE s."userId" = $1 AND b.kind = 'pot' AND s."joinedAt" IS NOT NULL ORDER BY s."betId" DESC LIMIT 1`,
    [userId],
  );
  return rows[0]?.id ?? null;
}

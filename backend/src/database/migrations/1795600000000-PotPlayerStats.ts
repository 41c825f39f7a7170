import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  BET_STATS_FUNCTION,
  REBUILD_FUNCTION,
  RECOUNT_STREAKS_FUNCTION,
} from './1795550000000-UserStatsCounters.js';

/**
 * The kept user-stats figures (migration UserStatsCounters) count every player of a group pot, not only the
 * person who started it (docs/money.md, "Group pots"):
 * - a pot counts for each joined player once it is under way (active, disputed, completed): total, active,
 *   wagered (their stake), as a duel counts for its two parties;
 * - a settled pot is decided when someone picked its outcome: those players won (profit: their payout minus
 *   their stake), the others lost their stake; a refund to everyone (no clear outcome, an outcome nobody
 *   picked) is neither won nor lost, as a duel's draw; a void pot never got under way and counts nothing.
 *
 * bet_participants."decidedNet" keeps, on each seat of a decided pot, the profit the figures counted for it
 * (null otherwise). The bets trigger writes it in the transaction that settles or re-resolves the pot, and
 * reverses exactly what it says when an admin changes the decision: by then the seats' payouts already hold
 * the new split, so the old one could not be read from them.
 *
 * The streak recount, the rebuild and the profit history (AnalyticsService) read a person's decided pots
 * through a partial index of the seats that have a decidedNet. The pending figure counts the pots a person is
 * invited to, through a partial index of pot seats.
 *
 * Locks: the trigger touches the players' rows in user-id order in one statement, as for a duel's two
 * parties; a settlement has locked the winners' accounts before (the ledger) and locks no account after.
 */
const POT_SEAT_NET = `CASE WHEN NEW.status = 'completed' AND NEW."finalResult" <> 'no_clear_outcome'
                            AND EXISTS (SELECT 1 FROM bet_participants w
                                         WHERE w."betId" = NEW.id AND w."joinedAt" IS NOT NULL AND w.pick = NEW."finalResult")
                       THEN CASE WHEN s.pick = NEW."finalResult" THEN coalesce(s.payout, 0) - s.stake ELSE -s.stake END END`;

const RECOUNT_STREAKS = `
  CREATE OR REPLACE FUNCTION betwixt_recount_streaks(who uuid) RETURNS void LANGUAGE sql AS $$
    WITH decided AS (
      SELECT id, "resolutionDate", won,
             row_number() OVER (ORDER BY "resolutionDate" DESC NULLS LAST, id DESC) AS rn
        FROM (SELECT id, "resolutionDate", ("winnerUserId" = who) AS won
                FROM bets
               WHERE ("creatorId" = who OR "opponentId" = who) AND status = 'completed' AND "winnerUserId" IS NOT NULL
              UNION ALL
              SELECT b.id, b."resolutionDate", coalesce(s.pick = b."finalResult", false)
                FROM bet_participants s JOIN bets b ON b.id = s."betId"
               WHERE s."userId" = who AND s."decidedNet" IS NOT NULL AND b.status = 'completed') d
    ), runs AS (
      SELECT won, rn - row_number() OVER (PARTITION BY won ORDER BY rn) AS grp FROM decided
    )
    UPDATE user_bet_stats SET
      "currentStreak" = (SELECT count(*) FROM runs WHERE won AND grp = 0),
      "longestStreak" = (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM runs WHERE won GROUP BY grp) s),
      "lastDecidedAt" = (SELECT "resolutionDate" FROM decided WHERE rn = 1),
      "lastDecidedBetId" = (SELECT id FROM decided WHERE rn = 1)
     WHERE "userId" = who
  $$`;

export const BET_STATS = `
  CREATE OR REPLACE FUNCTION betwixt_bet_stats() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    d record;
    appending boolean;
    recount boolean;
    kept_last integer;
    pot_users uuid[];
    pot_stakes numeric[];
    pot_picks text[];
    old_nets numeric[];
    new_nets numeric[];
  BEGIN
    -- A pot's players: what was counted for each (the seats' decidedNet) before this change, and after it.
    IF (TG_OP <> 'INSERT' AND OLD.kind = 'pot') OR (TG_OP <> 'DELETE' AND NEW.kind = 'pot') THEN
      SELECT array_agg(s."userId" ORDER BY s."userId"), array_agg(s.stake ORDER BY s."userId"),
             array_agg(s.pick ORDER BY s."userId"), array_agg(s."decidedNet" ORDER BY s."userId")
        INTO pot_users, pot_stakes, pot_picks, old_nets
        FROM bet_participants s
       WHERE s."betId" = CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END AND s."joinedAt" IS NOT NULL;
      IF TG_OP <> 'DELETE' AND NEW.kind = 'pot' THEN
        UPDATE bet_participants s SET "decidedNet" = ${POT_SEAT_NET}
         WHERE s."betId" = NEW.id AND s."joinedAt" IS NOT NULL
           AND s."decidedNet" IS DISTINCT FROM (${POT_SEAT_NET});
        SELECT array_agg(s."decidedNet" ORDER BY s."userId") INTO new_nets
          FROM bet_participants s WHERE s."betId" = NEW.id AND s."joinedAt" IS NOT NULL;
      END IF;
    END IF;
    FOR d IN
      WITH side AS (
        -- A duel's two parties.
        SELECT -1 AS sign, party, OLD.status AS status, OLD.amount AS amount,
               (OLD.status = 'completed' AND OLD."winnerUserId" IS NOT NULL) AS decided,
               coalesce(OLD.status = 'completed' AND OLD."winnerUserId" = party, false) AS won,
               CASE WHEN OLD."winnerUserId" = party THEN OLD.amount ELSE -OLD.amount END AS net
          FROM unnest(ARRAY[OLD."creatorId", OLD."opponentId"]) AS party
         WHERE TG_OP <> 'INSERT' AND OLD.kind = 'duel' AND party IS NOT NULL
        UNION ALL
        SELECT 1, party, NEW.status, NEW.amount,
               (NEW.status = 'completed' AND NEW."winnerUserId" IS NOT NULL),
               coalesce(NEW.status = 'completed' AND NEW."winnerUserId" = party, false),
               CASE WHEN NEW."winnerUserId" = party THEN NEW.amount ELSE -NEW.amount END
          FROM unnest(ARRAY[NEW."creatorId", NEW."opponentId"]) AS party
         WHERE TG_OP <> 'DELETE' AND NEW.kind = 'duel' AND party IS NOT NULL
        UNION ALL
        -- A pot's joined players.
        SELECT -1, p.party, OLD.status, p.stake, (OLD.status = 'completed' AND p.net IS NOT NULL),
               coalesce(OLD.status = 'completed' AND p.net IS NOT NULL AND p.pick = OLD."finalResult", false), p.net
          FROM unnest(pot_users, pot_stakes, pot_picks, old_nets) AS p(party, stake, pick, net)
         WHERE TG_OP <> 'INSERT' AND OLD.kind = 'pot'
        UNION ALL
        SELECT 1, p.party, NEW.status, p.stake, (NEW.status = 'completed' AND p.net IS NOT NULL),
               coalesce(NEW.status = 'completed' AND p.net IS NOT NULL AND p.pick = NEW."finalResult", false), p.net
          FROM unnest(pot_users, pot_stakes, pot_picks, new_nets) AS p(party, stake, pick, net)
         WHERE TG_OP <> 'DELETE' AND NEW.kind = 'pot'
      ), flagged AS (
        SELECT party, sign, amount, decided, won, net,
               status IN ('active', 'disputed', 'completed') AS taken,
               status IN ('active', 'disputed') AS open
          FROM side
      )
      SELECT party AS "userId",
             sum(sign * taken::int)::int AS total,
             sum(sign * open::int)::int AS active,
             sum(CASE WHEN taken THEN sign * amount ELSE 0 END) AS wagered,
             sum(sign * won::int)::int AS won,
             sum(sign * (decided AND NOT won)::int)::int AS lost,
             sum(CASE WHEN decided THEN sign * net ELSE 0 END) AS profit,
             coalesce(bool_or(decided) FILTER (WHERE sign = -1), false) AS was_decided,
             coalesce(bool_or(won) FILTER (WHERE sign = -1), false) AS was_won,
             coalesce(bool_or(decided) FILTER (WHERE sign = 1), false) AS is_decided,
             coalesce(bool_or(won) FILTER (WHERE sign = 1), false) AS is_won
        FROM flagged GROUP BY party ORDER BY party
    LOOP
      -- A newly decided bet may extend the streaks in place; a change to a decided bet recounts them.
      appending := d.is_decided AND NOT d.was_decided;
      recount := d.was_decided AND NOT (d.is_decided AND d.is_won = d.was_won
                                        AND OLD."resolutionDate" IS NOT DISTINCT FROM NEW."resolutionDate");
      CONTINUE WHEN NOT appending AND NOT recount AND d.total = 0 AND d.active = 0
                    AND d.wagered = 0 AND d.won = 0 AND d.lost = 0 AND d.profit = 0;
      INSERT INTO user_bet_stats AS s ("userId", won, lost, total, active, wagered, profit,
                                       "currentStreak", "longestStreak", "lastDecidedAt", "lastDecidedBetId")
      VALUES (d."userId", d.won, d.lost, d.total, d.active, d.wagered, d.profit,
              (appending AND d.is_won)::int, (appending AND d.is_won)::int,
              CASE WHEN appending THEN NEW."resolutionDate" END, CASE WHEN appending THEN NEW.id END)
      ON CONFLICT ("userId") DO UPDATE SET
        won = s.won + EXCLUDED.won,
        lost = s.lost + EXCLUDED.lost,
        total = s.total + EXCLUDED.total,
        active = s.active + EXCLUDED.active,
        wagered = s.wagered + EXCLUDED.wagered,
        profit = s.profit + EXCLUDED.profit,
        -- In place only when the bet is newer than every decided bet the row has counted (else recounted below).
        ("currentStreak", "longestStreak", "lastDecidedAt", "lastDecidedBetId") =
          (SELECT CASE WHEN newer THEN CASE WHEN d.is_won THEN s."currentStreak" + 1 ELSE 0 END ELSE s."currentStreak" END,
                  CASE WHEN newer AND d.is_won THEN greatest(s."longestStreak", s."currentStreak" + 1) ELSE s."longestStreak" END,
                  CASE WHEN newer THEN NEW."resolutionDate" ELSE s."lastDecidedAt" END,
                  CASE WHEN newer THEN NEW.id ELSE s."lastDecidedBetId" END
             FROM (SELECT appending AND (s."lastDecidedBetId" IS NULL
                     OR (NEW."resolutionDate" IS NOT NULL
                         AND (s."lastDecidedAt" IS NULL
                              OR (NEW."resolutionDate", NEW.id) > (s."lastDecidedAt", s."lastDecidedBetId"))))
                     AS newer) n)
      RETURNING "lastDecidedBetId" INTO kept_last;
      IF recount OR (appending AND kept_last IS DISTINCT FROM NEW.id) THEN
        PERFORM betwixt_recount_streaks(d."userId");
      END IF;
    END LOOP;
    RETURN NULL;
  END $$`;

export const REBUILD = `
  CREATE OR REPLACE FUNCTION betwixt_rebuild_user_stats() RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    LOCK TABLE bets, bet_participants, transactions IN SHARE MODE;
    DELETE FROM user_bet_stats;
    DELETE FROM user_payout_totals;
    INSERT INTO user_bet_stats ("userId", won, lost, total, active, wagered, profit,
                                "currentStreak", "longestStreak", "lastDecidedAt", "lastDecidedBetId")
    WITH side AS (
      SELECT p.party AS "userId", b.id, b.amount, b."resolutionDate",
             b.status IN ('active', 'disputed') AS open,
             (b.status = 'completed' AND b."winnerUserId" IS NOT NULL) AS decided,
             coalesce(b.status = 'completed' AND b."winnerUserId" = p.party, false) AS won,
             CASE WHEN b."winnerUserId" = p.party THEN b.amount ELSE -b.amount END AS net
        FROM bets b, LATERAL (VALUES (b."creatorId"), (b."opponentId")) AS p(party)
       WHERE p.party IS NOT NULL AND b.kind = 'duel' AND b.status IN ('active', 'disputed', 'completed')
      UNION ALL
      SELECT s."userId", b.id, s.stake, b."resolutionDate",
             b.status IN ('active', 'disputed'),
             (b.status = 'completed' AND s."decidedNet" IS NOT NULL),
             coalesce(b.status = 'completed' AND s."decidedNet" IS NOT NULL AND s.pick = b."finalResult", false),
             s."decidedNet"
        FROM bets b JOIN bet_participants s ON s."betId" = b.id AND s."joinedAt" IS NOT NULL
       WHERE b.kind = 'pot' AND b.status IN ('active', 'disputed', 'completed')
    ), counts AS (
      SELECT "userId",
             count(*) FILTER (WHERE won)::int AS won,
             count(*) FILTER (WHERE decided AND NOT won)::int AS lost,
             count(*)::int AS total,
             count(*) FILTER (WHERE open)::int AS active,
             coalesce(sum(amount), 0) AS wagered,
             coalesce(sum(net) FILTER (WHERE decided), 0) AS profit
        FROM side GROUP BY "userId"
    ), ranked AS (
      SELECT "userId", id, "resolutionDate", won,
             row_number() OVER (PARTITION BY "userId" ORDER BY "resolutionDate" DESC NULLS LAST, id DESC) AS rn
        FROM side WHERE decided
    ), runs AS (
      SELECT "userId", grp, count(*) AS n FROM (
        SELECT "userId", won, rn - row_number() OVER (PARTITION BY "userId", won ORDER BY rn) AS grp FROM ranked
      ) r WHERE won GROUP BY "userId", grp
    ), streaks AS (
      SELECT "userId", coalesce(max(n) FILTER (WHERE grp = 0), 0)::int AS current, max(n)::int AS longest
        FROM runs GROUP BY "userId"
    )
    SELECT c."userId", c.won, c.lost, c.total, c.active, c.wagered, c.profit,
           coalesce(s.current, 0), coalesce(s.longest, 0), l."resolutionDate", l.id
      FROM counts c
      LEFT JOIN streaks s ON s."userId" = c."userId"
      LEFT JOIN ranked l ON l."userId" = c."userId" AND l.rn = 1;
    INSERT INTO user_payout_totals ("userId", paid)
    SELECT "userId", sum(amount) FROM transactions WHERE type IN ('bet_payout', 'payout_reversal') GROUP BY "userId";
  END $$`;

export const TRIGGER = (columns: string, changed: string) => `
  CREATE TRIGGER "TRG_bets_user_stats" AFTER UPDATE OF ${columns} ON "bets" FOR EACH ROW
   WHEN ((${changed})
         AND (OLD.status IN ('active', 'disputed', 'completed') OR NEW.status IN ('active', 'disputed', 'completed')))
   EXECUTE FUNCTION betwixt_bet_stats()`;

export const BEFORE_COLUMNS = `status, "winnerUserId", amount, "creatorId", "opponentId", "resolutionDate"`;
export const BEFORE_CHANGED = `OLD.status IS DISTINCT FROM NEW.status OR OLD."winnerUserId" IS DISTINCT FROM NEW."winnerUserId"
          OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD."creatorId" IS DISTINCT FROM NEW."creatorId"
          OR OLD."opponentId" IS DISTINCT FROM NEW."opponentId"
          OR (NEW.status = 'completed' AND OLD."resolutionDate" IS DISTINCT FROM NEW."resolutionDate")`;

export class PotPlayerStats1795600000000 implements MigrationInterface {
  name = 'PotPlayerStats1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bet_participants" ADD "decidedNet" numeric(10,2)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_decided" ON "bet_participants" ("userId", "betId") WHERE "decidedNet" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_players" ON "bet_participants" ("userId", "betId") WHERE role = 'player'`,
    );
    await queryRunner.query(RECOUNT_STREAKS);
    await queryRunner.query(BET_STATS);
    await queryRunner.query(REBUILD);
    // A re-resolution of a pot changes its finalResult (the winners), not its winnerUserId.
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats" ON "bets"`);
    await queryRunner.query(
      TRIGGER(
        `${BEFORE_COLUMNS}, "finalResult"`,
        `${BEFORE_CHANGED}
          OR (NEW.status = 'completed' AND OLD."finalResult" IS DISTINCT FROM NEW."finalResult")`,
      ),
    );
    // Backfill: what the settled pots' seats count, then every figure again from history.
    await queryRunner.query(`
      UPDATE bet_participants s SET "decidedNet" = CASE WHEN s.pick = b."finalResult" THEN coalesce(s.payout, 0) - s.stake
                                                        ELSE -s.stake END
        FROM bets b
       WHERE b.id = s."betId" AND b.kind = 'pot' AND b.status = 'completed' AND s."joinedAt" IS NOT NULL
         AND b."finalResult" <> 'no_clear_outcome'
         AND EXISTS (SELECT 1 FROM bet_participants w
                      WHERE w."betId" = b.id AND w."joinedAt" IS NOT NULL AND w.pick = b."finalResult")`);
    await queryRunner.query(`SELECT betwixt_rebuild_user_stats()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats" ON "bets"`);
    await queryRunner.query(TRIGGER(BEFORE_COLUMNS, BEFORE_CHANGED));
    await queryRunner.query(BET_STATS_FUNCTION);
    await queryRunner.query(`DROP FUNCTION betwixt_recount_streaks(uuid)`);
    await queryRunner.query(RECOUNT_STREAKS_FUNCTION);
    await queryRunner.query(`DROP FUNCTION betwixt_rebuild_user_stats()`);
    await queryRunner.query(REBUILD_FUNCTION);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_players"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_decided"`);
    await queryRunner.query(`ALTER TABLE "bet_participants" DROP COLUMN "decidedNet"`);
    await queryRunner.query(`SELECT betwixt_rebuild_user_stats()`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { WON_LOST_FUNCTION, WON_LOST_TRIGGER } from './1795500100000-UserBetStats.js';

/** As this migration made it (PotPlayerStats restores it on the way down). */
export const RECOUNT_STREAKS_FUNCTION = `
      CREATE FUNCTION betwixt_recount_streaks(who uuid) RETURNS void LANGUAGE sql AS $$
        WITH decided AS (
          SELECT id, "resolutionDate", ("winnerUserId" = who) AS won,
                 row_number() OVER (ORDER BY "resolutionDate" DESC NULLS LAST, id DESC) AS rn
            FROM bets
           WHERE ("creatorId" = who OR "opponentId" = who) AND status = 'completed' AND "winnerUserId" IS NOT NULL
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

/** As this migration made it (PotPlayerStats restores it on the way down). */
export const BET_STATS_FUNCTION = `
      CREATE OR REPLACE FUNCTION betwixt_bet_stats() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        d record;
        appending boolean;
        recount boolean;
        kept_last integer;
      BEGIN
        FOR d IN
          WITH side AS (
            SELECT -1 AS sign, party, OLD.status AS status, OLD.amount AS amount, OLD."winnerUserId" AS winner
              FROM unnest(ARRAY[OLD."creatorId", OLD."opponentId"]) AS party
             WHERE TG_OP <> 'INSERT' AND party IS NOT NULL
            UNION ALL
            SELECT 1, party, NEW.status, NEW.amount, NEW."winnerUserId"
              FROM unnest(ARRAY[NEW."creatorId", NEW."opponentId"]) AS party
             WHERE TG_OP <> 'DELETE' AND party IS NOT NULL
          ), flagged AS (
            SELECT party, sign, amount,
                   status IN ('active', 'disputed', 'completed') AS taken,
                   status IN ('active', 'disputed') AS open,
                   (status = 'completed' AND winner IS NOT NULL) AS decided,
                   (status = 'completed' AND winner IS NOT NULL AND winner = party) AS won
              FROM side
          )
          SELECT party AS "userId",
                 sum(sign * taken::int)::int AS total,
                 sum(sign * open::int)::int AS active,
                 sum(CASE WHEN taken THEN sign * amount ELSE 0 END) AS wagered,
                 sum(sign * won::int)::int AS won,
                 sum(sign * (decided AND NOT won)::int)::int AS lost,
                 sum(CASE WHEN won THEN sign * amount WHEN decided THEN -sign * amount ELSE 0 END) AS profit,
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

/** As this migration made it (PotPlayerStats restores it on the way down). */
export const REBUILD_FUNCTION = `
      CREATE FUNCTION betwixt_rebuild_user_stats() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        LOCK TABLE bets, transactions IN SHARE MODE;
        DELETE FROM user_bet_stats;
        DELETE FROM user_payout_totals;
        INSERT INTO user_bet_stats ("userId", won, lost, total, active, wagered, profit,
                                    "currentStreak", "longestStreak", "lastDecidedAt", "lastDecidedBetId")
        WITH side AS (
          SELECT p.party AS "userId", b.id, b.amount, b."resolutionDate",
                 b.status IN ('active', 'disputed', 'completed') AS taken,
                 b.status IN ('active', 'disputed') AS open,
                 (b.status = 'completed' AND b."winnerUserId" IS NOT NULL) AS decided,
                 (b.status = 'completed' AND b."winnerUserId" = p.party) AS won
            FROM bets b, LATERAL (VALUES (b."creatorId"), (b."opponentId")) AS p(party)
           WHERE p.party IS NOT NULL AND b.status IN ('active', 'disputed', 'completed')
        ), counts AS (
          SELECT "userId",
                 count(*) FILTER (WHERE won)::int AS won,
                 count(*) FILTER (WHERE decided AND NOT won)::int AS lost,
                 count(*) FILTER (WHERE taken)::int AS total,
                 count(*) FILTER (WHERE open)::int AS active,
                 coalesce(sum(amount) FILTER (WHERE taken), 0) AS wagered,
                 coalesce(sum(CASE WHEN won THEN amount ELSE -amount END) FILTER (WHERE decided), 0) AS profit
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

/**
 * Every figure of `GET /api/analytics/user-stats` kept per user, so the endpoint reads one row instead of the
 * person's whole history (110 ms p50 at 1M bets for someone with 13k bets; docs/performance.md, "At scale").
 *
 * user_bet_stats (won/lost already, from UserBetStats) gains the other counters: total (active, disputed or
 * completed), active (active or disputed), wagered (amount over the total), profit (+amount won,
 * -amount lost), and the win streaks over the decided bets (completed with a winner) in the order the figures
 * use, newest first: resolutionDate DESC NULLS LAST, id DESC. The bets trigger now fires on every change that
 * moves a bet in or out of one of those sets (insert, status, winner, amount, parties, a decided bet's date)
 * and applies the difference between the old and new row, in the bet's own transaction.
 *
 * Pending bets are not counted here: the figure is read through the (party, status) indexes, a handful of
 * rows. Counting them would make creating a bet lock both players' rows before the ledger locks the
 * creator's account, so a bet created between two people while another of theirs settled (accounts first,
 * then these rows) could deadlock. The rule every path keeps: a transaction takes the accounts it posts to
 * before it changes a bet here, and no account after. A settlement may lock the loser's row without the
 * loser's account (only the winner is paid), which is safe as long as nothing holding one of these rows then
 * waits for an account: single-bet paths never do, and account deletion, which voids several bets in one
 * transaction, locks every account it refunds up front (BetsDeletionParticipant).
 *
 * Streaks: a bet decided later than the user's latest decided bet (the usual settle or admin decision) extends
 * or breaks the current streak in O(1), against the latest (resolutionDate, id) kept in the row. Anything
 * else (an admin re-resolution, which changes a decided bet; a bet decided with an older date; a deleted
 * bet) recounts that user's streaks from their decided bets, through the partial indexes below; rare, and
 * the result is then exact by construction.
 *
 * Locks: the trigger touches rows in user-id order within its one statement, and skips users whose figures
 * did not change (an active bet going to dispute touches nothing). The recount reads bets only after the
 * user's row is locked, and every change to a decided bet locks that row too, so it never misses one.
 *
 * Payouts (bet_payout + payout_reversal ledger rows, "totalAmountWon") are kept in a table of their own,
 * user_payout_totals, by a trigger on transactions. Not in user_bet_stats: a settlement posts the winner's
 * payout before the bet's status changes, so that row would be locked for the winner first and for both
 * parties (in id order) after, and three settlements among three people could then wait on each other in a
 * circle. The ledger locks an account (users row) before writing any of its rows, so a user's
 * user_payout_totals row is only ever touched by the transaction that already holds that account: it never
 * waits.
 *
 * The partial indexes on decided bets by (party, resolutionDate, id) serve the profit history (the latest
 * 100 decided bets, read backwards) and the streak recount.
 */
export class UserStatsCounters1795550000000 implements MigrationInterface {
  name = 'UserStatsCounters1795550000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_bet_stats"
      ADD "total" integer NOT NULL DEFAULT 0,
      ADD "active" integer NOT NULL DEFAULT 0,
      ADD "wagered" numeric(14,2) NOT NULL DEFAULT 0,
      ADD "profit" numeric(14,2) NOT NULL DEFAULT 0,
      ADD "currentStreak" integer NOT NULL DEFAULT 0,
      ADD "longestStreak" integer NOT NULL DEFAULT 0,
      ADD "lastDecidedAt" TIMESTAMP WITH TIME ZONE,
      ADD "lastDecidedBetId" integer`);
    await queryRunner.query(
      `CREATE TABLE "user_payout_totals" ("userId" uuid NOT NULL, "paid" numeric(14,2) NOT NULL DEFAULT 0, CONSTRAINT "PK_user_payout_totals" PRIMARY KEY ("userId"), CONSTRAINT "FK_user_payout_totals_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_creator_decided" ON "bets" ("creatorId", "resolutionDate", "id") WHERE status = 'completed' AND "winnerUserId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_opponent_decided" ON "bets" ("opponentId", "resolutionDate", "id") WHERE status = 'completed' AND "winnerUserId" IS NOT NULL`,
    );

    // One user's streaks and latest decided bet, recounted (the definition the figures had before they were kept).
    await queryRunner.query(RECOUNT_STREAKS_FUNCTION);

    await queryRunner.query(BET_STATS_FUNCTION);
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats" ON "bets"`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_bets_user_stats" AFTER UPDATE OF status, "winnerUserId", amount, "creatorId", "opponentId", "resolutionDate" ON "bets" FOR EACH ROW
       WHEN ((OLD.status IS DISTINCT FROM NEW.status OR OLD."winnerUserId" IS DISTINCT FROM NEW."winnerUserId"
              OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD."creatorId" IS DISTINCT FROM NEW."creatorId"
              OR OLD."opponentId" IS DISTINCT FROM NEW."opponentId"
              OR (NEW.status = 'completed' AND OLD."resolutionDate" IS DISTINCT FROM NEW."resolutionDate"))
             AND (OLD.status IN ('active', 'disputed', 'completed') OR NEW.status IN ('active', 'disputed', 'completed')))
       EXECUTE FUNCTION betwixt_bet_stats()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_bets_user_stats_insert" AFTER INSERT ON "bets" FOR EACH ROW
       WHEN (NEW.status IN ('active', 'disputed', 'completed')) EXECUTE FUNCTION betwixt_bet_stats()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_bets_user_stats_delete" AFTER DELETE ON "bets" FOR EACH ROW
       WHEN (OLD.status IN ('active', 'disputed', 'completed')) EXECUTE FUNCTION betwixt_bet_stats()`,
    );

    await queryRunner.query(`
      CREATE FUNCTION betwixt_payout_totals() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO user_payout_totals AS p ("userId", paid)
        SELECT "userId", sum(amount) FROM (
          SELECT OLD."userId", -OLD.amount WHERE TG_OP <> 'INSERT' AND OLD.type IN ('bet_payout', 'payout_reversal')
          UNION ALL
          SELECT NEW."userId", NEW.amount WHERE TG_OP <> 'DELETE' AND NEW.type IN ('bet_payout', 'payout_reversal')
        ) AS delta("userId", amount)
         GROUP BY "userId" ORDER BY "userId"
        ON CONFLICT ("userId") DO UPDATE SET paid = p.paid + EXCLUDED.paid;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_transactions_payout_totals" AFTER INSERT ON "transactions" FOR EACH ROW
       WHEN (NEW.type IN ('bet_payout', 'payout_reversal')) EXECUTE FUNCTION betwixt_payout_totals()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_transactions_payout_totals_change" AFTER UPDATE OR DELETE ON "transactions" FOR EACH ROW
       EXECUTE FUNCTION betwixt_payout_totals()`,
    );

    // A TRUNCATE fires no row triggers: emptying bets or the ledger empties what was counted from them.
    await queryRunner.query(`
      CREATE FUNCTION betwixt_user_stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'bets' THEN DELETE FROM user_bet_stats; ELSE DELETE FROM user_payout_totals; END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_bets_user_stats_truncate" AFTER TRUNCATE ON "bets" FOR EACH STATEMENT EXECUTE FUNCTION betwixt_user_stats_truncated()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_transactions_payout_totals_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION betwixt_user_stats_truncated()`,
    );

    // Rebuilds every kept figure from history: this migration's backfill, and a database seeded with the
    // triggers off (bench/scale.mjs). Writers wait meanwhile (SHARE locks), so nothing slips between.
    await queryRunner.query(REBUILD_FUNCTION);
    await queryRunner.query(`SELECT betwixt_rebuild_user_stats()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION betwixt_rebuild_user_stats()`);
    await queryRunner.query(`DROP TRIGGER "TRG_transactions_payout_totals_truncate" ON "transactions"`);
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats_truncate" ON "bets"`);
    await queryRunner.query(`DROP FUNCTION betwixt_user_stats_truncated()`);
    await queryRunner.query(`DROP TRIGGER "TRG_transactions_payout_totals_change" ON "transactions"`);
    await queryRunner.query(`DROP TRIGGER "TRG_transactions_payout_totals" ON "transactions"`);
    await queryRunner.query(`DROP FUNCTION betwixt_payout_totals()`);
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats_delete" ON "bets"`);
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats_insert" ON "bets"`);
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats" ON "bets"`);
    // The won/lost trigger of UserBetStats, as it was.
    await queryRunner.query(WON_LOST_FUNCTION);
    await queryRunner.query(WON_LOST_TRIGGER);
    await queryRunner.query(`DROP FUNCTION betwixt_recount_streaks(uuid)`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_opponent_decided"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_creator_decided"`);
    await queryRunner.query(`DROP TABLE "user_payout_totals"`);
    await queryRunner.query(`ALTER TABLE "user_bet_stats"
      DROP COLUMN "lastDecidedBetId", DROP COLUMN "lastDecidedAt", DROP COLUMN "longestStreak",
      DROP COLUMN "currentStreak", DROP COLUMN "profit", DROP COLUMN "wagered",
      DROP COLUMN "active", DROP COLUMN "total"`);
  }
}

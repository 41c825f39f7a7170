import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The won/lost trigger as this migration made it (UserStatsCounters restores it on the way down). */
export const WON_LOST_FUNCTION = `
      CREATE OR REPLACE FUNCTION betwixt_bet_stats() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        WITH delta("userId", won, lost) AS (
          SELECT OLD."winnerUserId", -1, 0
           WHERE OLD.status = 'completed' AND OLD."winnerUserId" IS NOT NULL
          UNION ALL
          SELECT CASE WHEN OLD."winnerUserId" = OLD."creatorId" THEN OLD."opponentId" ELSE OLD."creatorId" END, 0, -1
           WHERE OLD.status = 'completed' AND OLD."winnerUserId" IS NOT NULL
          UNION ALL
          SELECT NEW."winnerUserId", 1, 0
           WHERE NEW.status = 'completed' AND NEW."winnerUserId" IS NOT NULL
          UNION ALL
          SELECT CASE WHEN NEW."winnerUserId" = NEW."creatorId" THEN NEW."opponentId" ELSE NEW."creatorId" END, 0, 1
           WHERE NEW.status = 'completed' AND NEW."winnerUserId" IS NOT NULL
        )
        INSERT INTO user_bet_stats ("userId", won, lost)
        SELECT "userId", sum(won), sum(lost) FROM delta WHERE "userId" IS NOT NULL
         GROUP BY "userId" ORDER BY "userId"
        ON CONFLICT ("userId") DO UPDATE
          SET won = user_bet_stats.won + EXCLUDED.won, lost = user_bet_stats.lost + EXCLUDED.lost;
        RETURN NULL;
      END $$`;
export const WON_LOST_TRIGGER = `CREATE TRIGGER "TRG_bets_user_stats" AFTER UPDATE OF status, "winnerUserId" ON "bets" FOR EACH ROW
       WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD."winnerUserId" IS DISTINCT FROM NEW."winnerUserId")
       EXECUTE FUNCTION betwixt_bet_stats()`;

/**
 * Per-user won/lost counters, kept by a trigger on bets in the same transaction that settles, resolves or
 * re-resolves a bet, so no code path can forget them and `GET /api/auth/user` reads two integers instead of
 * counting every bet the user ever played. Rows are touched in user-id order (the ledger has already locked
 * both users in that order in every path that settles), so two settlements cannot deadlock here.
 */
export class UserBetStats1795500100000 implements MigrationInterface {
  name = 'UserBetStats1795500100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_bet_stats" ("userId" uuid NOT NULL, "won" integer NOT NULL DEFAULT 0, "lost" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_user_bet_stats" PRIMARY KEY ("userId"), CONSTRAINT "FK_user_bet_stats_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(WON_LOST_FUNCTION);
    await queryRunner.query(WON_LOST_TRIGGER);
    // Backfill from history.
    await queryRunner.query(`
      INSERT INTO user_bet_stats ("userId", won, lost)
      SELECT party, count(*) FILTER (WHERE b."winnerUserId" = party), count(*) FILTER (WHERE b."winnerUserId" <> party)
        FROM bets b, LATERAL (VALUES (b."creatorId"), (b."opponentId")) AS p(party)
       WHERE b.status = 'completed' AND b."winnerUserId" IS NOT NULL AND party IS NOT NULL
       GROUP BY party`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats" ON "bets"`);
    await queryRunner.query(`DROP FUNCTION betwixt_bet_stats()`);
    await queryRunner.query(`DROP TABLE "user_bet_stats"`);
  }
}

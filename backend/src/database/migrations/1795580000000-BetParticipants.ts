import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One model for every bet (docs/money.md, "Participants"): bets.kind ('duel' or 'pot') and bet_participants,
 * one row per seat (who, role, pick, stake, report, when they joined and reported).
 * - Every existing bet is a duel: its creator gets a seat, and so does its opponent once there is one (an open
 *   challenge not yet taken has only the creator's). A seat is joined (joinedAt set, stake in escrow while the
 *   bet is open) for the creator from creation, for the opponent once they accepted; the times come from the
 *   bet's activity lines where they exist.
 * - A trigger keeps a duel's seats in step with its creator/opponent columns, in the statement that changes
 *   them: no duel write pays an extra round trip, and every writer (players, admins, jobs, deletion) is covered.
 */
export class BetParticipants1795580000000 implements MigrationInterface {
  name = 'BetParticipants1795580000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bets" ADD "kind" character varying(8) NOT NULL DEFAULT 'duel'`);
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_kind" CHECK ("kind" IN ('duel', 'pot'))`,
    );
    await queryRunner.query(
      `CREATE TABLE "bet_participants" ("betId" integer NOT NULL, "userId" uuid NOT NULL, "role" character varying(16) NOT NULL, "pick" text, "stake" numeric(10,2) NOT NULL, "result" text, "joinedAt" TIMESTAMP WITH TIME ZONE, "reportedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_bet_participants_stake_positive" CHECK ("stake" > 0), CONSTRAINT "CHK_bet_participants_role" CHECK ("role" IN ('creator', 'opponent', 'player')), CONSTRAINT "PK_bet_participants" PRIMARY KEY ("betId", "userId"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_user" ON "bet_participants" ("userId", "betId") `,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_participants" ADD CONSTRAINT "FK_bet_participants_betId" FOREIGN KEY ("betId") REFERENCES "bets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_participants" ADD CONSTRAINT "FK_bet_participants_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );

    // The backfill: every bet so far is a duel.
    await queryRunner.query(`
      WITH seen AS (
        SELECT "betId", "userId",
               min("createdAt") FILTER (WHERE "activityType" = 'bet_accepted') AS accepted,
               max("createdAt") FILTER (WHERE "activityType" = 'result_submitted') AS reported
          FROM bet_activities WHERE "betId" IS NOT NULL
         GROUP BY "betId", "userId")
      INSERT INTO bet_participants ("betId", "userId", role, pick, stake, result, "joinedAt", "reportedAt")
      SELECT b.id, seat."userId", seat.role, seat.pick, b.amount, seat.result,
             CASE WHEN seat.role = 'creator' THEN b."createdAt"
                  WHEN seat.pick IS NOT NULL OR b.status IN ('active', 'disputed', 'completed')
                    THEN coalesce(seen.accepted, b."createdAt") END,
             CASE WHEN seat.result IS NOT NULL THEN coalesce(seen.reported, b."updatedAt") END
        FROM bets b
       CROSS JOIN LATERAL (VALUES (b."creatorId", 'creator', b."creatorPick", b."creatorResult"),
                                  (b."opponentId", 'opponent', b."opponentPick", b."opponentResult"))
             AS seat("userId", role, pick, result)
        LEFT JOIN seen ON seen."betId" = b.id AND seen."userId" = seat."userId"
       WHERE seat."userId" IS NOT NULL`);

    await queryRunner.query(`
      CREATE FUNCTION bet_participants_mirror_duel() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD."opponentId" IS DISTINCT FROM NEW."opponentId" THEN
          DELETE FROM bet_participants
           WHERE "betId" = NEW.id AND "userId" <> NEW."creatorId" AND "userId" IS DISTINCT FROM NEW."opponentId";
        END IF;
        -- A seat is joined from the moment it has a pick (the creator's from creation) and reported when its
        -- result changes; an unchanged seat is not rewritten.
        INSERT INTO bet_participants AS p ("betId", "userId", role, pick, stake, result, "joinedAt", "reportedAt")
        SELECT NEW.id, seat."userId", seat.role, seat.pick, NEW.amount, seat.result,
               CASE WHEN seat.role = 'creator' OR seat.pick IS NOT NULL THEN now() END,
               CASE WHEN seat.result IS NOT NULL THEN now() END
          FROM (VALUES (NEW."creatorId", 'creator', NEW."creatorPick", NEW."creatorResult"),
                       (NEW."opponentId", 'opponent', NEW."opponentPick", NEW."opponentResult"))
               AS seat("userId", role, pick, result)
         WHERE seat."userId" IS NOT NULL
        ON CONFLICT ("betId", "userId") DO UPDATE
           SET role = EXCLUDED.role, pick = EXCLUDED.pick, stake = EXCLUDED.stake, result = EXCLUDED.result,
               "joinedAt" = coalesce(p."joinedAt", EXCLUDED."joinedAt"),
               "reportedAt" = CASE WHEN p.result IS NOT DISTINCT FROM EXCLUDED.result THEN p."reportedAt"
                                   ELSE EXCLUDED."reportedAt" END
         WHERE (p.role, p.pick, p.stake, p.result) IS DISTINCT FROM
               (EXCLUDED.role, EXCLUDED.pick, EXCLUDED.stake, EXCLUDED.result)
            OR (p."joinedAt" IS NULL AND EXCLUDED."joinedAt" IS NOT NULL);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_bets_duel_seats_insert" AFTER INSERT ON bets
        FOR EACH ROW WHEN (NEW.kind = 'duel') EXECUTE FUNCTION bet_participants_mirror_duel()`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_bets_duel_seats_update"
        AFTER UPDATE OF "creatorId", "opponentId", amount, "creatorPick", "opponentPick", "creatorResult", "opponentResult"
        ON bets
        FOR EACH ROW WHEN (NEW.kind = 'duel' AND (OLD."creatorId", OLD."opponentId", OLD.amount, OLD."creatorPick",
                           OLD."opponentPick", OLD."creatorResult", OLD."opponentResult")
                           IS DISTINCT FROM (NEW."creatorId", NEW."opponentId", NEW.amount, NEW."creatorPick",
                           NEW."opponentPick", NEW."creatorResult", NEW."opponentResult"))
        EXECUTE FUNCTION bet_participants_mirror_duel()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_bets_duel_seats_update" ON bets`);
    await queryRunner.query(`DROP TRIGGER "TRG_bets_duel_seats_insert" ON bets`);
    await queryRunner.query(`DROP FUNCTION bet_participants_mirror_duel()`);
    await queryRunner.query(`ALTER TABLE "bet_participants" DROP CONSTRAINT "FK_bet_participants_userId"`);
    await queryRunner.query(`ALTER TABLE "bet_participants" DROP CONSTRAINT "FK_bet_participants_betId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_user"`);
    await queryRunner.query(`DROP TABLE "bet_participants"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_kind"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP COLUMN "kind"`);
  }
}

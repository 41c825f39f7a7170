import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referee bets and counter-offers (docs/product.md, "Referee bets" and "Counter-offers"; docs/money.md,
 * "Uneven stakes").
 * - bets.refereeId: the friend of the creator who calls a bet whose resolutionType is 'referee'; refereeAcceptedAt
 *   once they took the role; callResult/callNote/calledAt/appealUntil once they called it; refereeRemindedAt and
 *   refereeLapsedAt for a referee who stays silent after the deadline.
 * - bets.opponentAmount: the opponent's stake when it differs from the creator's (null: even money, the spec's
 *   shape). offerBy/offerPick/offerRounds: the latest counter-offer on a pending challenge (offerBy null: the
 *   creator's own terms); every offer is also a row of bet_offers, the bet's timeline of offers.
 * - bet_participants.callAcceptedAt: a player who accepted the referee's call (every player accepting settles it
 *   before the appeal window ends).
 * - The duel's seat trigger now gives the opponent's seat its own stake (opponentAmount when set).
 */
export class RefereesAndCounterOffers1795610000000 implements MigrationInterface {
  name = 'RefereesAndCounterOffers1795610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bets"
      ADD "refereeId" uuid,
      ADD "refereeAcceptedAt" TIMESTAMP WITH TIME ZONE,
      ADD "callResult" text,
      ADD "callNote" text,
      ADD "calledAt" TIMESTAMP WITH TIME ZONE,
      ADD "appealUntil" TIMESTAMP WITH TIME ZONE,
      ADD "refereeRemindedAt" TIMESTAMP WITH TIME ZONE,
      ADD "refereeLapsedAt" TIMESTAMP WITH TIME ZONE,
      ADD "opponentAmount" numeric(10,2),
      ADD "offerBy" uuid,
      ADD "offerPick" text,
      ADD "offerRounds" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "FK_bets_refereeId" FOREIGN KEY ("refereeId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_opponent_amount_positive" CHECK ("opponentAmount" IS NULL OR "opponentAmount" > 0)`,
    );
    // A referee never plays the bet they call.
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_referee_not_player" CHECK ("refereeId" IS NULL OR ("refereeId" <> "creatorId" AND "refereeId" IS DISTINCT FROM "opponentId"))`,
    );
    // The referees' jobs: calls whose appeal window ended, and active referee bets past their deadline.
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_referee_called" ON "bets" ("appealUntil") WHERE "status" = 'active' AND "calledAt" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_referee_silent" ON "bets" ("expiresAt") WHERE "status" = 'active' AND "resolutionType" = 'referee' AND "calledAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_referee" ON "bets" ("refereeId") WHERE "refereeId" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "bet_participants" ADD "callAcceptedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE TABLE "bet_offers" ("betId" integer NOT NULL, "round" integer NOT NULL, "byUserId" uuid NOT NULL, "opponentAmount" numeric(10,2) NOT NULL, "opponentPick" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_bet_offers_amount_positive" CHECK ("opponentAmount" > 0), CONSTRAINT "PK_bet_offers" PRIMARY KEY ("betId", "round"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_offers" ADD CONSTRAINT "FK_bet_offers_betId" FOREIGN KEY ("betId") REFERENCES "bets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_offers" ADD CONSTRAINT "FK_bet_offers_byUserId" FOREIGN KEY ("byUserId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await this.mirror(queryRunner, `coalesce(NEW."opponentAmount", NEW.amount)`, `, "opponentAmount"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.mirror(queryRunner, 'NEW.amount', '');
    await queryRunner.query(`DROP TABLE "bet_offers"`);
    await queryRunner.query(`ALTER TABLE "bet_participants" DROP COLUMN "callAcceptedAt"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_referee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_referee_silent"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_referee_called"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_referee_not_player"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_opponent_amount_positive"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "FK_bets_refereeId"`);
    await queryRunner.query(`ALTER TABLE "bets"
      DROP COLUMN "refereeId", DROP COLUMN "refereeAcceptedAt", DROP COLUMN "callResult", DROP COLUMN "callNote",
      DROP COLUMN "calledAt", DROP COLUMN "appealUntil", DROP COLUMN "refereeRemindedAt", DROP COLUMN "refereeLapsedAt",
      DROP COLUMN "opponentAmount", DROP COLUMN "offerBy", DROP COLUMN "offerPick", DROP COLUMN "offerRounds"`);
  }

  /** (Re)creates the duel seat trigger with the opponent seat's stake as `opponentStake`. */
  private async mirror(queryRunner: QueryRunner, opponentStake: string, extraColumn: string): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION bet_participants_mirror_duel() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD."opponentId" IS DISTINCT FROM NEW."opponentId" THEN
          DELETE FROM bet_participants
           WHERE "betId" = NEW.id AND "userId" <> NEW."creatorId" AND "userId" IS DISTINCT FROM NEW."opponentId";
        END IF;
        INSERT INTO bet_participants AS p ("betId", "userId", role, pick, stake, result, "joinedAt", "reportedAt")
        SELECT NEW.id, seat."userId", seat.role, seat.pick, seat.stake, seat.result,
               CASE WHEN seat.role = 'creator' OR seat.pick IS NOT NULL THEN now() END,
               CASE WHEN seat.result IS NOT NULL THEN now() END
          FROM (VALUES (NEW."creatorId", 'creator', NEW."creatorPick", NEW."creatorResult", NEW.amount),
                       (NEW."opponentId", 'opponent', NEW."opponentPick", NEW."opponentResult", ${opponentStake}))
               AS seat("userId", role, pick, result, stake)
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
    await queryRunner.query(`DROP TRIGGER "TRG_bets_duel_seats_update" ON bets`);
    const columns = `"creatorId", "opponentId", amount, "creatorPick", "opponentPick", "creatorResult", "opponentResult"${extraColumn}`;
    const old = columns.replace(/(^|, )/g, '$1OLD.');
    const now = columns.replace(/(^|, )/g, '$1NEW.');
    await queryRunner.query(`
      CREATE TRIGGER "TRG_bets_duel_seats_update" AFTER UPDATE OF ${columns} ON bets
        FOR EACH ROW WHEN (NEW.kind = 'duel' AND (${old}) IS DISTINCT FROM (${now}))
        EXECUTE FUNCTION bet_participants_mirror_duel()`);
  }
}

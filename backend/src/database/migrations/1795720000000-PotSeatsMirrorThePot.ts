import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pot's seats carry the pot's status and resolution date (bet_participants."potStatus", "potResolvedAt"),
 * so a person's pots are read from their own seats (docs/performance.md, "At scale"). Without them every list,
 * the pending figure and the profit history joined each of a person's seats to bets to learn the pot's status:
 * for someone seated at thousands of pots, thousands of lookups to find a page of 50, or none.
 * - A trigger on bets copies both onto the pot's seats in the statement that changes them; a seat is written
 *   with the pot's status when it is taken (BetParticipantsRepository). A duel's seats keep null: a duel is
 *   found through its creator / opponent columns.
 * - Indexes: a person's pots, their open pots, their decided pots by resolution date.
 */
export class PotSeatsMirrorThePot1795720000000 implements MigrationInterface {
  name = 'PotSeatsMirrorThePot1795720000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bet_participants" ADD "potStatus" character varying(16)`);
    await queryRunner.query(`ALTER TABLE "bet_participants" ADD "potResolvedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`
      UPDATE bet_participants s SET "potStatus" = b.status, "potResolvedAt" = b."resolutionDate"
        FROM bets b WHERE b.id = s."betId" AND b.kind = 'pot'`);
    await queryRunner.query(`
      CREATE FUNCTION bet_participants_mirror_pot() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE bet_participants SET "potStatus" = NEW.status, "potResolvedAt" = NEW."resolutionDate"
         WHERE "betId" = NEW.id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "TRG_bets_pot_seats_update" AFTER UPDATE OF status, "resolutionDate" ON bets
        FOR EACH ROW WHEN (NEW.kind = 'pot' AND (OLD.status, OLD."resolutionDate")
                           IS DISTINCT FROM (NEW.status, NEW."resolutionDate"))
        EXECUTE FUNCTION bet_participants_mirror_pot()`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_players"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_decided"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_pots" ON "bet_participants" ("userId", "betId") WHERE "potStatus" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_open_pots" ON "bet_participants" ("userId", "betId") WHERE "potStatus" IN ('pending', 'active', 'disputed')`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_decided" ON "bet_participants" ("userId", "potResolvedAt", "betId") WHERE "decidedNet" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_decided"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_open_pots"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_participants_pots"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_decided" ON "bet_participants" ("userId", "betId") WHERE "decidedNet" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_participants_players" ON "bet_participants" ("userId", "betId") WHERE role = 'player'`,
    );
    await queryRunner.query(`DROP TRIGGER "TRG_bets_pot_seats_update" ON bets`);
    await queryRunner.query(`DROP FUNCTION bet_participants_mirror_pot()`);
    await queryRunner.query(`ALTER TABLE "bet_participants" DROP COLUMN "potResolvedAt"`);
    await queryRunner.query(`ALTER TABLE "bet_participants" DROP COLUMN "potStatus"`);
  }
}

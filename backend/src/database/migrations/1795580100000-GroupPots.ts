import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group pots (docs/product.md, "Group pots"): a bet of kind 'pot' has no opponent (its players are its seats in
 * bet_participants) and a deadline to join, joinBy, at which the deadlines job locks it.
 * - The open-challenge rules (an opponent or a link code; no opponent only while not under way) apply to duels.
 * - A pot never has an opponent.
 * - A partial index finds the pending pots whose join deadline passed.
 * - bet_participants.payout: what a pot's seat got back when it was settled (its share, its refund, or 0.00),
 *   so every read can say what the pot came to for each player without redoing the split.
 */
export class GroupPots1795580100000 implements MigrationInterface {
  name = 'GroupPots1795580100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bets" ADD "joinBy" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_opponent_or_code"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_open_not_started"`);
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_opponent_or_code" CHECK ("kind" = 'pot' OR "opponentId" IS NOT NULL OR "challengeCode" IS NOT NULL)`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_open_not_started" CHECK ("kind" = 'pot' OR "opponentId" IS NOT NULL OR "status" IN ('pending', 'cancelled', 'expired'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_pot_shape" CHECK ("kind" = 'duel' OR ("opponentId" IS NULL AND "joinBy" IS NOT NULL))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_pots_joining" ON "bets" ("joinBy") WHERE "kind" = 'pot' AND "status" = 'pending'`,
    );
    await queryRunner.query(`ALTER TABLE "bet_participants" ADD "payout" numeric(10,2)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bet_participants" DROP COLUMN "payout"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_pots_joining"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_pot_shape"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_open_not_started"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_opponent_or_code"`);
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_opponent_or_code" CHECK ("opponentId" IS NOT NULL OR "challengeCode" IS NOT NULL)`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_open_not_started" CHECK ("opponentId" IS NOT NULL OR "status" IN ('pending', 'cancelled', 'expired'))`,
    );
    await queryRunner.query(`ALTER TABLE "bets" DROP COLUMN "joinBy"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Open challenge links (docs/product.md, "Open challenge links"): a bet created without an opponent carries a
 * random code for its `/c/{code}` link; the first person to accept it there becomes the opponent.
 * - bets.challengeCode, unique (NULLs, the bets sent to a friend, do not collide);
 * - a bet without an opponent must have a code, and can only be pending, cancelled or expired.
 * opponentId was already nullable.
 */
export class OpenChallenges1795530000000 implements MigrationInterface {
  name = 'OpenChallenges1795530000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bets" ADD "challengeCode" character varying(64)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_bets_challengeCode" ON "bets"  ("challengeCode") `);
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_opponent_or_code" CHECK ("opponentId" IS NOT NULL OR "challengeCode" IS NOT NULL)`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "CHK_bets_open_not_started" CHECK ("opponentId" IS NOT NULL OR "status" IN ('pending', 'cancelled', 'expired'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_open_not_started"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "CHK_bets_opponent_or_code"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_bets_challengeCode"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP COLUMN "challengeCode"`);
  }
}

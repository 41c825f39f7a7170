import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group pots can be posted in circles (docs/product.md, "Circles"), and the feed says what happened to them:
 * besides the posts every bet gets (challenged at creation, settled, decided by an admin), a pot's lock
 * ('locked') and its calling off ('void': void at the lock, or cancelled by its creator).
 *
 * bets."postedInCircle" says whether the bet has a circle_bets row, set in the transaction that posts it: every
 * transition looked that row up to learn whether a circle had to hear of it, and almost no bet is posted, so
 * a bet not posted now skips the lookup. Backfilled from circle_bets.
 */
export class PotsInCircles1795600100000 implements MigrationInterface {
  name = 'PotsInCircles1795600100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bets" ADD "postedInCircle" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `UPDATE bets SET "postedInCircle" = true WHERE id IN (SELECT "betId" FROM circle_bets)`,
    );
    await queryRunner.query(`ALTER TABLE circle_feed_items DROP CONSTRAINT "CHK_circle_feed_items_kind"`);
    await queryRunner.query(
      `ALTER TABLE circle_feed_items ADD CONSTRAINT "CHK_circle_feed_items_kind"
         CHECK (kind IN ('challenged', 'accepted', 'locked', 'settled', 'decided', 'void', 'season_ended'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM circle_feed_items WHERE kind IN ('locked', 'void')`);
    await queryRunner.query(`ALTER TABLE circle_feed_items DROP CONSTRAINT "CHK_circle_feed_items_kind"`);
    await queryRunner.query(
      `ALTER TABLE circle_feed_items ADD CONSTRAINT "CHK_circle_feed_items_kind"
         CHECK (kind IN ('challenged', 'accepted', 'settled', 'decided', 'season_ended'))`,
    );
    await queryRunner.query(`ALTER TABLE "bets" DROP COLUMN "postedInCircle"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each notification records the id of the transaction that wrote it, so that a live stream can deliver a
 * person's notifications in an order no later commit can get ahead of (docs/notifications.md, "Live
 * stream"), without making two writers who notify the same person wait for each other. The rows written
 * before are all committed: 0 puts them first, in id order. A default rather than a value in the insert, so
 * an instance still running the previous code during a rolling deploy writes correct rows too.
 */
export class NotificationCommitOrder1795570000000 implements MigrationInterface {
  name = 'NotificationCommitOrder1795570000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "txid" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "notifications" ALTER COLUMN "txid" SET DEFAULT txid_current()`);
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_user_txid" ON "notifications"  ("userId", "txid", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_notifications_user_txid"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "txid"`);
  }
}

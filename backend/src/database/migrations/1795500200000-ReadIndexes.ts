import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Indexes the reads need at scale: a user's activity page by id, the admin's disputed list by status and resolution
 * date, and the resolved-disputes list (partial: only admin-resolved bets). EXPLAINs in docs/performance.md. */
export class ReadIndexes1795500200000 implements MigrationInterface {
  name = 'ReadIndexes1795500200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_admin_resolved" ON "bets"  ("resolutionDate") WHERE status = 'completed' AND "resolutionType" = 'admin'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bets_status_resolution" ON "bets"  ("status", "resolutionDate") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_activities_user_id" ON "bet_activities"  ("userId", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_activities_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_status_resolution"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_admin_resolved"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin panel's user list is paged newest first by (createdAt, id) (docs/performance.md, "Paging"):
 * this index, read backwards, gives each page from its cursor without sorting every account.
 */
export class UsersCreatedIndex1795540000000 implements MigrationInterface {
  name = 'UsersCreatedIndex1795540000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_users_created" ON "users"  ("createdAt", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_users_created"`);
  }
}

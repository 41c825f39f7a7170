import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People search matches a case-insensitive prefix of the username, first name or last name
 * (`lower(col) LIKE 'abc%'`). text_pattern_ops lets those prefix matches use an index whatever the
 * database collation. Expression indexes, which the entities cannot describe (so the drift check ignores them).
 */
export class PeopleSearchIndexes1795377000000 implements MigrationInterface {
  name = 'PeopleSearchIndexes1795377000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_users_username_prefix" ON "users" (lower("username") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_users_first_name_prefix" ON "users" (lower("firstName") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_users_last_name_prefix" ON "users" (lower("lastName") text_pattern_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_users_last_name_prefix"`);
    await queryRunner.query(`DROP INDEX "IDX_users_first_name_prefix"`);
    await queryRunner.query(`DROP INDEX "IDX_users_username_prefix"`);
  }
}

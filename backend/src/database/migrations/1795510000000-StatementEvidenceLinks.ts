import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Evidence links (at most 3) on dispute statements; existing statements get none. */
export class StatementEvidenceLinks1795510000000 implements MigrationInterface {
  name = 'StatementEvidenceLinks1795510000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dispute_statements" ADD "links" text array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "dispute_statements" ALTER COLUMN "links" DROP DEFAULT`);
    await queryRunner.query(
      `ALTER TABLE "dispute_statements" ADD CONSTRAINT "CHK_dispute_statements_links_count" CHECK (cardinality("links") <= 3)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "dispute_statements" DROP CONSTRAINT "CHK_dispute_statements_links_count"`,
    );
    await queryRunner.query(`ALTER TABLE "dispute_statements" DROP COLUMN "links"`);
  }
}

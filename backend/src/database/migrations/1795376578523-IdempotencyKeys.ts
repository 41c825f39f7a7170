import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencyKeys1795376578523 implements MigrationInterface {
  name = 'IdempotencyKeys1795376578523';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("userId" uuid NOT NULL, "key" character varying(128) NOT NULL, "fingerprint" character varying(128) NOT NULL, "status" integer, "body" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9c0cd5f4363be416d112d6ce689" PRIMARY KEY ("userId", "key"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_idempotency_keys_created" ON "idempotency_keys"  ("createdAt") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_idempotency_keys_created"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Keys are now claimed in the transaction that also runs the operation and stores its answer,
 * so a committed key always has its answer. Claims without one can only be left over from the old design
 * (claimed outside the operation, then the process died): they answered 409 idempotency_in_progress for
 * ever, so they go; a retry with such a key now runs.
 */
export class IdempotencyClaimsCommitWithAnswer1795525200000 implements MigrationInterface {
  name = 'IdempotencyClaimsCommitWithAnswer1795525200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "idempotency_keys" WHERE "status" IS NULL OR "body" IS NULL`);
  }

  public async down(): Promise<void> {
    // Nothing to restore: the deleted rows were abandoned claims.
  }
}

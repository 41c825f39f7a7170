import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset by email (docs/security.md, "Password reset"): one row per mailed link, holding only the
 * SHA-256 of its secret. Email confirmation needs no table: it uses the users columns the spec already has
 * (isEmailVerified, emailVerificationToken, emailVerificationExpires).
 */
export class PasswordResetTokens1795570400000 implements MigrationInterface {
  name = 'PasswordResetTokens1795570400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "password_reset_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "secretHash" character varying(64) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d16bebd73e844c48bca50ff8d3d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_password_reset_tokens_userId" ON "password_reset_tokens" ("userId") `,
    );
    await queryRunner.query(
      `ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "FK_password_reset_tokens_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "FK_password_reset_tokens_userId"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_password_reset_tokens_userId"`);
    await queryRunner.query(`DROP TABLE "password_reset_tokens"`);
  }
}

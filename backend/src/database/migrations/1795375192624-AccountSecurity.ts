import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountSecurity1795375192624 implements MigrationInterface {
  name = 'AccountSecurity1795375192624';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "oidcIssuer" character varying(512)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "oidcSubject" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "users" ADD "twoFactorLastStep" bigint`);
    await queryRunner.query(`ALTER TABLE "users" ADD "bannedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "suspendedUntil" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "deletedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_users_oidc_identity" ON "users"  ("oidcIssuer", "oidcSubject") `,
    );
    // Sessions are looked up by user to sign someone out everywhere (password change, ban, deletion).
    await queryRunner.query(`CREATE INDEX "IDX_sessions_user" ON "sessions" ((("sess"->>'userId')))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_sessions_user"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_users_oidc_identity"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deletedAt"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "suspendedUntil"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "bannedAt"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "twoFactorLastStep"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "oidcSubject"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "oidcIssuer"`);
  }
}

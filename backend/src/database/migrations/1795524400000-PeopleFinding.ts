import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finding people (docs/product.md, "Finding people" and "Invite links"):
 * - pg_trgm and a trigram index on lower(username), so a username matches anywhere in it and by similarity
 *   ("maya" finds demo_maya) without reading the whole table; pg_trgm is a trusted extension, which the
 *   database owner may create without being a superuser;
 * - an index on a phone number's digits, so a whole phone number finds its account however it was typed;
 * - invite_codes: personal invite links, at most one active (not revoked) code per person;
 * - suggestion_dismissals: people someone no longer wants suggested.
 * The two users indexes are expression indexes, which the entities cannot describe (the drift check ignores them).
 */
export class PeopleFinding1795524400000 implements MigrationInterface {
  name = 'PeopleFinding1795524400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "IDX_users_username_trgm" ON "users" USING gin (lower("username") gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_users_phone_digits" ON "users" (regexp_replace("phoneNumber", '[^0-9]', '', 'g'))`,
    );
    await queryRunner.query(
      `CREATE TABLE "invite_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "code" character varying(64) NOT NULL, "revokedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_invite_codes_code_length" CHECK (length("code") >= 16), CONSTRAINT "PK_6c0ede25edb23ae63c935138e33" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_invite_codes_active_user" ON "invite_codes"  ("userId") WHERE "revokedAt" IS NULL`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_invite_codes_code" ON "invite_codes"  ("code") `);
    await queryRunner.query(
      `CREATE TABLE "suggestion_dismissals" ("userId" uuid NOT NULL, "dismissedUserId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_suggestion_dismissals_not_self" CHECK ("userId" <> "dismissedUserId"), CONSTRAINT "PK_8342e753632e7e0f2a05dde2c34" PRIMARY KEY ("userId", "dismissedUserId"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "invite_codes" ADD CONSTRAINT "FK_invite_codes_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "suggestion_dismissals" ADD CONSTRAINT "FK_suggestion_dismissals_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "suggestion_dismissals" ADD CONSTRAINT "FK_suggestion_dismissals_dismissedUserId" FOREIGN KEY ("dismissedUserId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "suggestion_dismissals" DROP CONSTRAINT "FK_suggestion_dismissals_dismissedUserId"`,
    );
    await queryRunner.query(
      `ALTER TABLE "suggestion_dismissals" DROP CONSTRAINT "FK_suggestion_dismissals_userId"`,
    );
    await queryRunner.query(`ALTER TABLE "invite_codes" DROP CONSTRAINT "FK_invite_codes_userId"`);
    await queryRunner.query(`DROP TABLE "suggestion_dismissals"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_invite_codes_code"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_invite_codes_active_user"`);
    await queryRunner.query(`DROP TABLE "invite_codes"`);
    await queryRunner.query(`DROP INDEX "IDX_users_phone_digits"`);
    await queryRunner.query(`DROP INDEX "IDX_users_username_trgm"`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS pg_trgm`);
  }
}

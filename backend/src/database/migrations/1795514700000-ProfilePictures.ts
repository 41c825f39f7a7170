import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profile pictures stored by Betwixt (docs/product.md "Profile pictures"). Every address saved before this
 * pointed at a third-party avatar service, which learnt the user's name from it: all are cleared (those
 * users show their initials until they upload a picture), and from now on only our own address fits.
 */
export class ProfilePictures1795514700000 implements MigrationInterface {
  name = 'ProfilePictures1795514700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "profile_pictures" ("userId" uuid NOT NULL, "image" bytea NOT NULL, "contentType" character varying(32) NOT NULL, "version" character varying(16) NOT NULL, "width" smallint NOT NULL, "height" smallint NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_profile_pictures_byte_size" CHECK (octet_length("image") BETWEEN 1 AND 524288), CONSTRAINT "PK_980eb704bc96af9ee797c66dfc3" PRIMARY KEY ("userId"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "profile_pictures" ADD CONSTRAINT "FK_980eb704bc96af9ee797c66dfc3" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `UPDATE "users" SET "profileImageUrl" = NULL WHERE "profileImageUrl" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "CHK_users_profile_image_own" CHECK ("profileImageUrl" IS NULL OR "profileImageUrl" ~ ('^/api/users/' || "id" || '/picture[?]v=[0-9a-f]{16}$'))`,
    );
  }

  /** The third-party addresses cleared by `up` are not restored: they are what this migration removes. */
  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "CHK_users_profile_image_own"`);
    await queryRunner.query(
      `ALTER TABLE "profile_pictures" DROP CONSTRAINT "FK_980eb704bc96af9ee797c66dfc3"`,
    );
    await queryRunner.query(`DROP TABLE "profile_pictures"`);
  }
}

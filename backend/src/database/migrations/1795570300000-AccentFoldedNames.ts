import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People search folds accents as well as letter case, so "Zoe Park" finds "Zoë Park" (docs/product.md,
 * "Finding people"). `fold_for_search(text)` is lower(unaccent(text)) declared IMMUTABLE, which unaccent
 * itself is not (its dictionary could change), so that indexes may hold it; the dictionary is named with
 * its schema so the function reads the same under any search_path (index builds, autovacuum). unaccent is a
 * trusted extension, which the database owner may create without being a superuser.
 *
 * The name prefix indexes move to the folded names; the full-name index serves "first last" prefixes, which
 * had none. Expression indexes, which the entities cannot describe (the drift check ignores them).
 */
export class AccentFoldedNames1795570300000 implements MigrationInterface {
  name = 'AccentFoldedNames1795570300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public`);
    await queryRunner.query(
      `CREATE FUNCTION public.fold_for_search(text) RETURNS text
         LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
         AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`,
    );
    await queryRunner.query(`DROP INDEX "IDX_users_first_name_prefix"`);
    await queryRunner.query(`DROP INDEX "IDX_users_last_name_prefix"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_users_first_name_folded" ON "users" (public.fold_for_search("firstName") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_users_last_name_folded" ON "users" (public.fold_for_search("lastName") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_users_full_name_folded" ON "users"
         (public.fold_for_search("firstName" || ' ' || "lastName") text_pattern_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_users_full_name_folded"`);
    await queryRunner.query(`DROP INDEX "IDX_users_last_name_folded"`);
    await queryRunner.query(`DROP INDEX "IDX_users_first_name_folded"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_users_first_name_prefix" ON "users" (lower("firstName") text_pattern_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_users_last_name_prefix" ON "users" (lower("lastName") text_pattern_ops)`,
    );
    await queryRunner.query(`DROP FUNCTION public.fold_for_search(text)`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS unaccent`);
  }
}

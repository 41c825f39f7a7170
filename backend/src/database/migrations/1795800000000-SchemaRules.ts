import type { MigrationInterface, QueryRunner } from 'typeorm';
import { POT_VOLUME, volumeFunction } from './1795580200000-PotVolume.js';

/**
 * The database's rules (trigger functions and their triggers) are kept in database/rules/, one file per rule
 * set, and run after the migrations whenever their text changes; schema_rules remembers which text ran. The
 * migrations that first created each rule stay as they are: the files are where each rule stands now.
 * Also drops the four-argument betwixt_bet_volume, unused since uneven stakes gave it a fifth.
 */
export class SchemaRules1795800000000 implements MigrationInterface {
  name = 'SchemaRules1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "schema_rules" (
        "name" character varying(64) NOT NULL,
        "checksum" character(64) NOT NULL,
        "appliedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_schema_rules" PRIMARY KEY ("name")
      )`);
    await queryRunner.query(`DROP FUNCTION betwixt_bet_volume(text, integer, numeric, text)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The published views (database/rules/published-views.ts) stand on tables that earlier migrations drop.
    await queryRunner.query(`DROP VIEW IF EXISTS people, friend_pairs, bet_records`);
    await queryRunner.query(volumeFunction(POT_VOLUME));
    await queryRunner.query(`DROP TABLE "schema_rules"`);
  }
}

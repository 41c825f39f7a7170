import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin overview's volume (migration AdminTotals) counts what is staked in bets under way: a duel's two
 * stakes, and now a group pot's joined stakes (its stake times its joined seats), instead of two stakes for every
 * bet. A pot's seats are fixed once it locks, which is when it starts to count, so the trigger's
 * before-and-after difference stays exact; the recount (backfill, TRUNCATE) uses the same rule.
 */
export const volumeFunction = (pot: string) => `
  CREATE OR REPLACE FUNCTION betwixt_bet_volume(kind text, bet_id integer, amount numeric, status text)
  RETURNS numeric LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN status NOT IN ('active', 'disputed', 'completed') THEN 0
                WHEN kind = 'pot' THEN ${pot}
                ELSE amount * 2 END
  $$`;

export const POT_VOLUME = `amount * (SELECT count(*) FROM bet_participants s WHERE s."betId" = bet_id AND s."joinedAt" IS NOT NULL)`;

export const bodies = (volume: (row: string) => string) => ({
  recount: `
    CREATE OR REPLACE FUNCTION betwixt_admin_totals_recount() RETURNS void LANGUAGE sql AS $$
      DELETE FROM admin_totals_delta;
      INSERT INTO admin_totals_delta (users, bets, volume, disputed)
      SELECT (SELECT count(*) FROM users WHERE "deletedAt" IS NULL),
             (SELECT count(*) FROM bets),
             (SELECT coalesce(sum(${volume('bets')}), 0) FROM bets WHERE status IN ('active', 'disputed', 'completed')),
             (SELECT count(*) FROM bets WHERE status = 'disputed');
    $$`,
  bets: `
    CREATE OR REPLACE FUNCTION betwixt_admin_totals_bets() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        INSERT INTO admin_totals_delta (volume, disputed)
        SELECT volume, disputed FROM (SELECT
          CASE WHEN NEW.status IN ('active', 'disputed', 'completed') THEN ${volume('NEW')} ELSE 0 END
            - CASE WHEN OLD.status IN ('active', 'disputed', 'completed') THEN ${volume('OLD')} ELSE 0 END AS volume,
          (NEW.status = 'disputed')::int - (OLD.status = 'disputed')::int AS disputed) d
         WHERE volume <> 0 OR disputed <> 0;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO admin_totals_delta (bets, volume, disputed)
        SELECT count(*), coalesce(sum(${volume('added')}) FILTER (WHERE status IN ('active', 'disputed', 'completed')), 0),
               count(*) FILTER (WHERE status = 'disputed')
          FROM added HAVING count(*) > 0;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO admin_totals_delta (bets, volume, disputed)
        SELECT -count(*), -coalesce(sum(${volume('removed')}) FILTER (WHERE status IN ('active', 'disputed', 'completed')), 0),
               -count(*) FILTER (WHERE status = 'disputed')
          FROM removed HAVING count(*) > 0;
      ELSE
        PERFORM betwixt_admin_totals_recount();
      END IF;
      RETURN NULL;
    END $$`,
});

const withPots = bodies((row) => `betwixt_bet_volume(${row}.kind, ${row}.id, ${row}.amount, ${row}.status)`);
const twoStakes = bodies((row) => `${row}.amount * 2`);

export class PotVolume1795580200000 implements MigrationInterface {
  name = 'PotVolume1795580200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(volumeFunction(POT_VOLUME));
    await queryRunner.query(withPots.recount);
    await queryRunner.query(withPots.bets);
    await queryRunner.query(`SELECT betwixt_admin_totals_recount()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(twoStakes.recount);
    await queryRunner.query(twoStakes.bets);
    await queryRunner.query(`DROP FUNCTION betwixt_bet_volume(text, integer, numeric, text)`);
    await queryRunner.query(`SELECT betwixt_admin_totals_recount()`);
  }
}

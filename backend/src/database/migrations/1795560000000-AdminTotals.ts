import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin overview's four figures (users not deleted, bets, volume, open disputes) kept as an append-only
 * list of changes, summed on read, instead of four aggregates over whole tables on every call (520–620 ms at
 * 1M bets).
 *
 * Every change that moves a figure INSERTs a row of deltas; nothing ever UPDATEs a shared row, so bet writes
 * take no lock on a counter, never wait on each other here and cannot deadlock here. A read sums the rows its
 * snapshot sees, which is exactly what the whole-table aggregates would have answered in that snapshot. The
 * admin module's compaction job folds the rows into one every minute (AdminRepository.compactTotals).
 *
 * - INSERT and DELETE: statement-level triggers reading the transition table, so a statement that adds or
 *   removes many rows (a seed, a cascade) writes one delta row, not one per row.
 * - UPDATE: row-level, limited to the columns that matter (`status`, `amount`; `deletedAt`) and skipped by
 *   the WHEN clause otherwise. PostgreSQL refuses transition tables on triggers with a column list, so a
 *   statement-level UPDATE trigger would run on every update of a bet (reports, reminders) and of a user
 *   (every ledger posting changes a balance). The app changes a bet's status one row per statement (the
 *   deadlines job and account deletion too), so this is one delta row per transition that moves a figure.
 * - TRUNCATE: nothing to read the removed rows from, so the list is recounted from the tables.
 */
export class AdminTotals1795560000000 implements MigrationInterface {
  name = 'AdminTotals1795560000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "admin_totals_delta" ("id" bigserial NOT NULL, "users" bigint NOT NULL DEFAULT 0, "bets" bigint NOT NULL DEFAULT 0, "volume" numeric NOT NULL DEFAULT 0, "disputed" bigint NOT NULL DEFAULT 0, CONSTRAINT "PK_admin_totals_delta" PRIMARY KEY ("id"))`,
    );
    // The whole-table count, as one row replacing whatever the list holds: the backfill and TRUNCATE.
    await queryRunner.query(`
      CREATE FUNCTION betwixt_admin_totals_recount() RETURNS void LANGUAGE sql AS $$
        DELETE FROM admin_totals_delta;
        INSERT INTO admin_totals_delta (users, bets, volume, disputed)
        SELECT (SELECT count(*) FROM users WHERE "deletedAt" IS NULL),
               (SELECT count(*) FROM bets),
               (SELECT coalesce(sum(amount * 2), 0) FROM bets WHERE status IN ('active', 'disputed', 'completed')),
               (SELECT count(*) FROM bets WHERE status = 'disputed');
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION betwixt_admin_totals_bets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          INSERT INTO admin_totals_delta (volume, disputed)
          SELECT volume, disputed FROM (SELECT
            CASE WHEN NEW.status IN ('active', 'disputed', 'completed') THEN NEW.amount * 2 ELSE 0 END
              - CASE WHEN OLD.status IN ('active', 'disputed', 'completed') THEN OLD.amount * 2 ELSE 0 END AS volume,
            (NEW.status = 'disputed')::int - (OLD.status = 'disputed')::int AS disputed) d
           WHERE volume <> 0 OR disputed <> 0;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO admin_totals_delta (bets, volume, disputed)
          SELECT count(*), coalesce(sum(amount * 2) FILTER (WHERE status IN ('active', 'disputed', 'completed')), 0),
                 count(*) FILTER (WHERE status = 'disputed')
            FROM added HAVING count(*) > 0;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO admin_totals_delta (bets, volume, disputed)
          SELECT -count(*), -coalesce(sum(amount * 2) FILTER (WHERE status IN ('active', 'disputed', 'completed')), 0),
                 -count(*) FILTER (WHERE status = 'disputed')
            FROM removed HAVING count(*) > 0;
        ELSE
          PERFORM betwixt_admin_totals_recount();
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION betwixt_admin_totals_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          INSERT INTO admin_totals_delta (users) VALUES (CASE WHEN NEW."deletedAt" IS NULL THEN 1 ELSE -1 END);
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO admin_totals_delta (users)
          SELECT count(*) FROM added WHERE "deletedAt" IS NULL HAVING count(*) > 0;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO admin_totals_delta (users)
          SELECT -count(*) FROM removed WHERE "deletedAt" IS NULL HAVING count(*) > 0;
        ELSE
          PERFORM betwixt_admin_totals_recount();
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['bets', 'users']) {
      await queryRunner.query(
        `CREATE TRIGGER "TRG_${table}_admin_totals_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS added
         FOR EACH STATEMENT EXECUTE FUNCTION betwixt_admin_totals_${table}()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "TRG_${table}_admin_totals_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS removed
         FOR EACH STATEMENT EXECUTE FUNCTION betwixt_admin_totals_${table}()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "TRG_${table}_admin_totals_truncate" AFTER TRUNCATE ON "${table}"
         FOR EACH STATEMENT EXECUTE FUNCTION betwixt_admin_totals_${table}()`,
      );
    }
    await queryRunner.query(
      `CREATE TRIGGER "TRG_bets_admin_totals_update" AFTER UPDATE OF status, amount ON "bets" FOR EACH ROW
       WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount)
       EXECUTE FUNCTION betwixt_admin_totals_bets()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_users_admin_totals_update" AFTER UPDATE OF "deletedAt" ON "users" FOR EACH ROW
       WHEN ((OLD."deletedAt" IS NULL) <> (NEW."deletedAt" IS NULL))
       EXECUTE FUNCTION betwixt_admin_totals_users()`,
    );
    // Backfill after the triggers exist, in the same transaction: CREATE TRIGGER has locked both tables
    // against writes until this commits, so no change falls between the count and the triggers.
    await queryRunner.query(`SELECT betwixt_admin_totals_recount()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bets', 'users']) {
      for (const event of ['insert', 'delete', 'truncate', 'update']) {
        await queryRunner.query(`DROP TRIGGER "TRG_${table}_admin_totals_${event}" ON "${table}"`);
      }
    }
    await queryRunner.query(`DROP FUNCTION betwixt_admin_totals_users()`);
    await queryRunner.query(`DROP FUNCTION betwixt_admin_totals_bets()`);
    await queryRunner.query(`DROP FUNCTION betwixt_admin_totals_recount()`);
    await queryRunner.query(`DROP TABLE "admin_totals_delta"`);
  }
}

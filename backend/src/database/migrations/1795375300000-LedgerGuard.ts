import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The database itself refuses a balance below zero. The one exception is an admin re-resolution that
 * reverses a payout: the ledger marks that transaction with `SET LOCAL betwixt.allow_negative_balance`.
 */
export class LedgerGuard1795375300000 implements MigrationInterface {
  name = 'LedgerGuard1795375300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION betwixt_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."balance" < 0
           AND (TG_OP = 'INSERT' OR NEW."balance" < OLD."balance")
           AND coalesce(current_setting('betwixt.allow_negative_balance', true), '') <> 'on' THEN
          RAISE EXCEPTION 'balance of user % cannot go below zero', NEW."id"
            USING ERRCODE = 'check_violation', CONSTRAINT = 'CHK_users_balance_nonnegative';
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_users_balance_guard" BEFORE INSERT OR UPDATE OF "balance" ON "users" FOR EACH ROW EXECUTE FUNCTION betwixt_guard_balance()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "TRG_users_balance_guard" ON "users"`);
    await queryRunner.query(`DROP FUNCTION betwixt_guard_balance()`);
  }
}

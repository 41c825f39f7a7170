import type { SchemaRule } from './schema-rule.js';

/**
 * No balance goes below zero: the last guard under the ledger (docs/money.md). A balance may only fall below
 * zero where an administrator reverses a payout, which sets betwixt.allow_negative_balance for its transaction.
 * Tested in test/foundation/schema-rules.int-spec.ts; the ledger invariants of test/support/invariants.ts hold
 * after every race.
 */
export const balanceGuard: SchemaRule = {
  name: 'balance-guard',
  sql: String.raw`
CREATE OR REPLACE FUNCTION public.betwixt_guard_balance()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF NEW."balance" < 0
           AND (TG_OP = 'INSERT' OR NEW."balance" < OLD."balance")
           AND coalesce(current_setting('betwixt.allow_negative_balance', true), '') <> 'on' THEN
          RAISE EXCEPTION 'balance of user % cannot go below zero', NEW."id"
            USING ERRCODE = 'check_violation', CONSTRAINT = 'CHK_users_balance_nonnegative';
        END IF;
        RETURN NEW;
      END $function$;

CREATE OR REPLACE TRIGGER "TRG_users_balance_guard"
  BEFORE INSERT OR UPDATE OF balance ON public.users
  FOR EACH ROW
  EXECUTE FUNCTION betwixt_guard_balance();
`,
};

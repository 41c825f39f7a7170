import type { SchemaRule } from './schema-rule.js';

/**
 * The admin overview's totals (users, bets, volume, disputed), appended to admin_totals_delta by statement
 * triggers on bets and users and folded by the admin repository. Recomputed by the whole-table recount in
 * test/admin/analytics-totals.int-spec.ts and invariant 6 of test/support/invariants.ts.
 */
export const adminTotals: SchemaRule = {
  name: 'admin-totals',
  sql: String.raw`
CREATE OR REPLACE FUNCTION public.betwixt_bet_volume(kind text, bet_id integer, amount numeric, opponent_amount numeric, status text)
 RETURNS numeric
 LANGUAGE sql
 STABLE
AS $function$
    SELECT CASE WHEN status NOT IN ('active', 'disputed', 'completed') THEN 0
                WHEN kind = 'pot' THEN amount * (SELECT count(*) FROM bet_participants s WHERE s."betId" = bet_id AND s."joinedAt" IS NOT NULL)
                ELSE amount + coalesce(opponent_amount, amount) END
  $function$;

CREATE OR REPLACE FUNCTION public.betwixt_admin_totals_recount()
 RETURNS void
 LANGUAGE sql
AS $function$
      DELETE FROM admin_totals_delta;
      INSERT INTO admin_totals_delta (users, bets, volume, disputed)
      SELECT (SELECT count(*) FROM users WHERE "deletedAt" IS NULL),
             (SELECT count(*) FROM bets),
             (SELECT coalesce(sum(betwixt_bet_volume(bets.kind, bets.id, bets.amount, bets."opponentAmount", bets.status)), 0) FROM bets WHERE status IN ('active', 'disputed', 'completed')),
             (SELECT count(*) FROM bets WHERE status = 'disputed');
    $function$;

CREATE OR REPLACE FUNCTION public.betwixt_admin_totals_bets()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        INSERT INTO admin_totals_delta (volume, disputed)
        SELECT volume, disputed FROM (SELECT
          CASE WHEN NEW.status IN ('active', 'disputed', 'completed') THEN betwixt_bet_volume(NEW.kind, NEW.id, NEW.amount, NEW."opponentAmount", NEW.status) ELSE 0 END
            - CASE WHEN OLD.status IN ('active', 'disputed', 'completed') THEN betwixt_bet_volume(OLD.kind, OLD.id, OLD.amount, OLD."opponentAmount", OLD.status) ELSE 0 END AS volume,
          (NEW.status = 'disputed')::int - (OLD.status = 'disputed')::int AS disputed) d
         WHERE volume <> 0 OR disputed <> 0;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO admin_totals_delta (bets, volume, disputed)
        SELECT count(*), coalesce(sum(betwixt_bet_volume(added.kind, added.id, added.amount, added."opponentAmount", added.status)) FILTER (WHERE status IN ('active', 'disputed', 'completed')), 0),
               count(*) FILTER (WHERE status = 'disputed')
          FROM added HAVING count(*) > 0;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO admin_totals_delta (bets, volume, disputed)
        SELECT -count(*), -coalesce(sum(betwixt_bet_volume(removed.kind, removed.id, removed.amount, removed."opponentAmount", removed.status)) FILTER (WHERE status IN ('active', 'disputed', 'completed')), 0),
               -count(*) FILTER (WHERE status = 'disputed')
          FROM removed HAVING count(*) > 0;
      ELSE
        PERFORM betwixt_admin_totals_recount();
      END IF;
      RETURN NULL;
    END $function$;

CREATE OR REPLACE TRIGGER "TRG_bets_admin_totals_delete"
  AFTER DELETE ON public.bets
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_admin_totals_bets();

CREATE OR REPLACE TRIGGER "TRG_bets_admin_totals_insert"
  AFTER INSERT ON public.bets
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_admin_totals_bets();

CREATE OR REPLACE TRIGGER "TRG_bets_admin_totals_truncate"
  AFTER TRUNCATE ON public.bets
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_admin_totals_bets();

CREATE OR REPLACE TRIGGER "TRG_bets_admin_totals_update"
  AFTER UPDATE OF status, amount ON public.bets
  FOR EACH ROW
  WHEN ((((old.status)::text IS DISTINCT FROM (new.status)::text) OR (old.amount IS DISTINCT FROM new.amount)))
  EXECUTE FUNCTION betwixt_admin_totals_bets();

CREATE OR REPLACE FUNCTION public.betwixt_admin_totals_users()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE TRIGGER "TRG_users_admin_totals_delete"
  AFTER DELETE ON public.users
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_admin_totals_users();

CREATE OR REPLACE TRIGGER "TRG_users_admin_totals_insert"
  AFTER INSERT ON public.users
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_admin_totals_users();

CREATE OR REPLACE TRIGGER "TRG_users_admin_totals_truncate"
  AFTER TRUNCATE ON public.users
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_admin_totals_users();

CREATE OR REPLACE TRIGGER "TRG_users_admin_totals_update"
  AFTER UPDATE OF "deletedAt" ON public.users
  FOR EACH ROW
  WHEN (((old."deletedAt" IS NULL) <> (new."deletedAt" IS NULL)))
  EXECUTE FUNCTION betwixt_admin_totals_users();
`,
};

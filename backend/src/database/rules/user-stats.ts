import type { SchemaRule } from './schema-rule.js';

/**
 * Each person's counters (user_bet_stats: counts, sums, streaks; user_payout_totals: payouts), kept by
 * triggers on bets and transactions so the profile and the analytics read one row. Recomputed from the whole
 * history by test/support/user-stats-oracle.ts (invariants 5 and 7), in test/analytics/user-stats.int-spec.ts,
 * test/analytics/pot-stats.int-spec.ts and after every race.
 */
export const userStats: SchemaRule = {
  name: 'user-stats',
  sql: String.raw`
CREATE OR REPLACE FUNCTION public.betwixt_recount_streaks(who uuid)
 RETURNS void
 LANGUAGE sql
AS $function$
    WITH decided AS (
      SELECT id, "resolutionDate", won,
             row_number() OVER (ORDER BY "resolutionDate" DESC NULLS LAST, id DESC) AS rn
        FROM (SELECT id, "resolutionDate", ("winnerUserId" = who) AS won
                FROM bets
               WHERE ("creatorId" = who OR "opponentId" = who) AND status = 'completed' AND "winnerUserId" IS NOT NULL
              UNION ALL
              SELECT b.id, b."resolutionDate", coalesce(s.pick = b."finalResult", false)
                FROM bet_participants s JOIN bets b ON b.id = s."betId"
               WHERE s."userId" = who AND s."decidedNet" IS NOT NULL AND b.status = 'completed') d
    ), runs AS (
      SELECT won, rn - row_number() OVER (PARTITION BY won ORDER BY rn) AS grp FROM decided
    )
    UPDATE user_bet_stats SET
      "currentStreak" = (SELECT count(*) FROM runs WHERE won AND grp = 0),
      "longestStreak" = (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM runs WHERE won GROUP BY grp) s),
      "lastDecidedAt" = (SELECT "resolutionDate" FROM decided WHERE rn = 1),
      "lastDecidedBetId" = (SELECT id FROM decided WHERE rn = 1)
     WHERE "userId" = who
  $function$;

CREATE OR REPLACE FUNCTION public.betwixt_bet_stats()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  DECLARE
    d record;
    appending boolean;
    recount boolean;
    kept_last integer;
    pot_users uuid[];
    pot_stakes numeric[];
    pot_picks text[];
    old_nets numeric[];
    new_nets numeric[];
  BEGIN
    -- A pot's players: what was counted for each (the seats' decidedNet) before this change, and after it.
    IF (TG_OP <> 'INSERT' AND OLD.kind = 'pot') OR (TG_OP <> 'DELETE' AND NEW.kind = 'pot') THEN
      SELECT array_agg(s."userId" ORDER BY s."userId"), array_agg(s.stake ORDER BY s."userId"),
             array_agg(s.pick ORDER BY s."userId"), array_agg(s."decidedNet" ORDER BY s."userId")
        INTO pot_users, pot_stakes, pot_picks, old_nets
        FROM bet_participants s
       WHERE s."betId" = CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END AND s."joinedAt" IS NOT NULL;
      IF TG_OP <> 'DELETE' AND NEW.kind = 'pot' THEN
        UPDATE bet_participants s SET "decidedNet" = CASE WHEN NEW.status = 'completed' AND NEW."finalResult" <> 'no_clear_outcome'
                            AND EXISTS (SELECT 1 FROM bet_participants w
                                         WHERE w."betId" = NEW.id AND w."joinedAt" IS NOT NULL AND w.pick = NEW."finalResult")
                       THEN CASE WHEN s.pick = NEW."finalResult" THEN coalesce(s.payout, 0) - s.stake ELSE -s.stake END END
         WHERE s."betId" = NEW.id AND s."joinedAt" IS NOT NULL
           AND s."decidedNet" IS DISTINCT FROM (CASE WHEN NEW.status = 'completed' AND NEW."finalResult" <> 'no_clear_outcome'
                            AND EXISTS (SELECT 1 FROM bet_participants w
                                         WHERE w."betId" = NEW.id AND w."joinedAt" IS NOT NULL AND w.pick = NEW."finalResult")
                       THEN CASE WHEN s.pick = NEW."finalResult" THEN coalesce(s.payout, 0) - s.stake ELSE -s.stake END END);
        SELECT array_agg(s."decidedNet" ORDER BY s."userId") INTO new_nets
          FROM bet_participants s WHERE s."betId" = NEW.id AND s."joinedAt" IS NOT NULL;
      END IF;
    END IF;
    FOR d IN
      WITH side AS (
        -- A duel's two parties.
        SELECT -1 AS sign, party, OLD.status AS status, (CASE WHEN party = OLD."creatorId" THEN OLD.amount ELSE coalesce(OLD."opponentAmount", OLD.amount) END) AS amount,
               (OLD.status = 'completed' AND OLD."winnerUserId" IS NOT NULL) AS decided,
               coalesce(OLD.status = 'completed' AND OLD."winnerUserId" = party, false) AS won,
               CASE WHEN OLD."winnerUserId" = party THEN (CASE WHEN party = OLD."creatorId" THEN coalesce(OLD."opponentAmount", OLD.amount) ELSE OLD.amount END) ELSE -(CASE WHEN party = OLD."creatorId" THEN OLD.amount ELSE coalesce(OLD."opponentAmount", OLD.amount) END) END AS net
          FROM unnest(ARRAY[OLD."creatorId", OLD."opponentId"]) AS party
         WHERE TG_OP <> 'INSERT' AND OLD.kind = 'duel' AND party IS NOT NULL
        UNION ALL
        SELECT 1, party, NEW.status, (CASE WHEN party = NEW."creatorId" THEN NEW.amount ELSE coalesce(NEW."opponentAmount", NEW.amount) END),
               (NEW.status = 'completed' AND NEW."winnerUserId" IS NOT NULL),
               coalesce(NEW.status = 'completed' AND NEW."winnerUserId" = party, false),
               CASE WHEN NEW."winnerUserId" = party THEN (CASE WHEN party = NEW."creatorId" THEN coalesce(NEW."opponentAmount", NEW.amount) ELSE NEW.amount END) ELSE -(CASE WHEN party = NEW."creatorId" THEN NEW.amount ELSE coalesce(NEW."opponentAmount", NEW.amount) END) END
          FROM unnest(ARRAY[NEW."creatorId", NEW."opponentId"]) AS party
         WHERE TG_OP <> 'DELETE' AND NEW.kind = 'duel' AND party IS NOT NULL
        UNION ALL
        -- A pot's joined players.
        SELECT -1, p.party, OLD.status, p.stake, (OLD.status = 'completed' AND p.net IS NOT NULL),
               coalesce(OLD.status = 'completed' AND p.net IS NOT NULL AND p.pick = OLD."finalResult", false), p.net
          FROM unnest(pot_users, pot_stakes, pot_picks, old_nets) AS p(party, stake, pick, net)
         WHERE TG_OP <> 'INSERT' AND OLD.kind = 'pot'
        UNION ALL
        SELECT 1, p.party, NEW.status, p.stake, (NEW.status = 'completed' AND p.net IS NOT NULL),
               coalesce(NEW.status = 'completed' AND p.net IS NOT NULL AND p.pick = NEW."finalResult", false), p.net
          FROM unnest(pot_users, pot_stakes, pot_picks, new_nets) AS p(party, stake, pick, net)
         WHERE TG_OP <> 'DELETE' AND NEW.kind = 'pot'
      ), flagged AS (
        SELECT party, sign, amount, decided, won, net,
               status IN ('active', 'disputed', 'completed') AS taken,
               status IN ('active', 'disputed') AS open
          FROM side
      )
      SELECT party AS "userId",
             sum(sign * taken::int)::int AS total,
             sum(sign * open::int)::int AS active,
             sum(CASE WHEN taken THEN sign * amount ELSE 0 END) AS wagered,
             sum(sign * won::int)::int AS won,
             sum(sign * (decided AND NOT won)::int)::int AS lost,
             sum(CASE WHEN decided THEN sign * net ELSE 0 END) AS profit,
             coalesce(bool_or(decided) FILTER (WHERE sign = -1), false) AS was_decided,
             coalesce(bool_or(won) FILTER (WHERE sign = -1), false) AS was_won,
             coalesce(bool_or(decided) FILTER (WHERE sign = 1), false) AS is_decided,
             coalesce(bool_or(won) FILTER (WHERE sign = 1), false) AS is_won
        FROM flagged GROUP BY party ORDER BY party
    LOOP
      -- A newly decided bet may extend the streaks in place; a change to a decided bet recounts them.
      appending := d.is_decided AND NOT d.was_decided;
      recount := d.was_decided AND NOT (d.is_decided AND d.is_won = d.was_won
                                        AND OLD."resolutionDate" IS NOT DISTINCT FROM NEW."resolutionDate");
      CONTINUE WHEN NOT appending AND NOT recount AND d.total = 0 AND d.active = 0
                    AND d.wagered = 0 AND d.won = 0 AND d.lost = 0 AND d.profit = 0;
      INSERT INTO user_bet_stats AS s ("userId", won, lost, total, active, wagered, profit,
                                       "currentStreak", "longestStreak", "lastDecidedAt", "lastDecidedBetId")
      VALUES (d."userId", d.won, d.lost, d.total, d.active, d.wagered, d.profit,
              (appending AND d.is_won)::int, (appending AND d.is_won)::int,
              CASE WHEN appending THEN NEW."resolutionDate" END, CASE WHEN appending THEN NEW.id END)
      ON CONFLICT ("userId") DO UPDATE SET
        won = s.won + EXCLUDED.won,
        lost = s.lost + EXCLUDED.lost,
        total = s.total + EXCLUDED.total,
        active = s.active + EXCLUDED.active,
        wagered = s.wagered + EXCLUDED.wagered,
        profit = s.profit + EXCLUDED.profit,
        -- In place only when the bet is newer than every decided bet the row has counted (else recounted below).
        ("currentStreak", "longestStreak", "lastDecidedAt", "lastDecidedBetId") =
          (SELECT CASE WHEN newer THEN CASE WHEN d.is_won THEN s."currentStreak" + 1 ELSE 0 END ELSE s."currentStreak" END,
                  CASE WHEN newer AND d.is_won THEN greatest(s."longestStreak", s."currentStreak" + 1) ELSE s."longestStreak" END,
                  CASE WHEN newer THEN NEW."resolutionDate" ELSE s."lastDecidedAt" END,
                  CASE WHEN newer THEN NEW.id ELSE s."lastDecidedBetId" END
             FROM (SELECT appending AND (s."lastDecidedBetId" IS NULL
                     OR (NEW."resolutionDate" IS NOT NULL
                         AND (s."lastDecidedAt" IS NULL
                              OR (NEW."resolutionDate", NEW.id) > (s."lastDecidedAt", s."lastDecidedBetId"))))
                     AS newer) n)
      RETURNING "lastDecidedBetId" INTO kept_last;
      IF recount OR (appending AND kept_last IS DISTINCT FROM NEW.id) THEN
        PERFORM betwixt_recount_streaks(d."userId");
      END IF;
    END LOOP;
    RETURN NULL;
  END $function$;

CREATE OR REPLACE TRIGGER "TRG_bets_user_stats"
  AFTER UPDATE OF status, "winnerUserId", amount, "creatorId", "opponentId", "resolutionDate", "finalResult", "opponentAmount" ON public.bets
  FOR EACH ROW
  WHEN (((((old.status)::text IS DISTINCT FROM (new.status)::text) OR (old."winnerUserId" IS DISTINCT FROM new."winnerUserId") OR (old.amount IS DISTINCT FROM new.amount) OR (old."creatorId" IS DISTINCT FROM new."creatorId") OR (old."opponentId" IS DISTINCT FROM new."opponentId") OR (((new.status)::text = 'completed'::text) AND (old."resolutionDate" IS DISTINCT FROM new."resolutionDate")) OR (((new.status)::text = 'completed'::text) AND (old."finalResult" IS DISTINCT FROM new."finalResult")) OR (old."opponentAmount" IS DISTINCT FROM new."opponentAmount")) AND (((old.status)::text = ANY ((ARRAY['active'::character varying, 'disputed'::character varying, 'completed'::character varying])::text[])) OR ((new.status)::text = ANY ((ARRAY['active'::character varying, 'disputed'::character varying, 'completed'::character varying])::text[])))))
  EXECUTE FUNCTION betwixt_bet_stats();

CREATE OR REPLACE TRIGGER "TRG_bets_user_stats_delete"
  AFTER DELETE ON public.bets
  FOR EACH ROW
  WHEN (((old.status)::text = ANY ((ARRAY['active'::character varying, 'disputed'::character varying, 'completed'::character varying])::text[])))
  EXECUTE FUNCTION betwixt_bet_stats();

CREATE OR REPLACE TRIGGER "TRG_bets_user_stats_insert"
  AFTER INSERT ON public.bets
  FOR EACH ROW
  WHEN (((new.status)::text = ANY ((ARRAY['active'::character varying, 'disputed'::character varying, 'completed'::character varying])::text[])))
  EXECUTE FUNCTION betwixt_bet_stats();

CREATE OR REPLACE FUNCTION public.betwixt_rebuild_user_stats()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
  BEGIN
    LOCK TABLE bets, bet_participants, transactions IN SHARE MODE;
    DELETE FROM user_bet_stats;
    DELETE FROM user_payout_totals;
    INSERT INTO user_bet_stats ("userId", won, lost, total, active, wagered, profit,
                                "currentStreak", "longestStreak", "lastDecidedAt", "lastDecidedBetId")
    WITH side AS (
      SELECT p.party AS "userId", b.id, (CASE WHEN p.party = b."creatorId" THEN b.amount ELSE coalesce(b."opponentAmount", b.amount) END) AS amount, b."resolutionDate",
             b.status IN ('active', 'disputed') AS open,
             (b.status = 'completed' AND b."winnerUserId" IS NOT NULL) AS decided,
             coalesce(b.status = 'completed' AND b."winnerUserId" = p.party, false) AS won,
             CASE WHEN b."winnerUserId" = p.party THEN (CASE WHEN p.party = b."creatorId" THEN coalesce(b."opponentAmount", b.amount) ELSE b.amount END) ELSE -(CASE WHEN p.party = b."creatorId" THEN b.amount ELSE coalesce(b."opponentAmount", b.amount) END) END AS net
        FROM bets b, LATERAL (VALUES (b."creatorId"), (b."opponentId")) AS p(party)
       WHERE p.party IS NOT NULL AND b.kind = 'duel' AND b.status IN ('active', 'disputed', 'completed')
      UNION ALL
      SELECT s."userId", b.id, s.stake, b."resolutionDate",
             b.status IN ('active', 'disputed'),
             (b.status = 'completed' AND s."decidedNet" IS NOT NULL),
             coalesce(b.status = 'completed' AND s."decidedNet" IS NOT NULL AND s.pick = b."finalResult", false),
             s."decidedNet"
        FROM bets b JOIN bet_participants s ON s."betId" = b.id AND s."joinedAt" IS NOT NULL
       WHERE b.kind = 'pot' AND b.status IN ('active', 'disputed', 'completed')
    ), counts AS (
      SELECT "userId",
             count(*) FILTER (WHERE won)::int AS won,
             count(*) FILTER (WHERE decided AND NOT won)::int AS lost,
             count(*)::int AS total,
             count(*) FILTER (WHERE open)::int AS active,
             coalesce(sum(amount), 0) AS wagered,
             coalesce(sum(net) FILTER (WHERE decided), 0) AS profit
        FROM side GROUP BY "userId"
    ), ranked AS (
      SELECT "userId", id, "resolutionDate", won,
             row_number() OVER (PARTITION BY "userId" ORDER BY "resolutionDate" DESC NULLS LAST, id DESC) AS rn
        FROM side WHERE decided
    ), runs AS (
      SELECT "userId", grp, count(*) AS n FROM (
        SELECT "userId", won, rn - row_number() OVER (PARTITION BY "userId", won ORDER BY rn) AS grp FROM ranked
      ) r WHERE won GROUP BY "userId", grp
    ), streaks AS (
      SELECT "userId", coalesce(max(n) FILTER (WHERE grp = 0), 0)::int AS current, max(n)::int AS longest
        FROM runs GROUP BY "userId"
    )
    SELECT c."userId", c.won, c.lost, c.total, c.active, c.wagered, c.profit,
           coalesce(s.current, 0), coalesce(s.longest, 0), l."resolutionDate", l.id
      FROM counts c
      LEFT JOIN streaks s ON s."userId" = c."userId"
      LEFT JOIN ranked l ON l."userId" = c."userId" AND l.rn = 1;
    INSERT INTO user_payout_totals ("userId", paid)
    SELECT "userId", sum(amount) FROM transactions WHERE type IN ('bet_payout', 'payout_reversal') GROUP BY "userId";
  END $function$;

CREATE OR REPLACE FUNCTION public.betwixt_payout_totals()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        INSERT INTO user_payout_totals AS p ("userId", paid)
        SELECT "userId", sum(amount) FROM (
          SELECT OLD."userId", -OLD.amount WHERE TG_OP <> 'INSERT' AND OLD.type IN ('bet_payout', 'payout_reversal')
          UNION ALL
          SELECT NEW."userId", NEW.amount WHERE TG_OP <> 'DELETE' AND NEW.type IN ('bet_payout', 'payout_reversal')
        ) AS delta("userId", amount)
         GROUP BY "userId" ORDER BY "userId"
        ON CONFLICT ("userId") DO UPDATE SET paid = p.paid + EXCLUDED.paid;
        RETURN NULL;
      END $function$;

CREATE OR REPLACE TRIGGER "TRG_transactions_payout_totals"
  AFTER INSERT ON public.transactions
  FOR EACH ROW
  WHEN (((new.type)::text = ANY ((ARRAY['bet_payout'::character varying, 'payout_reversal'::character varying])::text[])))
  EXECUTE FUNCTION betwixt_payout_totals();

CREATE OR REPLACE TRIGGER "TRG_transactions_payout_totals_change"
  AFTER DELETE OR UPDATE ON public.transactions
  FOR EACH ROW
  EXECUTE FUNCTION betwixt_payout_totals();

CREATE OR REPLACE FUNCTION public.betwixt_user_stats_truncated()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_TABLE_NAME = 'bets' THEN DELETE FROM user_bet_stats; ELSE DELETE FROM user_payout_totals; END IF;
        RETURN NULL;
      END $function$;

CREATE OR REPLACE TRIGGER "TRG_bets_user_stats_truncate"
  AFTER TRUNCATE ON public.bets
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_user_stats_truncated();

CREATE OR REPLACE TRIGGER "TRG_transactions_payout_totals_truncate"
  AFTER TRUNCATE ON public.transactions
  FOR EACH STATEMENT
  EXECUTE FUNCTION betwixt_user_stats_truncated();
`,
};

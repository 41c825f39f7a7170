import type { SchemaRule } from './schema-rule.js';

/**
 * A bet's seats (bet_participants) follow the bet: a duel's two seats are written and kept with the duel's
 * parties, stakes and results; a pot's seats carry the pot's status and resolution date, so a person's pots
 * are read from their own seats. Recomputed from the bets by invariants 4b and 8 of test/support/invariants.ts,
 * after every race.
 */
export const betSeats: SchemaRule = {
  name: 'bet-seats',
  sql: String.raw`
CREATE OR REPLACE FUNCTION public.bet_participants_mirror_duel()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD."opponentId" IS DISTINCT FROM NEW."opponentId" THEN
          DELETE FROM bet_participants
           WHERE "betId" = NEW.id AND "userId" <> NEW."creatorId" AND "userId" IS DISTINCT FROM NEW."opponentId";
        END IF;
        INSERT INTO bet_participants AS p ("betId", "userId", role, pick, stake, result, "joinedAt", "reportedAt")
        SELECT NEW.id, seat."userId", seat.role, seat.pick, seat.stake, seat.result,
               CASE WHEN seat.role = 'creator' OR seat.pick IS NOT NULL THEN now() END,
               CASE WHEN seat.result IS NOT NULL THEN now() END
          FROM (VALUES (NEW."creatorId", 'creator', NEW."creatorPick", NEW."creatorResult", NEW.amount),
                       (NEW."opponentId", 'opponent', NEW."opponentPick", NEW."opponentResult", coalesce(NEW."opponentAmount", NEW.amount)))
               AS seat("userId", role, pick, result, stake)
         WHERE seat."userId" IS NOT NULL
        ON CONFLICT ("betId", "userId") DO UPDATE
           SET role = EXCLUDED.role, pick = EXCLUDED.pick, stake = EXCLUDED.stake, result = EXCLUDED.result,
               "joinedAt" = coalesce(p."joinedAt", EXCLUDED."joinedAt"),
               "reportedAt" = CASE WHEN p.result IS NOT DISTINCT FROM EXCLUDED.result THEN p."reportedAt"
                                   ELSE EXCLUDED."reportedAt" END
         WHERE (p.role, p.pick, p.stake, p.result) IS DISTINCT FROM
               (EXCLUDED.role, EXCLUDED.pick, EXCLUDED.stake, EXCLUDED.result)
            OR (p."joinedAt" IS NULL AND EXCLUDED."joinedAt" IS NOT NULL);
        RETURN NULL;
      END $function$;

CREATE OR REPLACE TRIGGER "TRG_bets_duel_seats_insert"
  AFTER INSERT ON public.bets
  FOR EACH ROW
  WHEN (((new.kind)::text = 'duel'::text))
  EXECUTE FUNCTION bet_participants_mirror_duel();

CREATE OR REPLACE TRIGGER "TRG_bets_duel_seats_update"
  AFTER UPDATE OF "creatorId", "opponentId", amount, "creatorPick", "opponentPick", "creatorResult", "opponentResult", "opponentAmount" ON public.bets
  FOR EACH ROW
  WHEN ((((new.kind)::text = 'duel'::text) AND ((((((((old."creatorId" IS DISTINCT FROM new."creatorId") OR (old."opponentId" IS DISTINCT FROM new."opponentId")) OR (old.amount IS DISTINCT FROM new.amount)) OR (old."creatorPick" IS DISTINCT FROM new."creatorPick")) OR (old."opponentPick" IS DISTINCT FROM new."opponentPick")) OR (old."creatorResult" IS DISTINCT FROM new."creatorResult")) OR (old."opponentResult" IS DISTINCT FROM new."opponentResult")) OR (old."opponentAmount" IS DISTINCT FROM new."opponentAmount"))))
  EXECUTE FUNCTION bet_participants_mirror_duel();

CREATE OR REPLACE FUNCTION public.bet_participants_mirror_pot()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        UPDATE bet_participants SET "potStatus" = NEW.status, "potResolvedAt" = NEW."resolutionDate"
         WHERE "betId" = NEW.id;
        RETURN NULL;
      END $function$;

CREATE OR REPLACE TRIGGER "TRG_bets_pot_seats_update"
  AFTER UPDATE OF status, "resolutionDate" ON public.bets
  FOR EACH ROW
  WHEN ((((new.kind)::text = 'pot'::text) AND (((old.status)::text IS DISTINCT FROM (new.status)::text) OR (old."resolutionDate" IS DISTINCT FROM new."resolutionDate"))))
  EXECUTE FUNCTION bet_participants_mirror_pot();
`,
};

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { bodies, POT_VOLUME } from './1795580200000-PotVolume.js';
import {
  BET_STATS,
  BEFORE_CHANGED,
  BEFORE_COLUMNS,
  REBUILD,
  TRIGGER,
} from './1795600000000-PotPlayerStats.js';

/**
 * A duel with uneven stakes (migration RefereesAndCounterOffers: the creator puts in `amount`, the opponent
 * `opponentAmount`, null meaning the same) in the kept figures:
 * - each party's wagered is their own stake;
 * - the winner's profit is the other side's stake, the loser's loss their own (docs/money.md);
 * - the admin overview's volume counts both stakes as they are, not twice the creator's.
 * Even duels count exactly as before. The functions are the previous migrations' with only the duel's stake
 * expressions changed (each replacement is checked, so an edit to those migrations cannot silently skip one).
 */
const own = (row: string, party: string) =>
  `(CASE WHEN ${party} = ${row}."creatorId" THEN ${row}.amount ELSE coalesce(${row}."opponentAmount", ${row}.amount) END)`;
const other = (row: string, party: string) =>
  `(CASE WHEN ${party} = ${row}."creatorId" THEN coalesce(${row}."opponentAmount", ${row}.amount) ELSE ${row}.amount END)`;

function replaced(sql: string, pairs: [string, string][]): string {
  return pairs.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`UnevenStakeFigures: expected SQL not found: ${from}`);
    return text.split(from).join(to);
  }, sql);
}

const BET_STATS_UNEVEN = replaced(BET_STATS, [
  ['OLD.status AS status, OLD.amount AS amount,', `OLD.status AS status, ${own('OLD', 'party')} AS amount,`],
  [
    `CASE WHEN OLD."winnerUserId" = party THEN OLD.amount ELSE -OLD.amount END AS net`,
    `CASE WHEN OLD."winnerUserId" = party THEN ${other('OLD', 'party')} ELSE -${own('OLD', 'party')} END AS net`,
  ],
  ['SELECT 1, party, NEW.status, NEW.amount,', `SELECT 1, party, NEW.status, ${own('NEW', 'party')},`],
  [
    `CASE WHEN NEW."winnerUserId" = party THEN NEW.amount ELSE -NEW.amount END`,
    `CASE WHEN NEW."winnerUserId" = party THEN ${other('NEW', 'party')} ELSE -${own('NEW', 'party')} END`,
  ],
]);

const REBUILD_UNEVEN = replaced(REBUILD, [
  [
    'SELECT p.party AS "userId", b.id, b.amount,',
    `SELECT p.party AS "userId", b.id, ${own('b', 'p.party')} AS amount,`,
  ],
  [
    `CASE WHEN b."winnerUserId" = p.party THEN b.amount ELSE -b.amount END AS net`,
    `CASE WHEN b."winnerUserId" = p.party THEN ${other('b', 'p.party')} ELSE -${own('b', 'p.party')} END AS net`,
  ],
]);

const VOLUME_FUNCTION = `
  CREATE OR REPLACE FUNCTION betwixt_bet_volume(kind text, bet_id integer, amount numeric, opponent_amount numeric,
                                                status text)
  RETURNS numeric LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN status NOT IN ('active', 'disputed', 'completed') THEN 0
                WHEN kind = 'pot' THEN ${POT_VOLUME}
                ELSE amount + coalesce(opponent_amount, amount) END
  $$`;
const withBothStakes = bodies(
  (row) =>
    `betwixt_bet_volume(${row}.kind, ${row}.id, ${row}.amount, ${row}."opponentAmount", ${row}.status)`,
);
const withPots = bodies((row) => `betwixt_bet_volume(${row}.kind, ${row}.id, ${row}.amount, ${row}.status)`);

export class UnevenStakeFigures1795640000000 implements MigrationInterface {
  name = 'UnevenStakeFigures1795640000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(BET_STATS_UNEVEN);
    await queryRunner.query(REBUILD_UNEVEN);
    // The opponent's stake is settled with the accept (the status change), but a figure must never miss it.
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats" ON "bets"`);
    await queryRunner.query(
      TRIGGER(
        `${BEFORE_COLUMNS}, "finalResult", "opponentAmount"`,
        `${BEFORE_CHANGED}
          OR (NEW.status = 'completed' AND OLD."finalResult" IS DISTINCT FROM NEW."finalResult")
          OR OLD."opponentAmount" IS DISTINCT FROM NEW."opponentAmount"`,
      ),
    );
    await queryRunner.query(VOLUME_FUNCTION);
    await queryRunner.query(withBothStakes.recount);
    await queryRunner.query(withBothStakes.bets);
    await queryRunner.query(`SELECT betwixt_rebuild_user_stats()`);
    await queryRunner.query(`SELECT betwixt_admin_totals_recount()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(withPots.recount);
    await queryRunner.query(withPots.bets);
    await queryRunner.query(`DROP FUNCTION betwixt_bet_volume(text, integer, numeric, numeric, text)`);
    await queryRunner.query(`DROP TRIGGER "TRG_bets_user_stats" ON "bets"`);
    await queryRunner.query(
      TRIGGER(
        `${BEFORE_COLUMNS}, "finalResult"`,
        `${BEFORE_CHANGED}
          OR (NEW.status = 'completed' AND OLD."finalResult" IS DISTINCT FROM NEW."finalResult")`,
      ),
    );
    await queryRunner.query(BET_STATS);
    await queryRunner.query(REBUILD);
    await queryRunner.query(`SELECT betwixt_rebuild_user_stats()`);
    await queryRunner.query(`SELECT betwixt_admin_totals_recount()`);
  }
}

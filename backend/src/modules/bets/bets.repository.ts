import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import type { BetState } from '../notifications/index.js';
import { Bet, type BetStatus } from './bet.entity.js';
import { DisputeResolution } from './dispute-resolution.entity.js';

/** A bet whose deadline is an hour away, as the reminder job stamped it. */
export interface RemindedBet {
  id: number;
  title: string;
  amount: string;
  status: 'pending' | 'active';
  /** Absent is a duel. */
  kind?: Bet['kind'];
  creatorId: string;
  opponentId: string | null;
  creatorResult: string | null;
  opponentResult: string | null;
}

export type NewBet = Pick<
  Bet,
  | 'title'
  | 'description'
  | 'amount'
  | 'creatorId'
  | 'opponentId'
  | 'challengeCode'
  | 'status'
  | 'duration'
  | 'outcomes'
  | 'creatorPick'
  | 'resolutionType'
  | 'expiresAt'
> & {
  kind?: Bet['kind'];
  joinBy?: Date | null;
  refereeId?: string | null;
  opponentAmount?: string | null;
};

/**
 * Every column of a bet, as the entity has them. The row lock and the insert are plain SQL: they run on every
 * bet transition, and TypeORM's query builder and save() were the largest share of a write's CPU.
 */
const BET_COLUMNS = `id, title, kind, description, amount, "creatorId", "opponentId", "challengeCode", status, duration, outcomes,
  "creatorPick", "opponentPick", "creatorResult", "opponentResult", "finalResult", "resolutionType", "winnerUserId",
  "resolutionDate", "expiresAt", "joinBy", "reminderSentAt", "postedInCircle", "refereeId", "refereeAcceptedAt",
  "callResult", "callNote", "calledAt", "appealUntil", "refereeRemindedAt", "refereeLapsedAt", "opponentAmount",
  "offerBy", "offerPick", "offerRounds", "createdAt", "updatedAt"`;

/** What a transition may change: every column but the key and the timestamps the database keeps. */
const SETTABLE_COLUMNS = new Set(
  BET_COLUMNS.split(',')
    .map((column) => column.trim().replaceAll('"', ''))
    .filter((column) => !['id', 'createdAt', 'updatedAt'].includes(column)),
);

/**
 * The bets module's writes to its own tables (bets, dispute resolutions), in the caller's transaction: the
 * row lock every decision starts from and the status change conditional on what was read
 * (docs/money.md, "Concurrency").
 */
@Injectable()
export class BetsRepository {
  /** The bet, locked for the rest of the transaction (other writers wait); null if there is none. */
  lock(tx: TxOrManager, betId: number): Promise<Bet | null> {
    return this.lockWhere(tx, 'id = $1', betId);
  }

  /** The bet with this open challenge link code, locked. */
  lockByCode(tx: TxOrManager, code: string): Promise<Bet | null> {
    return this.lockWhere(tx, '"challengeCode" = $1', code);
  }

  /**
   * Moves the bet from the status read under its lock to `status`, with `changes`; returns false when the
   * bet was no longer in that status (so no transition is ever applied twice).
   */
  async moveStatus(
    tx: TxOrManager,
    bet: Pick<Bet, 'id' | 'status'>,
    status: BetStatus,
    changes: Partial<Bet>,
  ): Promise<boolean> {
    // An undefined change is no change, as TypeORM's update builder treats it.
    const given = Object.entries({ ...changes, status }).filter(([, value]) => value !== undefined);
    const assignments = given.map(([column, value], index) => {
      if (!SETTABLE_COLUMNS.has(column)) throw new Error(`moveStatus cannot set bets.${column}`);
      return { sql: `"${column}" = $${index + 3}`, value };
    });
    // updatedAt as TypeORM's @UpdateDateColumn sets it; for an UPDATE, TypeORM answers [rows, affected].
    const [, affected] = await queryIn<[unknown[], number]>(
      tx,
      prepared(`UPDATE bets SET ${assignments.map((a) => a.sql).join(', ')}, "updatedAt" = CURRENT_TIMESTAMP
        WHERE id = $1 AND status = $2`),
      [bet.id, bet.status, ...assignments.map((a) => a.value)],
    );
    return affected === 1;
  }

  async insert(tx: TxOrManager, bet: NewBet): Promise<Bet> {
    const [row] = await queryIn<Bet[]>(
      tx,
      prepared(`INSERT INTO bets (title, description, amount, "creatorId", "opponentId", "challengeCode", status, duration,
                         outcomes, "creatorPick", "resolutionType", "expiresAt", kind, "joinBy", "refereeId", "opponentAmount")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       RETURNING ${BET_COLUMNS}`),
      [
        bet.title,
        bet.description,
        bet.amount,
        bet.creatorId,
        bet.opponentId,
        bet.challengeCode,
        bet.status,
        bet.duration,
        bet.outcomes,
        bet.creatorPick,
        bet.resolutionType,
        bet.expiresAt,
        bet.kind ?? 'duel',
        bet.joinBy ?? null,
        bet.refereeId ?? null,
        bet.opponentAmount ?? null,
      ],
    );
    if (!row) throw new Error('the bet insert returned no row');
    return row;
  }

  /** A counter-offer's round on a pending duel (bet_offers), written beside the bet's new terms. */
  async insertOffer(
    tx: TxOrManager,
    offer: {
      betId: number;
      round: number;
      byUserId: string;
      opponentAmount: string;
      opponentPick: string | null;
      at: Date;
    },
  ): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO bet_offers ("betId", round, "byUserId", "opponentAmount", "opponentPick", "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [offer.betId, offer.round, offer.byUserId, offer.opponentAmount, offer.opponentPick, offer.at],
    );
  }

  /** Marks the bet posted in a circle, in the transaction that posts it. */
  async markPostedInCircle(tx: TxOrManager, betId: number): Promise<void> {
    await queryIn(tx, `UPDATE bets SET "postedInCircle" = true WHERE id = $1`, [betId]);
  }

  async openDispute(tx: TxOrManager, betId: number, reporterId: string, reason: string): Promise<void> {
    await managerOf(tx)
      .getRepository(DisputeResolution)
      .insert({ betId, reporterId, reason, status: 'pending' });
  }

  /** Closes the bet's pending dispute record with the admin's decision. */
  async closeDispute(
    tx: TxOrManager,
    betId: number,
    decision: { adminId: string; resolution: string; resolvedAt: Date },
  ): Promise<void> {
    await managerOf(tx)
      .getRepository(DisputeResolution)
      .update({ betId, status: 'pending' }, { status: 'resolved', ...decision });
  }

  /**
   * Up to 500 pending bets nobody accepted by `now`, locked; rows someone is changing right now are skipped
   * (the next run picks them up).
   */
  async unansweredBy(tx: TxOrManager, now: Date): Promise<number[]> {
    const rows = await queryIn<{ id: number }[]>(
      tx,
      `SELECT id FROM bets WHERE status = 'pending' AND "expiresAt" <= $1 AND kind = 'duel' ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  /** Up to 500 group pots still taking players whose join deadline is `now` or past, locked, skipping busy rows. */
  async potsToLock(tx: TxOrManager, now: Date): Promise<number[]> {
    const rows = await queryIn<{ id: number }[]>(
      tx,
      `SELECT id FROM bets WHERE kind = 'pot' AND status = 'pending' AND "joinBy" <= $1
        ORDER BY "joinBy" LIMIT 500 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  /** Up to 500 active bets whose deadline passed before `deadline`, locked, skipping busy rows. */
  async unsettledSince(tx: TxOrManager, deadline: Date): Promise<number[]> {
    const rows = await queryIn<{ id: number }[]>(
      tx,
      `SELECT id FROM bets WHERE status = 'active' AND "expiresAt" <= $1 AND "resolutionType" <> 'referee'
         AND ("refereeLapsedAt" IS NULL OR "refereeLapsedAt" <= $1) ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
      [deadline],
    );
    return rows.map((row) => row.id);
  }

  /** Everyone who plays in the bets `ids` (creators and opponents, a pot's joined players), each once. */
  async partiesOfBets(tx: TxOrManager, ids: number[]): Promise<string[]> {
    const rows = await queryIn<{ party: string }[]>(
      tx,
      `SELECT party FROM bets, unnest(ARRAY["creatorId", "opponentId"]) AS party
        WHERE id = ANY($1::int[]) AND party IS NOT NULL
       UNION
       SELECT "userId" FROM bet_participants WHERE "betId" = ANY($1::int[]) AND "joinedAt" IS NOT NULL`,
      [ids],
    );
    return rows.map((row) => row.party);
  }

  /**
   * Where these bets stand now for one person, as their notifications show it: whether they have reported
   * (a pot's player on their seat, a duel's on its side), joined, agreed to referee, and whether it was called.
   */
  statesFor(tx: TxOrManager, userId: string, betIds: number[]): Promise<({ id: number } & BetState)[]> {
    return queryIn<({ id: number } & BetState)[]>(
      tx,
      `SELECT b.id, b.status, b."calledAt" IS NOT NULL AS called,
              CASE WHEN b."refereeId" = $2 THEN b."refereeAcceptedAt" IS NOT NULL END AS "refereeAgreed",
              CASE WHEN b.kind = 'pot' THEN s.result IS NOT NULL
                   WHEN b."creatorId" = $2 THEN b."creatorResult" IS NOT NULL
                   ELSE b."opponentResult" IS NOT NULL END AS reported,
              CASE WHEN s."userId" IS NULL THEN NULL ELSE s."joinedAt" IS NOT NULL END AS joined
         FROM bets b LEFT JOIN bet_participants s ON s."betId" = b.id AND s."userId" = $2
        WHERE b.id = ANY($1::int[])`,
      [betIds, userId],
    );
  }

  /** The user's open bets (pending, active, disputed), by id: theirs, against them, or pots they joined. */
  async openBetsOf(
    tx: TxOrManager,
    userId: string,
    statuses: readonly BetStatus[] = ['pending', 'active', 'disputed'],
  ): Promise<number[]> {
    const rows = await queryIn<{ id: number }[]>(
      tx,
      `SELECT id FROM bets WHERE ("creatorId" = $1 OR "opponentId" = $1) AND status = ANY($2::text[])
       UNION
       SELECT b.id FROM bet_participants s JOIN bets b ON b.id = s."betId"
        WHERE s."userId" = $1 AND s."joinedAt" IS NOT NULL AND b.kind = 'pot' AND b.status = ANY($2::text[])
       ORDER BY id`,
      [userId, statuses],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Stamps `reminderSentAt = now` on up to 500 open bets not yet reminded whose deadline falls between
   * `from` and `to`, skipping busy rows, and returns them.
   */
  async stampReminders(tx: TxOrManager, now: Date, from: Date, to: Date): Promise<RemindedBet[]> {
    // For an UPDATE, TypeORM answers [rows, affected].
    const [due] = await queryIn<[RemindedBet[], number]>(
      tx,
      `UPDATE bets SET "reminderSentAt" = $1
        WHERE id IN (SELECT id FROM bets
                      WHERE status IN ('pending', 'active') AND "reminderSentAt" IS NULL
                        AND "expiresAt" > $2 AND "expiresAt" <= $3
                      ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED)
        RETURNING id, title, amount::text AS amount, status, kind, "creatorId", "opponentId",
                  "creatorResult", "opponentResult"`,
      [now, from, to],
    );
    return due;
  }

  private async lockWhere(tx: TxOrManager, where: string, value: unknown): Promise<Bet | null> {
    const [row] = await queryIn<Bet[]>(
      tx,
      prepared(`SELECT ${BET_COLUMNS} FROM bets WHERE ${where} FOR NO KEY UPDATE`),
      [value],
    );
    return row ?? null;
  }
}

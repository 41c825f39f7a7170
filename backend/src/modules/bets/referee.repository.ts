import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { Visibility } from '../users/index.js';

/** A referee's record (docs/product.md, "A referee's record"): what friends see when they pick one. */
export interface RefereeRecord {
  calls: number;
  appealed: number;
  overturned: number;
}

/** The referee jobs' reads and a player's acceptance of a call, in the caller's transaction. */
@Injectable()
export class RefereeRepository {
  /** Up to 500 called bets whose appeal window ended by `now`, locked, skipping busy rows. */
  async callsDue(tx: TxOrManager, now: Date): Promise<number[]> {
    const rows = await queryIn<{ id: number }[]>(
      tx,
      `SELECT id FROM bets WHERE status = 'active' AND "calledAt" IS NOT NULL AND "appealUntil" <= $1
        ORDER BY "appealUntil" LIMIT 500 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  /** Up to 500 active referee bets still uncalled whose deadline is `before` or earlier, locked, skipping busy rows. */
  async uncalledSince(tx: TxOrManager, before: Date, notReminded: boolean): Promise<number[]> {
    const rows = await queryIn<{ id: number }[]>(
      tx,
      `SELECT id FROM bets WHERE status = 'active' AND "resolutionType" = 'referee' AND "calledAt" IS NULL
          AND "expiresAt" <= $1 AND (NOT $2 OR "refereeRemindedAt" IS NULL)
        ORDER BY "expiresAt" LIMIT 500 FOR UPDATE SKIP LOCKED`,
      [before, notReminded],
    );
    return rows.map((row) => row.id);
  }

  async stampReminder(tx: TxOrManager, betId: number, now: Date): Promise<void> {
    await queryIn(tx, `UPDATE bets SET "refereeRemindedAt" = $2 WHERE id = $1`, [betId, now]);
  }

  /** Marks `userId`'s acceptance of the call; answers whether every player of the bet has now accepted it. */
  async acceptCall(tx: TxOrManager, betId: number, userId: string, now: Date): Promise<boolean> {
    await queryIn(
      tx,
      `UPDATE bet_participants SET "callAcceptedAt" = coalesce("callAcceptedAt", $3)
        WHERE "betId" = $1 AND "userId" = $2`,
      [betId, userId, now],
    );
    const [row] = await queryIn<{ waiting: number }[]>(
      tx,
      `SELECT count(*)::int AS waiting FROM bet_participants
        WHERE "betId" = $1 AND "joinedAt" IS NOT NULL AND "callAcceptedAt" IS NULL`,
      [betId],
    );
    return (row?.waiting ?? 1) === 0;
  }

  /** The appellant's statement, beside the call, for the admin (the dispute statements' table). */
  async writeStatement(tx: TxOrManager, betId: number, userId: string, text: string): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO dispute_statements ("betId", "userId", text, links) VALUES ($1, $2, $3, '{}')
       ON CONFLICT ("betId", "userId") DO UPDATE SET text = EXCLUDED.text, "updatedAt" = now()`,
      [betId, userId, text],
    );
  }

  /** Bets the user referees that are still open: handed over when their account is deleted. */
  async openRefereeingOf(tx: TxOrManager, userId: string): Promise<number[]> {
    const rows = await queryIn<{ id: number }[]>(
      tx,
      `SELECT id FROM bets WHERE "refereeId" = $1 AND status IN ('pending', 'active') ORDER BY id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** The activity-visibility setting of an undeleted person (null: the default), or undefined if there is none. */
  async activityVisibilityOf(tx: TxOrManager, userId: string): Promise<Visibility | null | undefined> {
    const [person] = await queryIn<{ privacySettings: { activityVisibility?: Visibility } | null }[]>(
      tx,
      `SELECT "privacySettings" FROM people WHERE id = $1 AND NOT deleted`,
      [userId],
    );
    return person ? (person.privacySettings?.activityVisibility ?? null) : undefined;
  }

  /**
   * Calls made, appealed (a dispute opened after the call), and overturned (an admin decided otherwise). A
   * dispute on a called bet can only be an appeal: the players' reports are not taken while a referee decides.
   */
  async recordOf(tx: TxOrManager, userId: string): Promise<RefereeRecord> {
    const [row] = await queryIn<RefereeRecord[]>(
      tx,
      `SELECT count(*)::int AS calls,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM dispute_resolutions d WHERE d."betId" = b.id))::int
                AS appealed,
              count(*) FILTER (WHERE b.status = 'completed' AND b."resolutionType" = 'admin'
                                 AND b."finalResult" IS DISTINCT FROM b."callResult")::int AS overturned
         FROM bets b WHERE b."refereeId" = $1 AND b."calledAt" IS NOT NULL`,
      [userId],
    );
    return row ?? { calls: 0, appealed: 0, overturned: 0 };
  }
}

import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { BetParticipant, ParticipantRole } from './bet-participant.entity.js';

/** A seat as the pot use cases read it. */
export type Seat = Pick<
  BetParticipant,
  'betId' | 'userId' | 'role' | 'pick' | 'stake' | 'result' | 'joinedAt' | 'reportedAt' | 'payout'
>;

const SEAT_COLUMNS = `"betId", "userId", role, pick, stake::text AS stake, result, "joinedAt", "reportedAt",
  payout::text AS payout`;

/**
 * A group pot's seats (bet_participants), written in the caller's transaction while it holds the bet's row
 * lock, so two writers of one pot queue on the bet and never on its seats. A seat is taken with the pot's
 * status, which a trigger keeps in step from then on (migration PotSeatsMirrorThePot). (A duel's seats are
 * kept by the trigger of migration BetParticipants instead.)
 */
@Injectable()
export class BetParticipantsRepository {
  /** The bet's seats, in the order people joined (the creator first; invitees not joined last). */
  async seatsOf(tx: TxOrManager, betId: number): Promise<Seat[]> {
    return queryIn<Seat[]>(
      tx,
      `SELECT ${SEAT_COLUMNS} FROM bet_participants WHERE "betId" = $1
        ORDER BY "joinedAt" NULLS LAST, (role = 'creator') DESC, "userId"`,
      [betId],
    );
  }

  async seatOf(tx: TxOrManager, betId: number, userId: string): Promise<Seat | null> {
    const [row] = await queryIn<Seat[]>(
      tx,
      `SELECT ${SEAT_COLUMNS} FROM bet_participants WHERE "betId" = $1 AND "userId" = $2`,
      [betId, userId],
    );
    return row ?? null;
  }

  /** Seats for `users`, joined now when `joinedAt` is given (the creator), invited otherwise. */
  async seat(
    tx: TxOrManager,
    betId: number,
    seats: {
      userId: string;
      role: ParticipantRole;
      pick: string | null;
      stake: string;
      joinedAt: Date | null;
    }[],
  ): Promise<void> {
    if (seats.length === 0) return;
    await queryIn(
      tx,
      `INSERT INTO bet_participants ("betId", "userId", role, pick, stake, "joinedAt", "potStatus")
       SELECT $1, s."userId", s.role, s.pick, s.stake, s."joinedAt", (SELECT status FROM bets WHERE id = $1)
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::numeric[], $6::timestamptz[])
              AS s("userId", role, pick, stake, "joinedAt")`,
      [
        betId,
        seats.map((seat) => seat.userId),
        seats.map((seat) => seat.role),
        seats.map((seat) => seat.pick),
        seats.map((seat) => seat.stake),
        seats.map((seat) => seat.joinedAt),
      ],
    );
  }

  /** Takes a seat with `pick`: the invitation's, or a new one for someone who came by the link. */
  async join(tx: TxOrManager, betId: number, userId: string, pick: string, stake: string, now: Date) {
    await queryIn(
      tx,
      `INSERT INTO bet_participants ("betId", "userId", role, pick, stake, "joinedAt", "potStatus")
       VALUES ($1, $2, 'player', $3, $4, $5, (SELECT status FROM bets WHERE id = $1))
       ON CONFLICT ("betId", "userId") DO UPDATE SET pick = EXCLUDED.pick, "joinedAt" = EXCLUDED."joinedAt"`,
      [betId, userId, pick, stake, now],
    );
  }

  /** Gives a seat up (a player leaving, an invitee declining). */
  async remove(tx: TxOrManager, betId: number, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM bet_participants WHERE "betId" = $1 AND "userId" = $2`, [betId, userId]);
  }

  /** For each of `betIds`, its players who have joined and not reported yet. */
  async silentPlayers(tx: TxOrManager, betIds: number[]): Promise<Map<number, string[]>> {
    const silent = new Map<number, string[]>();
    if (betIds.length === 0) return silent;
    const rows = await queryIn<{ betId: number; userId: string }[]>(
      tx,
      `SELECT "betId", "userId" FROM bet_participants
        WHERE "betId" = ANY($1::int[]) AND "joinedAt" IS NOT NULL AND result IS NULL`,
      [betIds],
    );
    for (const row of rows) silent.set(row.betId, [...(silent.get(row.betId) ?? []), row.userId]);
    return silent;
  }

  /** Records what each joined seat got back when the pot was settled (0.00 for those `payouts` leave out). */
  async recordPayouts(tx: TxOrManager, betId: number, payouts: { userId: string; amount: string }[]) {
    await queryIn(
      tx,
      `UPDATE bet_participants s
          SET payout = coalesce((SELECT p.amount FROM unnest($2::uuid[], $3::numeric[]) AS p("userId", amount)
                                  WHERE p."userId" = s."userId"), 0)
        WHERE s."betId" = $1 AND s."joinedAt" IS NOT NULL`,
      [betId, payouts.map((payout) => payout.userId), payouts.map((payout) => payout.amount)],
    );
  }

  async report(tx: TxOrManager, betId: number, userId: string, result: string, now: Date): Promise<void> {
    await queryIn(
      tx,
      `UPDATE bet_participants SET result = $3, "reportedAt" = $4 WHERE "betId" = $1 AND "userId" = $2`,
      [betId, userId, result, now],
    );
  }
}

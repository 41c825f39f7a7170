import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { User } from './user.entity.js';

/** The end of a suspension still running at `now`, as shown (ISO); null once it is over or if there is none. */
export function runningSuspension(suspendedUntil: Date | null, now: Date): string | null {
  return suspendedUntil && suspendedUntil > now ? suspendedUntil.toISOString() : null;
}

/** A person who can be challenged, with the privacy settings that say by whom. */
export type ChallengeablePerson = Pick<User, 'id' | 'privacySettings'>;

/** The account an admin acts on, locked for the rest of the transaction. */
export interface ModeratedAccount {
  id: string;
  isAdmin: boolean;
  balance: string;
  username: string | null;
  bannedAt: Date | null;
  suspendedUntil: Date | null;
}

/**
 * Where a user stands, as the rules that act on other people ask it, read in the caller's transaction so the
 * answer belongs to what they then write; and an admin's ban, suspension and their lifting. The one place
 * standing is read from or written to the users table.
 */
@Injectable()
export class AccountStanding {
  /**
   * Whether the user is under a suspension at `now` (docs/product.md §10, accounts): suspended people may
   * look but not create, accept or report bets, nor send friend requests.
   */
  async isSuspended(tx: TxOrManager, userId: string, now: Date): Promise<boolean> {
    const [row] = await queryIn<{ suspended: boolean }[]>(
      tx,
      prepared(
        `SELECT ("suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2) AS suspended FROM users WHERE id = $1`,
      ),
      [userId, now],
    );
    return row?.suspended ?? false;
  }

  /** Which of these people are under a suspension at `now`, in one statement (both parties of an accept). */
  async suspendedAmong(tx: TxOrManager, userIds: string[], now: Date): Promise<Set<string>> {
    const rows = await queryIn<{ id: string }[]>(
      tx,
      prepared(
        `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND "suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2`,
      ),
      [userIds, now],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * A challenge's two checks in one statement: whether the challenger is suspended at `now`, and the person
   * challenged if they can be (as `challengeable`).
   */
  async challengeableBy(
    tx: TxOrManager,
    creatorId: string,
    opponentId: string,
    now: Date,
  ): Promise<{ creatorSuspended: boolean; opponent: ChallengeablePerson | null }> {
    const [row] = await queryIn<{ suspended: boolean | null; id: string | null; privacySettings: unknown }[]>(
      tx,
      prepared(`SELECT (c."suspendedUntil" IS NOT NULL AND c."suspendedUntil" > $3) AS suspended, o.id, o."privacySettings"
         FROM (SELECT 1) AS one
         LEFT JOIN users c ON c.id = $1
         LEFT JOIN users o ON o.id = $2 AND o."deletedAt" IS NULL AND o."bannedAt" IS NULL`),
      [creatorId, opponentId, now],
    );
    return {
      creatorSuspended: row?.suspended ?? false,
      opponent: row?.id
        ? ({ id: row.id, privacySettings: row.privacySettings } as ChallengeablePerson)
        : null,
    };
  }

  /** Whether the person may join a pot now: not suspended, and still on the platform. One statement. */
  async standingOf(
    tx: TxOrManager,
    userId: string,
    now: Date,
  ): Promise<{ suspended: boolean; active: boolean }> {
    const [row] = await queryIn<{ suspended: boolean; active: boolean }[]>(
      tx,
      prepared(`SELECT ("suspendedUntil" IS NOT NULL AND "suspendedUntil" > $2) AS suspended,
              ("deletedAt" IS NULL AND "bannedAt" IS NULL) AS active
         FROM users WHERE id = $1`),
      [userId, now],
    );
    return { suspended: row?.suspended ?? false, active: row?.active ?? false };
  }

  /**
   * Locks the user's row for the rest of the transaction (a change of their own account, or its deletion);
   * false when there is no such undeleted user.
   */
  async lockUndeleted(tx: TxOrManager, userId: string): Promise<boolean> {
    const [user] = await queryIn<{ id: string }[]>(
      tx,
      `SELECT id FROM users WHERE id = $1 AND "deletedAt" IS NULL FOR NO KEY UPDATE`,
      [userId],
    );
    return user !== undefined;
  }

  /** Whether the person is still on the platform: neither deleted nor banned. */
  async isActive(tx: TxOrManager, userId: string): Promise<boolean> {
    const [row] = await queryIn<{ id: string }[]>(
      tx,
      prepared(
        `SELECT u.id FROM users u WHERE u.id = $1::uuid AND u."deletedAt" IS NULL AND u."bannedAt" IS NULL`,
      ),
      [userId],
    );
    return row !== undefined;
  }

  /**
   * The person, if they can be challenged at all (not deleted, not banned), with the privacy settings that
   * say from whom they accept challenges.
   */
  async challengeable(tx: TxOrManager, userId: string): Promise<Pick<User, 'id' | 'privacySettings'> | null> {
    const [person] = await queryIn<Pick<User, 'id' | 'privacySettings'>[]>(
      tx,
      prepared(
        `SELECT id, "privacySettings" FROM users WHERE id = $1 AND "deletedAt" IS NULL AND "bannedAt" IS NULL`,
      ),
      [userId],
    );
    return person ?? null;
  }

  /** The account named by id (`byId`) or username (any case), not deleted, locked for the transaction. */
  async lockForAdmin(tx: TxOrManager, who: string, byId: boolean): Promise<ModeratedAccount | undefined> {
    const [account] = await queryIn<ModeratedAccount[]>(
      tx,
      `SELECT id, "isAdmin", balance::text, username, "bannedAt", "suspendedUntil" FROM users
        WHERE ${byId ? 'id = $1::uuid' : 'lower(username) = lower($1)'} AND "deletedAt" IS NULL
        FOR NO KEY UPDATE`,
      [who],
    );
    return account;
  }

  /** Sets or clears a ban or a suspension (an admin's decision, made under lockForAdmin). */
  async setStanding(
    tx: TxOrManager,
    userId: string,
    changes: { bannedAt?: Date | null; suspendedUntil?: Date | null },
  ): Promise<void> {
    await managerOf(tx).update(User, { id: userId }, changes);
  }

  /**
   * Ends up to `batch` suspensions due at `now`, skipping rows someone is changing right now (they are picked
   * up next time), and says when each was to end.
   */
  liftDueSuspensions(
    tx: TxOrManager,
    now: Date,
    batch: number,
  ): Promise<{ id: string; suspendedUntil: Date }[]> {
    return queryIn<{ id: string; suspendedUntil: Date }[]>(
      tx,
      `WITH due AS (
         SELECT id, "suspendedUntil" FROM users
          WHERE "suspendedUntil" IS NOT NULL AND "suspendedUntil" <= $1
          ORDER BY id LIMIT $2 FOR NO KEY UPDATE SKIP LOCKED),
       lifted AS (
         UPDATE users u SET "suspendedUntil" = NULL FROM due WHERE u.id = due.id
         RETURNING u.id, due."suspendedUntil")
       SELECT id, "suspendedUntil" FROM lifted`,
      [now, batch],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import { User } from './user.entity.js';

/** The end of a suspension still running at `now`, as shown (ISO); null once it is over or if there is none. */
export function runningSuspension(suspendedUntil: Date | null, now: Date): string | null {
  return suspendedUntil && suspendedUntil > now ? suspendedUntil.toISOString() : null;
}

/**
 * Where a user stands, as the rules that act on other people ask it, read in the caller's transaction so the
 * answer belongs to what they then write. The one place these rules read the users table.
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
}

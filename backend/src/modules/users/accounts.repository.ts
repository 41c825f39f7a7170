import { Injectable } from '@nestjs/common';
import { cursorTime } from '../../common/http/cursor.js';
import { queryIn } from '../../database/query-in.js';
import { ReadPool } from '../../database/read-pool.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { User } from './user.entity.js';

/** An account as the admin panel lists it, with its createdAt to the microsecond for the page cursor. */
export type AccountListRow = Pick<
  User,
  | 'id'
  | 'username'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'isAdmin'
  | 'profileCompleted'
  | 'bannedAt'
  | 'suspendedUntil'
  | 'createdAt'
> & { balance: string; cursorAt: string };

/**
 * The account row as other modules change it: settings (the profile, privacy, the password), pictures (the
 * picture's address) and account deletion (the tombstone); and the admin panel's list of accounts. Writes run
 * in the caller's transaction; it decides nothing.
 */
@Injectable()
export class AccountsRepository {
  constructor(private readonly reads: ReadPool) {}

  /**
   * Accounts whose name or email starts with `term` (already lower-cased and LIKE-escaped), newest first, after
   * the (createdAt, id) `after` when given: one page of `limit` rows, read along IDX_users_created.
   */
  adminPage(
    term: string,
    limit: number,
    after: readonly [string, string] | null = null,
  ): Promise<AccountListRow[]> {
    return this.reads.rows<AccountListRow>(
      `SELECT id, username, email, "firstName", "lastName", balance::text, "isAdmin", "profileCompleted", "bannedAt",
              "suspendedUntil", "createdAt", ${cursorTime('"createdAt"')} AS "cursorAt"
         FROM users
        WHERE "deletedAt" IS NULL
          AND ($1 = '' OR lower(username) LIKE $1 || '%' OR lower(email) LIKE $1 || '%'
               OR lower("firstName") LIKE $1 || '%' OR lower("lastName") LIKE $1 || '%')
          AND ($3::timestamptz IS NULL OR ("createdAt", id) < ($3::timestamptz, $4::uuid))
        ORDER BY "createdAt" DESC, id DESC LIMIT $2`,
      [term, limit, after?.[0] ?? null, after?.[1] ?? null],
    );
  }

  /** The user's row as it stands; the caller has locked it (AccountStanding.lockUndeleted). */
  rowOf(tx: TxOrManager, userId: string): Promise<User | null> {
    return managerOf(tx).getRepository(User).findOneBy({ id: userId });
  }

  /** Writes the given columns (a unique violation, such as a taken username, is thrown as it comes). */
  async update(tx: TxOrManager, userId: string, changes: Partial<User>): Promise<void> {
    await managerOf(tx).getRepository(User).update({ id: userId }, changes);
  }

  /** Merged into the stored settings in SQL, so a concurrent change of another field is not lost. */
  async mergePrivacy(tx: TxOrManager, userId: string, patch: Record<string, unknown>): Promise<void> {
    await queryIn(
      tx,
      `UPDATE users SET "privacySettings" = "privacySettings" || $2::jsonb, "updatedAt" = now() WHERE id = $1`,
      [userId, JSON.stringify(patch)],
    );
  }

  /** The undeleted user's password hash (null for an identity-provider account); `undefined`: no such user. */
  async passwordOf(tx: TxOrManager, userId: string): Promise<{ password: string | null } | undefined> {
    const [row] = await queryIn<{ password: string | null }[]>(
      tx,
      `SELECT password FROM users WHERE id = $1 AND "deletedAt" IS NULL`,
      [userId],
    );
    return row;
  }

  /** Sets the new hash only where the old one is still stored; answers how many rows changed (0 or 1). */
  async replacePassword(tx: TxOrManager, userId: string, hash: string, previous: string): Promise<number> {
    const [, changed] = await queryIn<[unknown[], number]>(
      tx,
      `UPDATE users SET password = $2, "updatedAt" = now() WHERE id = $1 AND password = $3 AND "deletedAt" IS NULL`,
      [userId, hash, previous],
    );
    return changed;
  }

  /** The address of the person's picture, kept on the row so that every read of a person has it. */
  async setPictureAddress(tx: TxOrManager, userId: string, url: string): Promise<void> {
    await queryIn(tx, `UPDATE users SET "profileImageUrl" = $2, "updatedAt" = now() WHERE id = $1`, [
      userId,
      url,
    ]);
  }

  async clearPictureAddress(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(
      tx,
      `UPDATE users SET "profileImageUrl" = NULL, "updatedAt" = now()
        WHERE id = $1 AND "profileImageUrl" IS NOT NULL`,
      [userId],
    );
  }

  /**
   * The row made an anonymised tombstone: everything personal and every credential nulled, `deletedAt` set;
   * ledger, bet and audit rows keep pointing at it.
   */
  async anonymise(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(
      tx,
      `UPDATE users
          SET email = 'deleted-' || id || '@deleted.invalid',
              "firstName" = NULL, "lastName" = NULL, username = NULL, "phoneNumber" = NULL, birthday = NULL,
              state = NULL, "profileImageUrl" = NULL, password = NULL, "isAdmin" = false,
              "twoFactorEnabled" = false, "twoFactorSecret" = NULL, "twoFactorLastStep" = NULL,
              "emailVerificationCode" = NULL, "emailVerificationToken" = NULL, "emailVerificationExpires" = NULL,
              "oidcIssuer" = NULL, "oidcSubject" = NULL,
              "deletedAt" = now(), "updatedAt" = now()
        WHERE id = $1`,
      [userId],
    );
  }
}

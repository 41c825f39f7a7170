import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { User } from '../users/index.js';

/** The account's own row as settings and account deletion change it. */
@Injectable()
export class SettingsRepository {
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

import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { User } from './user.entity.js';

/** A user as a password reset or an email confirmation finds them. */
export interface VerificationState {
  email: string;
  isEmailVerified: boolean;
  emailVerificationExpires: Date | null;
}

/**
 * The account row's credentials as auth finds, creates and changes them: sign-up, login, an identity
 * provider's account, email confirmation, the new password of a reset, the second factor. Auth decides; this
 * only says it to PostgreSQL, in the caller's transaction.
 */
@Injectable()
export class CredentialsRepository {
  /** Whether an account already uses the email or the username (either case). */
  async taken(
    tx: TxOrManager,
    email: string,
    username: string,
  ): Promise<{ email: boolean; username: boolean } | undefined> {
    const taken = await queryIn<{ email: boolean; username: boolean }[]>(
      tx,
      `SELECT bool_or(lower(email) = lower($1)) AS email, bool_or(lower(username) = lower($2)) AS username
         FROM users WHERE lower(email) = lower($1) OR lower(username) = lower($2)`,
      [email, username],
    );
    return taken[0];
  }

  /** A new user row with a zero balance (the ledger posts the starting bonus). */
  insertUser(
    tx: TxOrManager,
    fields: Omit<Partial<User>, 'id' | 'balance'> & Pick<User, 'email' | 'authProvider'>,
  ): Promise<User> {
    const users = managerOf(tx).getRepository(User);
    return users.save(users.create({ ...fields, balance: '0.00' }));
  }

  /** The undeleted account with this email or username (lower-cased), with its password hash. */
  findForLogin(tx: TxOrManager, identifier: string): Promise<User | null> {
    return managerOf(tx)
      .getRepository(User)
      .createQueryBuilder('user')
      .addSelect('user.password')
      .where('(lower(user.email) = :identifier OR lower(user.username) = :identifier)', { identifier })
      .andWhere('user.deletedAt IS NULL')
      .getOne();
  }

  async makeAdmin(tx: TxOrManager, userId: string): Promise<void> {
    await managerOf(tx).getRepository(User).update({ id: userId }, { isAdmin: true });
  }

  /** How many accounts use the email (any case). */
  countEmail(tx: TxOrManager, email: string): Promise<number> {
    return managerOf(tx)
      .getRepository(User)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getCount();
  }

  findByIdentity(tx: TxOrManager, issuer: string, subject: string): Promise<User | null> {
    return managerOf(tx)
      .getRepository(User)
      .findOne({ where: { oidcIssuer: issuer, oidcSubject: subject } });
  }

  /** The live (not deleted, not banned) account using the address. */
  async liveAccountByEmail(
    tx: TxOrManager,
    email: string,
  ): Promise<{ id: string; email: string } | undefined> {
    const rows = await queryIn<{ id: string; email: string }[]>(
      tx,
      `SELECT id, email FROM users
        WHERE lower(email) = lower($1) AND "deletedAt" IS NULL AND "bannedAt" IS NULL LIMIT 1`,
      [email],
    );
    return rows[0];
  }

  /** The new password; receiving the mailed link proved the address too. */
  async setPasswordVerified(tx: TxOrManager, userId: string, hash: string): Promise<void> {
    await queryIn(
      tx,
      `UPDATE users SET password = $2, "isEmailVerified" = true, "updatedAt" = now() WHERE id = $1`,
      [userId, hash],
    );
  }

  async verificationStateOf(tx: TxOrManager, userId: string): Promise<VerificationState | undefined> {
    const rows = await queryIn<VerificationState[]>(
      tx,
      `SELECT email, "isEmailVerified", "emailVerificationExpires" FROM users WHERE id = $1 AND "deletedAt" IS NULL`,
      [userId],
    );
    return rows[0];
  }

  async setVerificationToken(
    tx: TxOrManager,
    userId: string,
    secretHash: string,
    expires: Date,
  ): Promise<void> {
    await queryIn(
      tx,
      `UPDATE users SET "emailVerificationToken" = $2, "emailVerificationExpires" = $3 WHERE id = $1`,
      [userId, secretHash, expires],
    );
  }

  /** The current confirmation token's hash of an undeleted user, while it has not expired. */
  async verificationTokenOf(
    tx: TxOrManager,
    userId: string,
    now: Date,
  ): Promise<{ emailVerificationToken: string | null } | undefined> {
    const rows = await queryIn<{ emailVerificationToken: string | null }[]>(
      tx,
      `SELECT "emailVerificationToken" FROM users
        WHERE id = $1 AND "deletedAt" IS NULL AND "emailVerificationExpires" > $2`,
      [userId, now],
    );
    return rows[0];
  }

  /** Marks the address confirmed, conditional on the same token (a link replaced meanwhile does not count). */
  async confirmEmail(tx: TxOrManager, userId: string, token: string | null): Promise<void> {
    await queryIn(
      tx,
      `UPDATE users SET "isEmailVerified" = true, "emailVerificationToken" = NULL, "emailVerificationExpires" = NULL
        WHERE id = $1 AND "emailVerificationToken" = $2`,
      [userId, token],
    );
  }

  /** The second factor's state on the account: whether it is on, its secret, the last time step used. */
  twoFactorOf(
    tx: TxOrManager,
    userId: string,
  ): Promise<Pick<User, 'id' | 'twoFactorEnabled' | 'twoFactorSecret' | 'twoFactorLastStep'> | null> {
    return managerOf(tx)
      .getRepository(User)
      .findOne({
        where: { id: userId },
        select: { id: true, twoFactorEnabled: true, twoFactorSecret: true, twoFactorLastStep: true },
      });
  }

  /** Turns the second factor on (with its secret and first step) or off (all three cleared). */
  async setTwoFactor(
    tx: TxOrManager,
    userId: string,
    fields: Pick<User, 'twoFactorEnabled' | 'twoFactorSecret' | 'twoFactorLastStep'>,
  ): Promise<void> {
    await managerOf(tx).getRepository(User).update({ id: userId }, fields);
  }

  /**
   * Records `step` as the last one used, only if it is newer than the stored one; how many rows changed
   * (0: a racing login used it, or a later one, first).
   */
  async advanceTwoFactorStep(tx: TxOrManager, userId: string, step: number): Promise<number> {
    const result = await managerOf(tx)
      .getRepository(User)
      .createQueryBuilder()
      .update()
      .set({ twoFactorLastStep: String(step) })
      .where('id = :id AND ("twoFactorLastStep" IS NULL OR "twoFactorLastStep" < :step)', {
        id: userId,
        step,
      })
      .execute();
    return result.affected ?? 0;
  }
}

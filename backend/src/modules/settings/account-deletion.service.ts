import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-error.js';
import { inTransaction } from '../../database/in-transaction.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { AccountEmailService, PasswordHasher, SessionStore } from '../auth/index.js';
import { FriendsRepository } from '../friends/index.js';
import { AccountDeletionParticipants } from '../users/index.js';

/**
 * Deletes an account per docs/product.md §10 (accounts), in one transaction:
 * 1. the user's row is locked (a second, racing deletion waits and then finds nothing to do);
 * 2. every registered AccountDeletionParticipant runs (bets: pending bets cancelled and refunded,
 *    active/disputed bets voided with refunds to both sides) — the extension point for features;
 * 3. friendships and password reset links are dropped (by the friends and auth modules that own them);
 * 4. personal data is removed: the row stays as an anonymised tombstone (email
 *    `deleted-<id>@deleted.invalid`, everything personal and every credential nulled, `deletedAt` set),
 *    so ledger, bet and audit rows keep pointing somewhere and no money or history is lost.
 * After the commit every session of the user ends, so every token is refused at once.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly participants: AccountDeletionParticipants,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly friendships: FriendsRepository,
    private readonly accountEmails: AccountEmailService,
  ) {}

  /** The user deleting themself: a password account must confirm with its password. */
  async deleteOwnAccount(userId: string, password: string | undefined): Promise<void> {
    const [row] = await this.dataSource.query<{ password: string | null }[]>(
      `SELECT password FROM users WHERE id = $1 AND "deletedAt" IS NULL`,
      [userId],
    );
    if (!row) throw new NotFoundError('User not found', 'user_not_found');
    if (row.password !== null) {
      if (!password) {
        throw new BadRequestError('Enter your password to delete your account', 'password_required', {
          password: 'Enter your password to delete your account',
        });
      }
      if (!(await this.hasher.verify(row.password, password))) {
        throw new BadRequestError('Password is incorrect', 'wrong_password', {
          password: 'Password is incorrect',
        });
      }
    }
    await inTransaction(this.dataSource, async (manager) => {
      const [locked] = await manager.query<{ id: string }[]>(
        `SELECT id FROM users WHERE id = $1 AND "deletedAt" IS NULL FOR NO KEY UPDATE`,
        [userId],
      );
      if (!locked) throw new NotFoundError('User not found', 'user_not_found');
      await this.deleteWithin(manager, userId);
    });
    await this.sessions.destroyAllFor(userId);
  }

  /**
   * The deletion steps, inside a caller's transaction that has already locked the user's row and
   * checked it is not deleted (the admin panel uses this too). The caller ends the sessions after commit.
   */
  async deleteWithin(tx: TxOrManager, userId: string): Promise<void> {
    const manager = managerOf(tx);
    for (const participant of this.participants.all()) {
      await participant.run(manager, userId);
    }
    await this.friendships.dropAllOf(manager, userId);
    await this.accountEmails.dropResetTokensOf(manager, userId);
    await manager.query(
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

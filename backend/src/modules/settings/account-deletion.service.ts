import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-error.js';
import { Transactor, type TxOrManager } from '../../database/transactor.js';
import { AccountEmailService, PasswordHasher, SessionStore } from '../auth/index.js';
import { FriendsRepository } from '../friends/index.js';
import { AccountDeletionParticipants, AccountsRepository, AccountStanding } from '../users/index.js';

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
    private readonly transactor: Transactor,
    private readonly account: AccountsRepository,
    private readonly participants: AccountDeletionParticipants,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly friendships: FriendsRepository,
    private readonly accountEmails: AccountEmailService,
    private readonly standing: AccountStanding,
  ) {}

  /** The user deleting themself: a password account must confirm with its password. */
  async deleteOwnAccount(userId: string, password: string | undefined): Promise<void> {
    const row = await this.transactor.read((tx) => this.account.passwordOf(tx, userId));
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
    await this.transactor.run(async (tx) => {
      if (!(await this.standing.lockUndeleted(tx, userId))) {
        throw new NotFoundError('User not found', 'user_not_found');
      }
      await this.deleteWithin(tx, userId);
    });
    await this.sessions.destroyAllFor(userId);
  }

  /**
   * The deletion steps, inside a caller's transaction that has already locked the user's row and
   * checked it is not deleted (the admin panel uses this too). The caller ends the sessions after commit.
   */
  async deleteWithin(tx: TxOrManager, userId: string): Promise<void> {
    for (const participant of this.participants.all()) {
      await participant.run(tx, userId);
    }
    await this.friendships.dropAllOf(tx, userId);
    await this.accountEmails.dropResetTokensOf(tx, userId);
    await this.account.anonymise(tx, userId);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { BadRequestError } from '../../common/errors/domain-error.js';
import { inTransaction } from '../../database/in-transaction.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionStore } from '../auth/session-store.js';
import { BetsService } from '../bets/bets.service.js';
import { UsersService } from '../users/users.service.js';

/**
 * Deletes an account per DESIGN §5 in one transaction: open bets voided with every stake refunded,
 * personal data removed, friendships dropped; the row stays as an anonymised tombstone so ledger and
 * audit rows keep pointing somewhere. Sessions end at once.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bets: BetsService,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
  ) {}

  async deleteOwnAccount(userId: string, password: string | undefined): Promise<void> {
    await this.users.findActive(userId);
    const [row] = await this.dataSource.query<{ password: string | null }[]>(
      `SELECT password FROM users WHERE id = $1`,
      [userId],
    );
    if (row?.password && !(password && (await this.hasher.verify(row.password, password)))) {
      throw new BadRequestError('Password is incorrect', 'wrong_password', {
        password: 'Password is incorrect',
      });
    }
    await inTransaction(this.dataSource, (manager) => this.deleteWithin(manager, userId));
    await this.sessions.destroyAllFor(userId);
  }

  /** The deletion steps, inside a caller's transaction (the admin panel uses this too). */
  async deleteWithin(manager: EntityManager, userId: string): Promise<void> {
    await this.bets.voidOpenBetsOf(manager, userId);
    await manager.query(`DELETE FROM friendships WHERE "requesterId" = $1 OR "addresseeId" = $1`, [userId]);
    await manager.query(
      `UPDATE users SET email = 'deleted-' || id || '@deleted.invalid', "firstName" = NULL, "lastName" = NULL, username = NULL,
              "phoneNumber" = NULL, birthday = NULL, state = NULL, "profileImageUrl" = NULL, password = NULL,
              "twoFactorEnabled" = false, "twoFactorSecret" = NULL, "twoFactorLastStep" = NULL,
              "emailVerificationCode" = NULL, "emailVerificationToken" = NULL, "oidcIssuer" = NULL, "oidcSubject" = NULL,
              "deletedAt" = now()
        WHERE id = $1`,
      [userId],
    );
  }
}

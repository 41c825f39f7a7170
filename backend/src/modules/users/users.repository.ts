import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { queryIn } from '../../database/query-in.js';
import { ReadPool } from '../../database/read-pool.js';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import type { SummarisableUser } from './privacy.js';
import { User } from './user.entity.js';

/** A person as `UsersService.people` reads them: what privacy decisions and summaries need. */
export type PersonRow = SummarisableUser;

/** What the self view shows of the account. */
export type SelfViewRow = Pick<
  User,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'username'
  | 'phoneNumber'
  | 'birthday'
  | 'state'
  | 'balance'
  | 'profileImageUrl'
  | 'isAdmin'
  | 'profileCompleted'
  | 'createdAt'
  | 'emailNotifications'
  | 'pushNotifications'
  | 'privacySettings'
  | 'twoFactorEnabled'
  | 'isEmailVerified'
  | 'authProvider'
  | 'suspendedUntil'
>;

// Exactly SelfViewRow's columns; won and lost from bets' published bet_records.
const SELF_VIEW = `SELECT u.id, u."firstName", u."lastName", u.email, u.username, u."phoneNumber", u.birthday, u.state,
    u.balance, u."profileImageUrl", u."isAdmin", u."profileCompleted", u."createdAt", u."emailNotifications",
    u."pushNotifications", u."privacySettings", u."twoFactorEnabled", u."isEmailVerified", u."authProvider",
    u."suspendedUntil", s.won, s.lost
  FROM users u LEFT JOIN bet_records s ON s."userId" = u.id
  WHERE u.id = $1 AND u."deletedAt" IS NULL`;

/** The users table as the users module reads it; the standing checks are AccountStanding's. */
@Injectable()
export class UsersRepository {
  constructor(private readonly reads: ReadPool) {}

  /** The account unless deleted. */
  findActive(tx: TxOrManager, id: string): Promise<User | null> {
    return managerOf(tx)
      .getRepository(User)
      .findOne({ where: { id, deletedAt: IsNull() } });
  }

  /** These people (distinct ids, at least one) unless deleted, as other modules show them. */
  people(tx: TxOrManager, ids: readonly string[]): Promise<PersonRow[]> {
    const sql = `SELECT id, username, "firstName", "lastName", "profileImageUrl", "privacySettings"
                   FROM users WHERE id = ANY($1::uuid[]) AND "deletedAt" IS NULL`;
    return queryIn<PersonRow[]>(tx, sql, [ids]);
  }

  /** The self view's row with the won and lost counters: one lean statement on the hot path (ReadPool). */
  async selfView(
    id: string,
  ): Promise<(SelfViewRow & { won: number | null; lost: number | null }) | undefined> {
    const [row] = await this.reads.rows<SelfViewRow & { won: number | null; lost: number | null }>(
      SELF_VIEW,
      [id],
    );
    return row;
  }
}

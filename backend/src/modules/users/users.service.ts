import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { ReadPool } from '../../database/read-pool.js';
import { NotFoundError } from '../../common/errors/domain-error.js';
import type { SelfUserDto } from './dto/self-user.dto.js';
import { runningSuspension } from './account-standing.js';
import { User } from './user.entity.js';
import type { SummarisableUser } from './privacy.js';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';

/** A person as `UsersService.people` reads them: what privacy decisions and summaries need. */
export type PersonRow = SummarisableUser;

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly reads: ReadPool,
  ) {}

  async findActive(id: string): Promise<User> {
    const user = await this.users.findOne({ where: { id, deletedAt: IsNull() } });
    if (!user) throw new NotFoundError('User not found', 'user_not_found');
    return user;
  }

  /**
   * People as other modules show them (names, picture, privacy settings), in one query; deleted accounts
   * are left out. In `tx` when the caller holds a transaction.
   */
  async people(ids: readonly string[], tx?: TxOrManager): Promise<PersonRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const sql = `SELECT id, username, "firstName", "lastName", "profileImageUrl", "privacySettings"
                   FROM users WHERE id = ANY($1::uuid[]) AND "deletedAt" IS NULL`;
    return tx ? queryIn<PersonRow[]>(tx, sql, [unique]) : this.users.query<PersonRow[]>(sql, [unique]);
  }

  /** The user's own view with their won/lost counts: one lean query on the hot path (see ReadPool). */
  async selfView(id: string): Promise<SelfUserDto> {
    const [row] = await this.reads.rows<SelfViewRow & { won: number | null; lost: number | null }>(
      SELF_VIEW,
      [id],
    );
    if (!row) throw new NotFoundError('User not found', 'user_not_found');
    return toSelfView(row, row.won ?? 0, row.lost ?? 0);
  }
}

/** What the self view shows of the account. */
type SelfViewRow = Pick<
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

// Exactly SelfViewRow's columns; the counters are kept by a trigger when bets settle (migration UserBetStats).
const SELF_VIEW = `SELECT u.id, u."firstName", u."lastName", u.email, u.username, u."phoneNumber", u.birthday, u.state,
    u.balance, u."profileImageUrl", u."isAdmin", u."profileCompleted", u."createdAt", u."emailNotifications",
    u."pushNotifications", u."privacySettings", u."twoFactorEnabled", u."isEmailVerified", u."authProvider",
    u."suspendedUntil", s.won, s.lost
  FROM users u LEFT JOIN user_bet_stats s ON s."userId" = u.id
  WHERE u.id = $1 AND u."deletedAt" IS NULL`;

export function toSelfView(user: SelfViewRow, totalBetsWon = 0, totalBetsLost = 0): SelfUserDto {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    phoneNumber: user.phoneNumber,
    birthday: user.birthday ? user.birthday.toISOString() : null,
    state: user.state,
    balance: user.balance,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
    profileCompleted: user.profileCompleted,
    createdAt: user.createdAt.toISOString(),
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
    // The stored jsonb carries allowChallengesFrom only once it was set; never set means everyone.
    privacySettings: { allowChallengesFrom: 'everyone', ...user.privacySettings },
    twoFactorEnabled: user.twoFactorEnabled,
    isEmailVerified: user.isEmailVerified,
    totalBetsWon,
    totalBetsLost,
    authProvider: user.authProvider === 'oidc' ? 'oidc' : 'manual',
    suspendedUntil: runningSuspension(user.suspendedUntil, new Date()),
  };
}

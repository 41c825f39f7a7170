import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors/domain-error.js';
import { Transactor, type TxOrManager } from '../../database/transactor.js';
import type { SelfUserDto } from './dto/self-user.dto.js';
import { runningSuspension } from './account-standing.js';
import type { User } from './user.entity.js';
import { type PersonRow, type SelfViewRow, UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly transactor: Transactor,
    private readonly users: UsersRepository,
  ) {}

  async findActive(id: string): Promise<User> {
    const user = await this.transactor.read((tx) => this.users.findActive(tx, id));
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
    return tx
      ? this.users.people(tx, unique)
      : this.transactor.read((outside) => this.users.people(outside, unique));
  }

  /** The user's own view with their won/lost counts: one lean statement on the hot path (UsersRepository). */
  async selfView(id: string): Promise<SelfUserDto> {
    const row = await this.users.selfView(id);
    if (!row) throw new NotFoundError('User not found', 'user_not_found');
    return toSelfView(row, row.won ?? 0, row.lost ?? 0);
  }
}

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

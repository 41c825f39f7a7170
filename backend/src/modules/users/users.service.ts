import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { NotFoundError } from '../../common/errors/domain-error.js';
import type { SelfUserDto } from './dto/self-user.dto.js';
import { User } from './user.entity.js';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async findActive(id: string): Promise<User> {
    const user = await this.users.findOne({ where: { id, deletedAt: IsNull() } });
    if (!user) throw new NotFoundError('User not found', 'user_not_found');
    return user;
  }

  /** The user's own view, with their won/lost counts (one query). */
  async selfView(id: string): Promise<SelfUserDto> {
    // Counters kept by a trigger when bets settle (migration UserBetStats), read in parallel with the user.
    const [user, [counts]] = await Promise.all([
      this.findActive(id),
      this.users.query<{ won: number; lost: number }[]>(
        `SELECT won, lost FROM user_bet_stats WHERE "userId" = $1`,
        [id],
      ),
    ]);
    return toSelfView(user, counts?.won ?? 0, counts?.lost ?? 0);
  }
}

export function toSelfView(user: User, totalBetsWon = 0, totalBetsLost = 0): SelfUserDto {
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
    totalBetsWon,
    totalBetsLost,
    authProvider: user.authProvider === 'oidc' ? 'oidc' : 'manual',
    suspendedUntil:
      user.suspendedUntil && user.suspendedUntil > new Date() ? user.suspendedUntil.toISOString() : null,
  };
}

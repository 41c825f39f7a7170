import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { BadRequestError, ConflictError } from '../../common/errors/domain-error.js';
import { AuthService, type SignedIn } from '../auth/auth.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionStore } from '../auth/session-store.js';
import type { SelfUserDto } from '../users/dto/self-user.dto.js';
import { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import type {
  NotificationSettingsDto,
  PrivacySettingsInputDto,
  UpdateProfileDto,
} from './dto/settings.dto.js';

/** Generated-avatar services the client uses; no uploads, so nothing else is accepted (spec §2). */
export const AVATAR_PREFIXES = ['https://api.dicebear.com/', 'https://ui-avatars.com/api/'];
const EXPORT_LIMIT = 10_000;

@Injectable()
export class SettingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly auth: AuthService,
  ) {}

  async updateProfile(userId: string, input: UpdateProfileDto): Promise<SelfUserDto> {
    const user = await this.users.findActive(userId);
    if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new BadRequestError('Email cannot be changed', 'email_immutable', {
        email: 'Email cannot be changed',
      });
    }
    if (input.profileImageUrl !== undefined) assertAvatar(input.profileImageUrl);
    const next: Partial<User> = {
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(input.username !== undefined ? { username: input.username } : {}),
      ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber || null } : {}),
      ...(input.birthday !== undefined ? { birthday: new Date(input.birthday) } : {}),
      ...(input.state !== undefined ? { state: input.state } : {}),
      ...(input.profileImageUrl !== undefined ? { profileImageUrl: input.profileImageUrl } : {}),
    };
    const merged = { ...user, ...next };
    // An identity-provider account becomes complete once the sign-up fields are all there.
    next.profileCompleted = Boolean(
      merged.firstName && merged.lastName && merged.username && merged.birthday && merged.state,
    );
    try {
      await this.dataSource.getRepository(User).update({ id: userId }, next);
    } catch (error) {
      const constraint =
        error instanceof QueryFailedError
          ? (error.driverError as { constraint?: string }).constraint
          : undefined;
      if (constraint === 'UQ_users_username_lower') {
        throw new ConflictError('This username is already taken', 'username_taken', {
          username: 'This username is already taken',
        });
      }
      throw error;
    }
    return this.users.selfView(userId);
  }

  async updateImage(userId: string, imageUrl: string): Promise<SelfUserDto> {
    assertAvatar(imageUrl);
    await this.users.findActive(userId);
    await this.dataSource.getRepository(User).update({ id: userId }, { profileImageUrl: imageUrl });
    return this.users.selfView(userId);
  }

  async updateNotifications(userId: string, input: NotificationSettingsDto): Promise<SelfUserDto> {
    await this.users.findActive(userId);
    const changes: Partial<User> = {
      ...(input.emailNotifications !== undefined ? { emailNotifications: input.emailNotifications } : {}),
      ...(input.pushNotifications !== undefined ? { pushNotifications: input.pushNotifications } : {}),
    };
    if (Object.keys(changes).length > 0)
      await this.dataSource.getRepository(User).update({ id: userId }, changes);
    return this.users.selfView(userId);
  }

  /** Merged into the stored settings in SQL, so a concurrent change of another field is not lost. */
  async updatePrivacy(userId: string, input: PrivacySettingsInputDto): Promise<SelfUserDto> {
    await this.users.findActive(userId);
    const patch = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    await this.dataSource.query(
      `UPDATE users SET "privacySettings" = "privacySettings" || $2::jsonb WHERE id = $1`,
      [userId, JSON.stringify(patch)],
    );
    return this.users.selfView(userId);
  }

  /** Every existing session (and so every token) ends; the caller gets a fresh one. */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<SignedIn> {
    const [row] = await this.dataSource.query<{ password: string | null }[]>(
      `SELECT password FROM users WHERE id = $1 AND "deletedAt" IS NULL`,
      [userId],
    );
    if (!row?.password) {
      throw new BadRequestError(
        'This account signs in with an identity provider and has no password to change',
        'no_password',
      );
    }
    if (!(await this.hasher.verify(row.password, currentPassword))) {
      throw new BadRequestError('Current password is incorrect', 'wrong_password', {
        currentPassword: 'Current password is incorrect',
      });
    }
    await this.dataSource
      .getRepository(User)
      .update({ id: userId }, { password: await this.hasher.hash(newPassword) });
    await this.sessions.destroyAllFor(userId);
    return this.auth.startSession(userId, 'password');
  }

  /** The user's own data, one bounded query per list; never a hash, secret or code. */
  async exportData(userId: string): Promise<Record<string, unknown>> {
    const profile = await this.users.selfView(userId);
    const list = (sql: string) => this.dataSource.query<unknown[]>(`${sql} LIMIT ${EXPORT_LIMIT}`, [userId]);
    return {
      exportedAt: new Date().toISOString(),
      profile,
      ledger: await list(
        `SELECT id::text, type, amount::text, "balanceBefore"::text, "balanceAfter"::text, "referenceType", "referenceId", description, "createdAt"
           FROM transactions WHERE "userId" = $1 ORDER BY id`,
      ),
      bets: await list(
        `SELECT id, title, description, amount::text, "creatorId", "opponentId", status, outcomes, "creatorPick", "opponentPick",
                "creatorResult", "opponentResult", "finalResult", "winnerUserId", "resolutionType", "createdAt", "expiresAt", "resolutionDate"
           FROM bets WHERE "creatorId" = $1 OR "opponentId" = $1 ORDER BY id`,
      ),
      activities: await list(
        `SELECT id, "betId", "activityType", description, "createdAt" FROM bet_activities WHERE "userId" = $1 ORDER BY id`,
      ),
      friendships: await list(
        `SELECT id, "requesterId", "addresseeId", status, "createdAt" FROM friendships WHERE "requesterId" = $1 OR "addresseeId" = $1 ORDER BY "createdAt"`,
      ),
    };
  }
}

function assertAvatar(url: string): void {
  if (!AVATAR_PREFIXES.some((prefix) => url.startsWith(prefix)) || /[\s"'<>]/.test(url)) {
    throw new BadRequestError('The picture must be a generated avatar address', 'invalid_avatar', {
      imageUrl: 'The picture must be a generated avatar address',
    });
  }
}

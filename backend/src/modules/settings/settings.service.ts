import { Injectable } from '@nestjs/common';
import { BadRequestError, ConflictError, NotFoundError } from '../../common/errors/domain-error.js';
import { violatedConstraint } from '../../database/query-errors.js';
import { Transactor } from '../../database/transactor.js';
import { AuthService, PasswordHasher, SessionStore, type SignedIn } from '../auth/index.js';
import { BetsExport } from '../bets/index.js';
import { FriendsRepository } from '../friends/index.js';
import { AccountsRepository, AccountStanding, type SelfUserDto, User, UsersService } from '../users/index.js';
import { WalletReadService } from '../wallet/index.js';
import type { AccountExportDto } from './dto/account-export.dto.js';
import type {
  NotificationSettingsDto,
  PrivacySettingsInputDto,
  UpdateProfileDto,
} from './dto/settings.dto.js';

const EXPORT_LIMIT = 10_000;

@Injectable()
export class SettingsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly account: AccountsRepository,
    private readonly standing: AccountStanding,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly auth: AuthService,
    private readonly ledger: WalletReadService,
    private readonly bets: BetsExport,
    private readonly friendships: FriendsRepository,
  ) {}

  /**
   * Applies the fields that are present. Once first and last name, username, birthday and state are
   * all set the profile counts as completed (what an identity-provider account lacks at first).
   */
  async updateProfile(userId: string, input: UpdateProfileDto): Promise<SelfUserDto> {
    const birthday = input.birthday !== undefined ? pastDate(input.birthday) : undefined;
    await this.transactor.run(async (tx) => {
      const user = (await this.standing.lockUndeleted(tx, userId))
        ? await this.account.rowOf(tx, userId)
        : null;
      if (!user) throw new NotFoundError('User not found', 'user_not_found');
      if (
        input.email !== undefined &&
        input.email !== null &&
        input.email.toLowerCase() !== user.email.toLowerCase()
      ) {
        throw new BadRequestError('Email cannot be changed', 'email_immutable', {
          email: 'Email cannot be changed',
        });
      }
      const next: Partial<User> = {
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber || null } : {}),
        ...(birthday !== undefined ? { birthday } : {}),
        ...(input.state !== undefined ? { state: input.state } : {}),
      };
      const merged = { ...user, ...next };
      next.profileCompleted = Boolean(
        merged.firstName && merged.lastName && merged.username && merged.birthday && merged.state,
      );
      try {
        await this.account.update(tx, userId, next);
      } catch (error) {
        // The case-insensitive unique index is the one judge of "taken", races included.
        if (violatedConstraint(error) === 'UQ_users_username_lower') throw usernameTaken();
        throw error;
      }
    });
    return this.users.selfView(userId);
  }

  async updateNotifications(userId: string, input: NotificationSettingsDto): Promise<SelfUserDto> {
    await this.users.findActive(userId);
    const changes: Partial<User> = {
      ...(input.emailNotifications !== undefined ? { emailNotifications: input.emailNotifications } : {}),
      ...(input.pushNotifications !== undefined ? { pushNotifications: input.pushNotifications } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await this.transactor.read((tx) => this.account.update(tx, userId, changes));
    }
    return this.users.selfView(userId);
  }

  /** Merged into the stored settings in SQL, so a concurrent change of another field is not lost. */
  async updatePrivacy(userId: string, input: PrivacySettingsInputDto): Promise<SelfUserDto> {
    await this.users.findActive(userId);
    const patch = Object.fromEntries(
      PRIVACY_KEYS.flatMap((key) => (input[key] !== undefined ? [[key, input[key]]] : [])),
    );
    if (Object.keys(patch).length > 0) {
      await this.transactor.read((tx) => this.account.mergePrivacy(tx, userId, patch));
    }
    return this.users.selfView(userId);
  }

  /**
   * Checks the current password, stores the new argon2id hash, ends every session of the user (so every
   * token dies at once) and opens a fresh one for the caller.
   */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<SignedIn> {
    const row = await this.transactor.read((tx) => this.account.passwordOf(tx, userId));
    if (!row) throw new NotFoundError('User not found', 'user_not_found');
    if (row.password === null) {
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
    if (currentPassword === newPassword) {
      throw new BadRequestError('The new password must be different from the current one', 'same_password', {
        newPassword: 'The new password must be different from the current one',
      });
    }
    const hash = await this.hasher.hash(newPassword);
    // Conditional on the hash just verified: of two racing changes, the second finds it gone.
    const previous = row.password;
    const changed = await this.transactor.read((tx) =>
      this.account.replacePassword(tx, userId, hash, previous),
    );
    if (changed !== 1) {
      throw new BadRequestError('Current password is incorrect', 'wrong_password', {
        currentPassword: 'Current password is incorrect',
      });
    }
    await this.sessions.destroyAllFor(userId);
    return this.auth.startSession(userId, 'password');
  }

  /**
   * The user's own data: profile (as they see it: no hash, secret or code), settings, ledger rows, the
   * bets they hold a seat in and those seats, their bet activities and friendships. One bounded query per list, asked of the
   * module that owns it.
   */
  async exportData(userId: string): Promise<AccountExportDto> {
    const profile = await this.users.selfView(userId);
    return {
      exportedAt: new Date().toISOString(),
      limitPerList: EXPORT_LIMIT,
      profile,
      settings: {
        emailNotifications: profile.emailNotifications,
        pushNotifications: profile.pushNotifications,
        privacySettings: profile.privacySettings,
        twoFactorEnabled: profile.twoFactorEnabled,
      },
      transactions: await this.ledger.exportOf(userId, EXPORT_LIMIT),
      ...(await this.transactor.read(async (tx) => ({
        bets: await this.bets.betsOf(tx, userId, EXPORT_LIMIT),
        seats: await this.bets.seatsOf(tx, userId, EXPORT_LIMIT),
        betActivities: await this.bets.activitiesOf(tx, userId, EXPORT_LIMIT),
      }))),
      friendships: await this.friendships.exportOf(userId, EXPORT_LIMIT),
    };
  }
}

const PRIVACY_KEYS = [
  'profileVisibility',
  'activityVisibility',
  'balanceVisibility',
  'allowChallengesFrom',
] as const satisfies readonly (keyof PrivacySettingsInputDto)[];

const usernameTaken = () =>
  new ConflictError('This username is already taken', 'username_taken', {
    username: 'This username is already taken',
  });

/** A yyyy-mm-dd (or ISO) date that is not in the future, as sign-up requires. */
function pastDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getTime() > Date.now()) {
    throw new BadRequestError('Birthday must be a date in the past', 'invalid_birthday', {
      birthday: 'Birthday must be a date in the past',
    });
  }
  return date;
}

import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { moneyColumn } from '../../database/column-types.js';

export type Visibility = 'public' | 'friends' | 'private';

export interface PrivacySettings {
  profileVisibility: Visibility;
  activityVisibility: Visibility;
  balanceVisibility: Visibility;
  /** Stored once the user chooses; absent means 'everyone'. */
  allowChallengesFrom?: 'everyone' | 'friends';
}

export const DEFAULT_PRIVACY: PrivacySettings = {
  profileVisibility: 'friends',
  activityVisibility: 'friends',
  balanceVisibility: 'private',
};

// Email and username are unique regardless of letter case: expression indexes the entity cannot describe.
@Index('UQ_users_email_lower', { synchronize: false })
@Index('UQ_users_username_lower', { synchronize: false })
@Index('UQ_users_oidc_identity', ['oidcIssuer', 'oidcSubject'], { unique: true })
// The admin panel's user list, newest first, paged by (createdAt, id).
@Index('IDX_users_created', ['createdAt', 'id'])
// A picture address is only ever our own (profile pictures are served by Betwixt), never another host.
@Check(
  'CHK_users_profile_image_own',
  `"profileImageUrl" IS NULL OR "profileImageUrl" ~ ('^/api/users/' || "id" || '/picture[?]v=[0-9a-f]{16}$')`,
)
@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  /** `/api/users/<id>/picture?v=<version>` while a picture is set (see ProfilePicturesService), else null. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  profileImageUrl: string | null;

  /** argon2id hash; null for accounts that only sign in through the identity provider. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  password: string | null;

  @Column({ type: 'varchar', length: 32, default: 'manual' })
  authProvider: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  username: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phoneNumber: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  birthday: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  state: string | null;

  @Column({ type: 'boolean', default: false })
  profileCompleted: boolean;

  @Column(moneyColumn({ default: () => '1000.00' }))
  balance: string;

  @Column({ type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ type: 'boolean', default: false })
  isEmailVerified: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  emailVerificationCode: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  emailVerificationExpires: Date | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  emailVerificationToken: string | null;

  @Column({ type: 'boolean', default: false })
  twoFactorEnabled: boolean;

  @Column({ type: 'varchar', length: 128, nullable: true })
  twoFactorSecret: string | null;

  @Column({ type: 'boolean', default: true })
  emailNotifications: boolean;

  @Column({ type: 'boolean', default: true })
  pushNotifications: boolean;

  @Column({
    type: 'jsonb',
    // Written the way PostgreSQL prints a jsonb default, so the drift check compares like with like.
    default: () =>
      `'{"balanceVisibility": "private", "profileVisibility": "friends", "activityVisibility": "friends"}'`,
  })
  privacySettings: PrivacySettings;

  /** Identity-provider account this user signs in with: (issuer, subject) is unique, email never used to match. */
  @Column({ type: 'varchar', length: 512, nullable: true })
  oidcIssuer: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  oidcSubject: string | null;

  /** Last TOTP time step accepted, so one code cannot be used twice. */
  @Column({ type: 'bigint', nullable: true })
  twoFactorLastStep: string | null;

  /** Set when an admin bans the user: sign-in refused and sessions dropped until unbanned. */
  @Column({ type: 'timestamptz', nullable: true })
  bannedAt: Date | null;

  /** While in the future the user cannot create, accept or report bets, nor send friend requests. */
  @Column({ type: 'timestamptz', nullable: true })
  suspendedUntil: Date | null;

  /** Set when the account is deleted; the row stays as an anonymised tombstone for the ledger and audit. */
  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

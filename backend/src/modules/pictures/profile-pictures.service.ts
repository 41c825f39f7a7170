import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { NotFoundError } from '../../common/errors/domain-error.js';
import { inTransaction } from '../../database/in-transaction.js';
import {
  type AccountDeletionParticipant,
  AccountDeletionParticipants,
  isVisible,
  type PrivacySettings,
  type SelfUserDto,
  UsersService,
} from '../users/index.js';
import { RelationsService } from '../friends/index.js';
import { normalisePicture } from './picture-image.js';

/** Our own address of a user's picture; `v` changes with every new picture, so it can be cached forever. */
export function pictureUrl(userId: string, version: string): string {
  return `/api/users/${userId}/picture?v=${version}`;
}

export interface ServedPicture {
  image: Buffer;
  contentType: string;
  version: string;
}

/**
 * Profile pictures (docs/product.md "Profile pictures"): uploaded bytes are re-encoded, stored in
 * profile_pictures, and the user's `profileImageUrl` is set to our own versioned address in the same
 * transaction, so every list that shows people keeps reading one column. Account deletion drops the row.
 */
@Injectable()
export class ProfilePicturesService implements AccountDeletionParticipant, OnModuleInit {
  readonly name = 'profile-picture';
  /** Only drops a row: after the participants that move money or notify. */
  readonly order = 300;

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly relations: RelationsService,
    private readonly participants: AccountDeletionParticipants,
  ) {}

  onModuleInit(): void {
    this.participants.register(this);
  }

  /** Replaces the caller's picture. The image work happens before the transaction opens. */
  async upload(userId: string, bytes: Buffer): Promise<SelfUserDto> {
    const picture = await normalisePicture(bytes);
    await inTransaction(this.dataSource, async (manager) => {
      await lockActiveUser(manager, userId);
      await manager.query(
        `INSERT INTO profile_pictures ("userId", image, "contentType", version, width, height)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("userId") DO UPDATE
           SET image = EXCLUDED.image, "contentType" = EXCLUDED."contentType", version = EXCLUDED.version,
               width = EXCLUDED.width, height = EXCLUDED.height, "updatedAt" = now()`,
        [userId, picture.image, picture.contentType, picture.version, picture.width, picture.height],
      );
      await manager.query(`UPDATE users SET "profileImageUrl" = $2, "updatedAt" = now() WHERE id = $1`, [
        userId,
        pictureUrl(userId, picture.version),
      ]);
    });
    return this.users.selfView(userId);
  }

  /** Removes the caller's picture (initials show instead); removing none is not an error. */
  async remove(userId: string): Promise<SelfUserDto> {
    await inTransaction(this.dataSource, async (manager) => {
      await lockActiveUser(manager, userId);
      await this.run(manager, userId);
      await manager.query(
        `UPDATE users SET "profileImageUrl" = NULL, "updatedAt" = now()
          WHERE id = $1 AND "profileImageUrl" IS NOT NULL`,
        [userId],
      );
    });
    return this.users.selfView(userId);
  }

  /**
   * A picture as `viewer` may see it: whoever may see the person's name (profileVisibility: the person,
   * admins, friends when 'friends', every signed-in user when 'public') may see the picture. Anything
   * else, a missing picture included, is the same 404, so the answer never tells whether one exists.
   */
  async read(viewer: AuthUser, userId: string): Promise<ServedPicture> {
    const [row] = await this.dataSource.query<
      (ServedPicture & { privacySettings: Partial<PrivacySettings> | null; banned: boolean })[]
    >(
      `SELECT p.image, p."contentType", p.version, u."privacySettings", u."bannedAt" IS NOT NULL AS banned
         FROM profile_pictures p JOIN users u ON u.id = p."userId"
        WHERE p."userId" = $1 AND u."deletedAt" IS NULL`,
      [userId],
    );
    const relation = row ? (await this.relations.relationsOf(viewer, [userId])).get(userId) : undefined;
    // A banned person's profile answers 404 to everyone but admins and themselves; so does their picture.
    const hidden = row?.banned === true && relation !== 'admin' && relation !== 'self';
    if (!row || !relation || hidden || !isVisible(row.privacySettings?.profileVisibility, relation)) {
      throw new NotFoundError('No picture to show', 'picture_not_found');
    }
    return { image: row.image, contentType: row.contentType, version: row.version };
  }

  /** Account deletion's share: the picture goes with the rest of the personal data. */
  async run(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`DELETE FROM profile_pictures WHERE "userId" = $1`, [userId]);
  }
}

async function lockActiveUser(manager: EntityManager, userId: string): Promise<void> {
  const [user] = await manager.query<{ id: string }[]>(
    `SELECT id FROM users WHERE id = $1 AND "deletedAt" IS NULL FOR NO KEY UPDATE`,
    [userId],
  );
  if (!user) throw new NotFoundError('User not found', 'user_not_found');
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { NotFoundError } from '../../common/errors/domain-error.js';
import { Transactor, type TxOrManager } from '../../database/transactor.js';
import {
  type AccountDeletionParticipant,
  AccountDeletionParticipants,
  AccountsRepository,
  AccountStanding,
  isVisible,
  type SelfUserDto,
  UsersService,
} from '../users/index.js';
import { RelationsService } from '../friends/index.js';
import { normalisePicture } from './picture-image.js';
import { ProfilePicturesRepository } from './profile-pictures.repository.js';

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
    private readonly transactor: Transactor,
    private readonly pictures: ProfilePicturesRepository,
    private readonly users: UsersService,
    private readonly relations: RelationsService,
    private readonly participants: AccountDeletionParticipants,
    private readonly standing: AccountStanding,
    private readonly accounts: AccountsRepository,
  ) {}

  onModuleInit(): void {
    this.participants.register(this);
  }

  /** Replaces the caller's picture. The image work happens before the transaction opens. */
  async upload(userId: string, bytes: Buffer): Promise<SelfUserDto> {
    const picture = await normalisePicture(bytes);
    await this.transactor.run(async (tx) => {
      await this.lockActiveUser(tx, userId);
      await this.pictures.upsert(tx, userId, picture);
      await this.accounts.setPictureAddress(tx, userId, pictureUrl(userId, picture.version));
    });
    return this.users.selfView(userId);
  }

  /** Removes the caller's picture (initials show instead); removing none is not an error. */
  async remove(userId: string): Promise<SelfUserDto> {
    await this.transactor.run(async (tx) => {
      await this.lockActiveUser(tx, userId);
      await this.run(tx, userId);
      await this.accounts.clearPictureAddress(tx, userId);
    });
    return this.users.selfView(userId);
  }

  /**
   * A picture as `viewer` may see it: whoever may see the person's name (profileVisibility: the person,
   * admins, friends when 'friends', every signed-in user when 'public') may see the picture. Anything
   * else, a missing picture included, is the same 404, so the answer never tells whether one exists.
   */
  async read(viewer: AuthUser, userId: string): Promise<ServedPicture> {
    const row = await this.transactor.read((tx) => this.pictures.find(tx, userId));
    const relation = row ? (await this.relations.relationsOf(viewer, [userId])).get(userId) : undefined;
    // A banned person's profile answers 404 to everyone but admins and themselves; so does their picture.
    const hidden = row?.banned === true && relation !== 'admin' && relation !== 'self';
    if (!row || !relation || hidden || !isVisible(row.privacySettings?.profileVisibility, relation)) {
      throw new NotFoundError('No picture to show', 'picture_not_found');
    }
    return { image: row.image, contentType: row.contentType, version: row.version };
  }

  /** Account deletion's share: the picture goes with the rest of the personal data. */
  async run(tx: TxOrManager, userId: string): Promise<void> {
    await this.pictures.delete(tx, userId);
  }

  private async lockActiveUser(tx: TxOrManager, userId: string): Promise<void> {
    if (!(await this.standing.lockUndeleted(tx, userId))) {
      throw new NotFoundError('User not found', 'user_not_found');
    }
  }
}

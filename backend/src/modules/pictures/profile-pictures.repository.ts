import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { PrivacySettings } from '../users/index.js';
import type { NormalisedPicture } from './picture-image.js';

/** A stored picture with what deciding who may see it needs. */
export interface StoredPictureRow {
  image: Buffer;
  contentType: string;
  version: string;
  privacySettings: Partial<PrivacySettings> | null;
  banned: boolean;
}

/** The profile_pictures table (the row's address of the picture is users' to write). */
@Injectable()
export class ProfilePicturesRepository {
  async upsert(tx: TxOrManager, userId: string, picture: NormalisedPicture): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO profile_pictures ("userId", image, "contentType", version, width, height)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ("userId") DO UPDATE
         SET image = EXCLUDED.image, "contentType" = EXCLUDED."contentType", version = EXCLUDED.version,
             width = EXCLUDED.width, height = EXCLUDED.height, "updatedAt" = now()`,
      [userId, picture.image, picture.contentType, picture.version, picture.width, picture.height],
    );
  }

  async delete(tx: TxOrManager, userId: string): Promise<void> {
    await queryIn(tx, `DELETE FROM profile_pictures WHERE "userId" = $1`, [userId]);
  }

  /** The user's picture while the account exists. */
  async find(tx: TxOrManager, userId: string): Promise<StoredPictureRow | undefined> {
    const [row] = await queryIn<StoredPictureRow[]>(
      tx,
      `SELECT p.image, p."contentType", p.version, u."privacySettings", u.banned
         FROM profile_pictures p JOIN people u ON u.id = p."userId"
        WHERE p."userId" = $1 AND NOT u.deleted`,
      [userId],
    );
    return row;
  }
}

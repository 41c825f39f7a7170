import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { User } from '../users/index.js';

/**
 * A user's profile picture, as Betwixt re-encoded it (docs/product.md "Profile pictures"): at most one per
 * user, kept beside the users table so lists of people never read image bytes.
 */
@Check('CHK_profile_pictures_byte_size', `octet_length("image") BETWEEN 1 AND 524288`)
@Entity('profile_pictures')
export class ProfilePicture {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: Relation<User>;

  /** The re-encoded image: no metadata of the uploaded file survives. */
  @Column({ type: 'bytea' })
  image: Buffer;

  @Column({ type: 'varchar', length: 32 })
  contentType: string;

  /** The first 16 hex digits of the image's SHA-256: the `v` of its URL and its ETag. */
  @Column({ type: 'varchar', length: 16 })
  version: string;

  @Column({ type: 'smallint' })
  width: number;

  @Column({ type: 'smallint' })
  height: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { Relation } from 'typeorm';
import { User } from '../../users/index.js';

/**
 * A personal invite link's code (docs/product.md, "Invite links"). At most one active code per person; a
 * revoked code stays as a row so its link can say "this link was replaced" instead of "unknown".
 */
@Index('UQ_invite_codes_code', ['code'], { unique: true })
@Index('UQ_invite_codes_active_user', ['userId'], { unique: true, where: '"revokedAt" IS NULL' })
@Check('CHK_invite_codes_code_length', `length("code") >= 16`)
@Entity('invite_codes')
export class InviteCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 64 })
  code: string;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_invite_codes_userId' })
  user?: Relation<User>;
}

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
import { User } from '../users/index.js';

export type ModerationActionType = 'warn' | 'suspend' | 'unsuspend' | 'ban' | 'unban';

@Index('IDX_user_moderation_actions_user', ['userId', 'createdAt'])
@Check('CHK_user_moderation_actions_action', `"action" IN ('warn', 'suspend', 'unsuspend', 'ban', 'unban')`)
@Entity('user_moderation_actions')
export class ModerationAction {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'uuid' })
  adminId: string;

  @Column({ type: 'varchar', length: 16 })
  action: ModerationActionType;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'integer', nullable: true })
  duration: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: object | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_user_moderation_actions_userId' })
  user?: Relation<User>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'adminId', foreignKeyConstraintName: 'FK_user_moderation_actions_adminId' })
  admin?: Relation<User>;
}

import {
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

@Index('IDX_admin_audit_log_created', ['createdAt'])
@Index('IDX_admin_audit_log_target', ['targetType', 'targetId'])
@Entity('admin_audit_log')
export class AdminAuditEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid' })
  adminId: string;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 32 })
  targetType: string;

  @Column({ type: 'varchar', length: 64 })
  targetId: string;

  @Column({ type: 'jsonb', nullable: true })
  previousValue: object | null;

  @Column({ type: 'jsonb', nullable: true })
  newValue: object | null;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: object | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'adminId', foreignKeyConstraintName: 'FK_admin_audit_log_adminId' })
  admin?: Relation<User>;
}

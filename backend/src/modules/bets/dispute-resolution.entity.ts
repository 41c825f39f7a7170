import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { Relation } from 'typeorm';
import { User } from '../users/index.js';
import { Bet } from './bet.entity.js';

@Index('IDX_dispute_resolutions_bet', ['betId'])
@Index('IDX_dispute_resolutions_status', ['status'])
@Check('CHK_dispute_resolutions_status', `"status" IN ('pending', 'resolved')`)
@Entity('dispute_resolutions')
export class DisputeResolution {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  betId: number;

  @Column({ type: 'uuid' })
  reporterId: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  @Column({ type: 'uuid', nullable: true })
  adminId: string | null;

  @Column({ type: 'text', nullable: true })
  resolution: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @ManyToOne(() => Bet, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'betId', foreignKeyConstraintName: 'FK_dispute_resolutions_betId' })
  bet?: Relation<Bet>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'reporterId', foreignKeyConstraintName: 'FK_dispute_resolutions_reporterId' })
  reporter?: Relation<User>;

  @ManyToOne(() => User, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'adminId', foreignKeyConstraintName: 'FK_dispute_resolutions_adminId' })
  admin?: Relation<User>;
}

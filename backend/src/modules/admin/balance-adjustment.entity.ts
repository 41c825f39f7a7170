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
import { moneyColumn } from '../../database/column-types.js';

@Index('IDX_balance_adjustments_user', ['userId'])
@Check('CHK_balance_adjustments_type', `"type" IN ('deposit', 'withdrawal')`)
@Check('CHK_balance_adjustments_amount_positive', `"amount" > 0`)
@Entity('balance_adjustments')
export class BalanceAdjustment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'uuid' })
  adminId: string;

  @Column(moneyColumn())
  amount: string;

  @Column(moneyColumn())
  previousBalance: string;

  @Column(moneyColumn())
  newBalance: string;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'varchar', length: 16 })
  type: 'deposit' | 'withdrawal';

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_balance_adjustments_userId' })
  user?: Relation<User>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'adminId', foreignKeyConstraintName: 'FK_balance_adjustments_adminId' })
  admin?: Relation<User>;
}

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

export type LedgerEntryType =
  | 'signup_bonus'
  | 'bet_stake'
  | 'bet_refund'
  | 'bet_payout'
  | 'payout_reversal'
  | 'admin_deposit'
  | 'admin_withdrawal';

/** One row of the `transactions` table: a single signed change to one user's balance. */
@Index('IDX_transactions_user_id', ['userId', 'id'])
@Index('IDX_transactions_reference', ['referenceType', 'referenceId'])
@Check('CHK_transactions_chain', `"balanceAfter" = "balanceBefore" + "amount"`)
@Entity('transactions')
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 32 })
  type: LedgerEntryType;

  @Column(moneyColumn())
  amount: string;

  @Column(moneyColumn())
  balanceBefore: string;

  @Column(moneyColumn())
  balanceAfter: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  referenceId: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  referenceType: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_transactions_userId' })
  user?: Relation<User>;
}

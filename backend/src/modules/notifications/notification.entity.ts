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
import { moneyColumn } from '../../database/column-types.js';
import { User } from '../users/index.js';
import type { NotificationType } from './notification-kinds.js';

/**
 * One message in a user's notification centre. Title and body are written when the event happens, so
 * the text stays what it was (a renamed bet or a deleted friend does not rewrite history).
 */
@Index('IDX_notifications_user_id', ['userId', 'id'])
@Index('IDX_notifications_user_txid', ['userId', 'txid', 'id'])
@Index('IDX_notifications_user_unread', ['userId'], { where: `"readAt" IS NULL` })
@Entity('notifications')
export class UserNotification {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 32 })
  type: NotificationType;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'integer', nullable: true })
  betId: number | null;

  /** Who caused it (the challenger, the friend), when a person did. */
  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  /** Winnings of a won bet; null otherwise. */
  @Column(moneyColumn({ nullable: true }))
  amount: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /**
   * The id of the transaction that wrote it (`txid_current()`): a live stream delivers a person's
   * notifications in (txid, id) order, and only those whose transaction is older than every one still
   * running, so none can commit behind a stream's cursor (LiveStreams).
   */
  @Column({ type: 'bigint', select: false, default: () => 'txid_current()' })
  txid: string;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_notifications_userId' })
  user?: Relation<User>;

  @ManyToOne(() => User, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'actorId', foreignKeyConstraintName: 'FK_notifications_actorId' })
  actor?: Relation<User>;

  // The bet's entity by name, not by import: the foreign key is all the notifications module needs of
  // bets, and importing it would tie the two modules in a cycle (bets send notifications).
  @ManyToOne('Bet', { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'betId', foreignKeyConstraintName: 'FK_notifications_betId' })
  bet?: unknown;
}

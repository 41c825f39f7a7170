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
import { User } from '../../users/index.js';

/** A browser's Web Push subscription (endpoint + keys from PushManager.subscribe), owned by one user. */
@Index('IDX_push_subscriptions_user', ['userId'])
@Index('UQ_push_subscriptions_endpoint', ['endpoint'], { unique: true })
@Entity('push_subscriptions')
export class PushSubscriptionRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 2048 })
  endpoint: string;

  /** The browser's P-256 ECDH public key, base64url. */
  @Column({ type: 'varchar', length: 200 })
  p256dh: string;

  /** The browser's authentication secret, base64url. */
  @Column({ type: 'varchar', length: 100 })
  auth: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_push_subscriptions_userId' })
  user?: Relation<User>;
}

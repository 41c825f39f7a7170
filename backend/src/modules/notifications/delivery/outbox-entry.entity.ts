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
import { UserNotification } from '../notification.entity.js';
import { PushSubscriptionRecord } from '../push/push-subscription.entity.js';

/** How a notification leaves the app. */
export type DeliveryChannelName = 'email' | 'push';

/** `pending` until sent; then `delivered`, `skipped` (nothing to send any more) or `failed` (gave up). */
export type DeliveryStatus = 'pending' | 'delivered' | 'skipped' | 'failed';

/**
 * One email or one Web Push (to one browser) still to send, or sent: the notification outbox. Written in
 * the transaction of the event it tells about, so it exists exactly when the event does, and survives a
 * crash or restart until a worker has delivered it (see docs/notifications.md, "Delivery").
 */
@Index('IDX_notification_outbox_due', ['channel', 'nextAttemptAt'], { where: `"status" = 'pending'` })
@Index('IDX_notification_outbox_finished', ['finishedAt'], { where: `"finishedAt" IS NOT NULL` })
@Index('IDX_notification_outbox_notification', ['notificationId'])
@Index('IDX_notification_outbox_subscription', ['subscriptionId'])
@Entity('notification_outbox')
export class NotificationOutboxEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  notificationId: number;

  @Column({ type: 'varchar', length: 8 })
  channel: DeliveryChannelName;

  /** The browser a push goes to; null for email (the address is read when sending). */
  @Column({ type: 'integer', nullable: true })
  subscriptionId: number | null;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: DeliveryStatus;

  /** Sends started so far (a claim counts as one, whether or not the worker lived to record it). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /**
   * When a worker may next claim it: at once for a new row, the end of the lease while a worker sends
   * it, the end of the backoff after a failed try.
   */
  @Column({ type: 'timestamptz' })
  nextAttemptAt: Date;

  /** Why the last try failed (an SMTP code or a push status), for operators; never an address. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @ManyToOne(() => UserNotification, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'notificationId', foreignKeyConstraintName: 'FK_notification_outbox_notificationId' })
  notification?: Relation<UserNotification>;

  @ManyToOne(() => PushSubscriptionRecord, { nullable: true, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subscriptionId', foreignKeyConstraintName: 'FK_notification_outbox_subscriptionId' })
  subscription?: Relation<PushSubscriptionRecord>;
}

import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A remembered answer to a mutating request sent with an Idempotency-Key header. The row is written in
 * the same transaction as the operation and its answer, so others only ever see it complete; it is
 * deleted IDEMPOTENCY_KEY_TTL_HOURS after `createdAt` (the clean-up job walks the index below).
 */
@Index('IDX_idempotency_keys_created', ['createdAt'])
@Entity('idempotency_keys')
export class IdempotencyRecord {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'varchar', length: 128 })
  key: string;

  /** method, path and a hash of the body: the same key with a different request is refused. */
  @Column({ type: 'varchar', length: 128 })
  fingerprint: string;

  /** The answer's HTTP status; NULL only between the claim and the answer, inside their transaction. */
  @Column({ type: 'integer', nullable: true })
  status: number | null;

  /** `{ value }` for a success, `{ error }` for a refusal. */
  @Column({ type: 'jsonb', nullable: true })
  body: object | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A remembered answer to a mutating request sent with an Idempotency-Key header. */
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

  @Column({ type: 'integer', nullable: true })
  status: number | null;

  @Column({ type: 'jsonb', nullable: true })
  body: object | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Server-side session for the identity-provider sign-in path (connect-pg-simple's shape). */
@Entity('sessions')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  sid: string;

  @Column({ type: 'json' })
  sess: Record<string, unknown>;

  @Index('IDX_session_expire')
  @Column({ type: 'timestamp', precision: 6 })
  expire: Date;
}

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

/** What a party to a disputed bet tells the admin: one statement per party, which they may rewrite. */
@Index('UQ_dispute_statements_bet_user', ['betId', 'userId'], { unique: true })
@Check('CHK_dispute_statements_text_length', `char_length("text") BETWEEN 1 AND 1000`)
@Check('CHK_dispute_statements_links_count', `cardinality("links") <= 3`)
@Entity('dispute_statements')
export class DisputeStatement {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  betId: number;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'text' })
  text: string;

  /** Up to 3 https:// evidence links, validated on the way in and shown as plain links. */
  @Column({ type: 'text', array: true })
  links: string[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @ManyToOne(() => Bet, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'betId', foreignKeyConstraintName: 'FK_dispute_statements_betId' })
  bet?: Relation<Bet>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_dispute_statements_userId' })
  user?: Relation<User>;
}

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
import { User } from '../users/index.js';
import { Bet } from './bet.entity.js';

@Index('IDX_bet_activities_user_created', ['userId', 'createdAt'])
@Index('IDX_bet_activities_user_id', ['userId', 'id'])
@Index('IDX_bet_activities_bet', ['betId'])
@Entity('bet_activities')
export class BetActivity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', nullable: true })
  betId: number | null;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 32 })
  activityType: string;

  @Column({ type: 'text' })
  description: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Bet, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'betId', foreignKeyConstraintName: 'FK_bet_activities_betId' })
  bet?: Relation<Bet>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_bet_activities_userId' })
  user?: Relation<User>;
}

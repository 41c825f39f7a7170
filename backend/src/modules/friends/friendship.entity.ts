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

export type FriendshipStatus = 'pending' | 'accepted' | 'declined';

// One row per pair of people whichever way the request went: an expression index the entity cannot describe.
@Index('UQ_friendships_pair', { synchronize: false })
@Index('IDX_friendships_addressee_status', ['addresseeId', 'status'])
@Index('IDX_friendships_requester_status', ['requesterId', 'status'])
@Check('CHK_friendships_status', `"status" IN ('pending', 'accepted', 'declined')`)
@Check('CHK_friendships_not_self', `"requesterId" <> "addresseeId"`)
@Entity('friendships')
export class Friendship {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  requesterId: string;

  @Column({ type: 'uuid' })
  addresseeId: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: FriendshipStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'requesterId', foreignKeyConstraintName: 'FK_friendships_requesterId' })
  requester?: Relation<User>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'addresseeId', foreignKeyConstraintName: 'FK_friendships_addresseeId' })
  addressee?: Relation<User>;
}

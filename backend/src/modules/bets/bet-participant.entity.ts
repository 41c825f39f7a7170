import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { moneyColumn } from '../../database/column-types.js';
import { User } from '../users/index.js';
import { Bet } from './bet.entity.js';

/** creator and opponent seat the two people of a duel; every seat of a group pot is a player. */
export type ParticipantRole = 'creator' | 'opponent' | 'player';

/**
 * One seat at a bet (docs/money.md, "Participants"): who, in which role, with which pick and stake, what they
 * reported and when. A seat whose joinedAt is null is an invitation not (yet) taken: no stake of theirs is in
 * escrow. One seat per person and bet (the key). For a duel the seats mirror the bet's creator/opponent
 * columns, kept in step by a trigger on bets (migration BetParticipants); a pot's seats are written by the
 * pot's use cases.
 */
@Index('IDX_bet_participants_user', ['userId', 'betId'])
// A person's decided pots (the profit history, the streak recount) and the pots they are invited to (their
// pending figure): migration PotPlayerStats.
@Index('IDX_bet_participants_decided', ['userId', 'betId'], { where: `"decidedNet" IS NOT NULL` })
@Index('IDX_bet_participants_players', ['userId', 'betId'], { where: `role = 'player'` })
@Check('CHK_bet_participants_role', `"role" IN ('creator', 'opponent', 'player')`)
@Check('CHK_bet_participants_stake_positive', `"stake" > 0`)
@Entity('bet_participants')
export class BetParticipant {
  @PrimaryColumn({ type: 'integer' })
  betId: number;

  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 16 })
  role: ParticipantRole;

  @Column({ type: 'text', nullable: true })
  pick: string | null;

  @Column(moneyColumn())
  stake: string;

  @Column({ type: 'text', nullable: true })
  result: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  joinedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  reportedAt: Date | null;

  /** A settled pot's seat: what came back to it (share, refund, or 0.00). Null until then, and for duels. */
  @Column(moneyColumn({ nullable: true }))
  payout: string | null;

  /**
   * A decided pot's seat: the profit its player's figures counted (payout minus stake, or minus the stake),
   * kept by the user-stats trigger so a changed decision reverses exactly that. Null otherwise.
   */
  @Column(moneyColumn({ nullable: true }))
  decidedNet: string | null;
  /** When this player accepted the referee's call: every player accepting settles it before the window ends. */
  @Column({ type: 'timestamptz', nullable: true })
  callAcceptedAt: Date | null;

  @ManyToOne(() => Bet, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'betId', foreignKeyConstraintName: 'FK_bet_participants_betId' })
  bet?: Relation<Bet>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_bet_participants_userId' })
  user?: Relation<User>;
}

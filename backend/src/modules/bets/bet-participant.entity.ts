import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { moneyColumn } from '../../database/column-types.js';
import { User } from '../users/index.js';
import { Bet } from './bet.entity.js';
import type { BetStatus } from './bet.entity.js';

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
// A person's pots from their own seats, never through the bets table (migration PotSeatsMirrorThePot): all of
// them newest first (history), the open ones (dashboard lists, pending figure), the decided ones in the order
// they were decided (profit history, streak recount).
@Index('IDX_bet_participants_pots', ['userId', 'betId'], { where: `"potStatus" IS NOT NULL` })
@Index('IDX_bet_participants_open_pots', ['userId', 'betId'], {
  where: `"potStatus" IN ('pending', 'active', 'disputed')`,
})
@Index('IDX_bet_participants_decided', ['userId', 'potResolvedAt', 'betId'], {
  where: `"decidedNet" IS NOT NULL`,
})
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

  /**
   * A pot's seat: the pot's status and resolution date, kept in step by a trigger on bets, so a person's pots
   * are read from their seats alone. Null on a duel's seats (a duel is found through its own columns).
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  potStatus: BetStatus | null;

  @Column({ type: 'timestamptz', nullable: true })
  potResolvedAt: Date | null;

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

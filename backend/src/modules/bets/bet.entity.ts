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
import { moneyColumn } from '../../database/column-types.js';

/** A duel is two people (a challenge, or an open challenge's link); a pot is a group bet (3 to 20 players). */
export type BetKind = 'duel' | 'pot';

export type BetStatus =
  'pending' | 'active' | 'completed' | 'disputed' | 'declined' | 'cancelled' | 'expired';

@Index('IDX_bets_creator_status', ['creatorId', 'status'])
@Index('IDX_bets_opponent_status', ['opponentId', 'status'])
@Index('IDX_bets_status_expires', ['status', 'expiresAt'])
@Index('IDX_bets_status_resolution', ['status', 'resolutionDate'])
// The admin's resolved-disputes list: a small partial index, instead of scanning every bet (425 ms at 1M).
@Index('IDX_bets_admin_resolved', ['resolutionDate'], {
  where: `status = 'completed' AND "resolutionType" = 'admin'`,
})
// A person's decided bets, newest first: the profit history of user-stats and its streak recount
// (migration UserStatsCounters).
@Index('IDX_bets_creator_decided', ['creatorId', 'resolutionDate', 'id'], {
  where: `status = 'completed' AND "winnerUserId" IS NOT NULL`,
})
@Index('IDX_bets_opponent_decided', ['opponentId', 'resolutionDate', 'id'], {
  where: `status = 'completed' AND "winnerUserId" IS NOT NULL`,
})
@Check('CHK_bets_amount_positive', `"amount" > 0`)
@Check('CHK_bets_duration_min', `"duration" >= 1`)
@Check('CHK_bets_outcomes_count', `cardinality("outcomes") BETWEEN 2 AND 4`)
@Check(
  'CHK_bets_status',
  `"status" IN ('pending', 'active', 'completed', 'disputed', 'declined', 'cancelled', 'expired')`,
)
// An open challenge (docs/product.md, "Open challenge links") has no opponent until someone takes it by its
// link's code; a bet without an opponent is always an open challenge, and it cannot be under way.
@Index('UQ_bets_challengeCode', ['challengeCode'], { unique: true })
@Check(
  'CHK_bets_opponent_or_code',
  `"kind" = 'pot' OR "opponentId" IS NOT NULL OR "challengeCode" IS NOT NULL`,
)
@Check(
  'CHK_bets_open_not_started',
  `"kind" = 'pot' OR "opponentId" IS NOT NULL OR "status" IN ('pending', 'cancelled', 'expired')`,
)
// A group pot's players are its seats (bet_participants); it locks at joinBy (docs/product.md, "Group pots").
@Check('CHK_bets_pot_shape', `"kind" = 'duel' OR ("opponentId" IS NULL AND "joinBy" IS NOT NULL)`)
@Index('IDX_bets_pots_joining', ['joinBy'], { where: `"kind" = 'pot' AND "status" = 'pending'` })
@Check('CHK_bets_kind', `"kind" IN ('duel', 'pot')`)
// Referee bets and counter-offers (migration RefereesAndCounterOffers).
@Check('CHK_bets_opponent_amount_positive', `"opponentAmount" IS NULL OR "opponentAmount" > 0`)
@Check(
  'CHK_bets_referee_not_player',
  `"refereeId" IS NULL OR ("refereeId" <> "creatorId" AND "refereeId" IS DISTINCT FROM "opponentId")`,
)
@Index('IDX_bets_referee_called', ['appealUntil'], {
  where: `"status" = 'active' AND "calledAt" IS NOT NULL`,
})
@Index('IDX_bets_referee_silent', ['expiresAt'], {
  where: `"status" = 'active' AND "resolutionType" = 'referee' AND "calledAt" IS NULL`,
})
@Index('IDX_bets_referee', ['refereeId'], { where: `"refereeId" IS NOT NULL` })
@Check('CHK_bets_not_self', `"opponentId" IS NULL OR "opponentId" <> "creatorId"`)
@Entity('bets')
export class Bet {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  /** Its seats are in bet_participants either way; a duel also keeps them in its creator/opponent columns. */
  @Column({ type: 'varchar', length: 8, default: 'duel' })
  kind: BetKind;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column(moneyColumn())
  amount: string;

  @Column({ type: 'uuid' })
  creatorId: string;

  @Column({ type: 'uuid', nullable: true })
  opponentId: string | null;

  /**
   * An open challenge's link code (`/c/{code}`): random, unguessable, unique. Kept after the challenge is
   * taken, cancelled or expired, so its link can say what became of it. Null for a bet sent to a friend.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  challengeCode: string | null;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: BetStatus;

  @Column({ type: 'integer' })
  duration: number;

  @Column({ type: 'text', array: true })
  outcomes: string[];

  @Column({ type: 'text', nullable: true })
  creatorPick: string | null;

  @Column({ type: 'text', nullable: true })
  opponentPick: string | null;

  @Column({ type: 'text', nullable: true })
  creatorResult: string | null;

  @Column({ type: 'text', nullable: true })
  opponentResult: string | null;

  @Column({ type: 'text', nullable: true })
  finalResult: string | null;

  @Column({ type: 'varchar', length: 16, default: 'mutual' })
  resolutionType: string;

  @Column({ type: 'uuid', nullable: true })
  winnerUserId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  resolutionDate: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** A pot's deadline to join: the deadlines job locks it then (null for a duel). */
  @Column({ type: 'timestamptz', nullable: true })
  joinBy: Date | null;

  /** When the one-hour expiry reminder went out; set once so no instance or rerun sends it twice. */
  @Column({ type: 'timestamptz', nullable: true })
  reminderSentAt: Date | null;

  /**
   * Posted in a circle (it has a circle_bets row), set in the transaction that posts it: only then does a
   * transition tell the circle's feed (migration PotsInCircles).
   */
  @Column({ type: 'boolean', default: false })
  postedInCircle: boolean;
  /** A referee bet's referee (resolutionType 'referee'): a friend of the creator who plays no seat. */
  @Column({ type: 'uuid', nullable: true })
  refereeId: string | null;

  /** When the referee took the role: a referee bet cannot start before. */
  @Column({ type: 'timestamptz', nullable: true })
  refereeAcceptedAt: Date | null;

  /** The referee's call (an outcome text or NO_CLEAR_OUTCOME_RESULT) and their note; settled when appealUntil passes unappealed. */
  @Column({ type: 'text', nullable: true })
  callResult: string | null;

  @Column({ type: 'text', nullable: true })
  callNote: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  calledAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  appealUntil: Date | null;

  /** The silent referee's reminder, and when the bet fell back to the players (a duel) or an admin (a pot). */
  @Column({ type: 'timestamptz', nullable: true })
  refereeRemindedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  refereeLapsedAt: Date | null;

  /** The opponent's stake when it is not the creator's `amount` (uneven stakes); null is even money. */
  @Column(moneyColumn({ nullable: true }))
  opponentAmount: string | null;

  /** Who made the latest counter-offer on a pending duel (null: the creator's own terms), its pick, and how many. */
  @Column({ type: 'uuid', nullable: true })
  offerBy: string | null;

  @Column({ type: 'text', nullable: true })
  offerPick: string | null;

  @Column({ type: 'integer', default: 0 })
  offerRounds: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'creatorId', foreignKeyConstraintName: 'FK_bets_creatorId' })
  creator?: Relation<User>;

  @ManyToOne(() => User, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'opponentId', foreignKeyConstraintName: 'FK_bets_opponentId' })
  opponent?: Relation<User>;

  @ManyToOne(() => User, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'refereeId', foreignKeyConstraintName: 'FK_bets_refereeId' })
  referee?: Relation<User>;

  @ManyToOne(() => User, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'winnerUserId', foreignKeyConstraintName: 'FK_bets_winnerUserId' })
  winner?: Relation<User>;
}

import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { moneyColumn } from '../../database/column-types.js';
import { User } from '../users/index.js';
import { Bet } from './bet.entity.js';

/**
 * One counter-offer on a pending duel (docs/product.md, "Counter-offers"): round 1 is the opponent's first
 * counter, then the two take turns; the stake the opponent would put in, and their pick if it changes.
 * The bet's timeline of offers; the latest one is also on the bet (offerBy, opponentAmount, offerPick).
 */
@Check('CHK_bet_offers_amount_positive', `"opponentAmount" > 0`)
@Entity('bet_offers')
export class BetOffer {
  @PrimaryColumn({ type: 'integer' })
  betId: number;

  @PrimaryColumn({ type: 'integer' })
  round: number;

  @Column({ type: 'uuid' })
  byUserId: string;

  @Column(moneyColumn())
  opponentAmount: string;

  @Column({ type: 'text', nullable: true })
  opponentPick: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Bet, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'betId', foreignKeyConstraintName: 'FK_bet_offers_betId' })
  bet?: Relation<Bet>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'byUserId', foreignKeyConstraintName: 'FK_bet_offers_byUserId' })
  by?: Relation<User>;
}

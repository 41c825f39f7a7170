import { ApiProperty } from '@nestjs/swagger';
import { BetDto } from './bet-view.dto.js';

/** One event of a bet's timeline, saying who did it ("You" for the viewer). */
export class BetEventDto {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({
    description:
      'bet_created, bet_accepted, bet_declined, bet_cancelled, bet_expired, result_submitted, bet_settled, bet_disputed, admin_resolved, admin_reresolved',
  })
  type: string;
  @ApiProperty() text: string;
}

/** A money move of this bet from the ledger: a stake, refund, payout or reversal. */
export class BetReceiptDto {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: ['bet_stake', 'bet_refund', 'bet_payout', 'payout_reversal'] }) type: string;
  @ApiProperty({ example: '-25.00', description: 'Signed: negative leaves the wallet' }) amount: string;
  @ApiProperty({ example: '975.00' }) balanceAfter: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({
    example: 'Payout',
    description:
      'What it was, in words: Stake into escrow, Stake refunded, Payout, Payout reversed, Refund reversed',
  })
  label: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** One admin decision on the dispute, with its own time and reason. */
export class BetDecisionDto {
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null: a draw' })
  winnerUserId: string | null;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ description: 'A change of an earlier decision' }) changed: boolean;
}

export class DisputeStatementDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ description: 'Plain text, shown as text' }) text: string;
  @ApiProperty({
    type: [String],
    description: 'https:// evidence links, shown as links (never followed by us)',
  })
  links: string[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class BetDisputeDto {
  @ApiProperty({ format: 'date-time' }) openedAt: string;
  @ApiProperty({ format: 'uuid', description: 'Who confirmed the conflicting report' }) reporterId: string;
  @ApiProperty({ enum: ['pending', 'resolved'] }) status: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'When the latest decision was made',
  })
  decidedAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The admin's reason for the latest decision" })
  decisionReason: string | null;
  @ApiProperty({ type: [BetDecisionDto], description: 'Every decision, oldest first' })
  decisions: BetDecisionDto[];
  @ApiProperty({ type: [DisputeStatementDto] }) statements: DisputeStatementDto[];
}

/** For admins deciding a dispute: how often each party has been in one, and how those ended for them. */
export class PartyDisputeHistoryDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ description: 'Disputed bets in all, this one included' }) disputes: number;
  @ApiProperty({ description: 'Decided for this party' }) won: number;
  @ApiProperty({ description: 'Decided against this party' }) lost: number;
  @ApiProperty({ description: 'Decided as a draw' }) drawn: number;
}

/** Everything a bet's page shows: the bet, its history, its money and its dispute. */
export class BetPageDto {
  @ApiProperty({ type: BetDto }) bet: BetDto;
  @ApiProperty({
    enum: ['creator', 'opponent', 'player', 'referee', 'admin'],
    description: 'player: a group pot’s player who did not start it; referee: the bet’s referee (no receipts)',
  })
  viewerRole: 'creator' | 'opponent' | 'player' | 'referee' | 'admin';
  @ApiProperty({ type: [BetEventDto] }) timeline: BetEventDto[];
  @ApiProperty({
    type: [BetReceiptDto],
    description: "The viewer's money moves of this bet (an admin sees both parties')",
  })
  receipts: BetReceiptDto[];
  @ApiProperty({ type: BetDisputeDto, nullable: true }) dispute: BetDisputeDto | null;
  @ApiProperty({
    type: [PartyDisputeHistoryDto],
    description: 'Only for admins, only when the bet was disputed',
  })
  disputeHistory: PartyDisputeHistoryDto[];
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Another person as a bet shows them; names only when their profile is visible to the viewer. */
export class BetPartyDto {
  @ApiProperty() id: string;
  @ApiProperty({ nullable: true, type: String }) username: string | null;
  @ApiProperty({ nullable: true, type: String }) firstName: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty({ nullable: true, type: String }) profileImageUrl: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Only in admin views' }) email?:
    string | null;
}

/** A seat at a bet: a duel has two (the second open until someone takes an open challenge), a pot up to 20. */
export class BetParticipantDto {
  @ApiProperty() userId: string;
  @ApiProperty({ enum: ['creator', 'opponent', 'player'] }) role: string;
  @ApiProperty({ nullable: true, type: String, description: 'null until they join' }) pick: string | null;
  @ApiProperty({ example: '10.00' }) stake: string;
  @ApiProperty({ nullable: true, type: String, description: 'their report: an outcome or no_clear_outcome' })
  result: string | null;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'null for an invitation not taken (no stake in)',
  })
  joinedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) reportedAt: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '33.34',
    description:
      'A settled pot: what came back to this seat (its share, its refund, or 0.00); null otherwise',
  })
  payout: string | null;
  @ApiProperty({ type: BetPartyDto, description: 'Who sits here, named as the viewer may see them' })
  person: BetPartyDto;
}

/** One counter-offer on a pending duel (docs/product.md, "Counter-offers"). */
export class BetOfferDto {
  @ApiProperty({ description: '1 for the first counter, then one more per offer' }) round: number;
  @ApiProperty() byUserId: string;
  @ApiProperty({ example: '10.00', description: 'The stake the opponent would put in' })
  opponentAmount: string;
  @ApiProperty({ nullable: true, type: String, description: 'The opponent’s pick, if the offer changes it' })
  opponentPick: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** A referee's call (docs/product.md, "Referee bets"). */
export class RefereeCallDto {
  @ApiProperty({ description: 'The outcome text, or no_clear_outcome' }) result: string;
  @ApiProperty() note: string;
  @ApiProperty({ format: 'date-time' }) calledAt: string;
}

export class BetDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ example: '25.00' }) amount: string;
  @ApiProperty({ type: [String] }) outcomes: string[];
  @ApiProperty() creatorId: string;
  @ApiProperty({ nullable: true, type: String }) opponentId: string | null;
  @ApiProperty({ type: BetPartyDto }) creator: BetPartyDto;
  @ApiProperty({ type: BetPartyDto, nullable: true }) opponent: BetPartyDto | null;
  @ApiProperty({ nullable: true, type: String }) creatorPick: string | null;
  @ApiProperty({ nullable: true, type: String }) opponentPick: string | null;
  @ApiProperty({ nullable: true, type: String }) creatorResult: string | null;
  @ApiProperty({ nullable: true, type: String }) opponentResult: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'winning outcome, no_clear_outcome or disputed' })
  finalResult: string | null;
  @ApiProperty({ nullable: true, type: String }) winnerUserId: string | null;
  @ApiProperty({ type: BetPartyDto, nullable: true }) winner: BetPartyDto | null;
  @ApiProperty({ enum: ['pending', 'active', 'completed', 'disputed', 'declined', 'cancelled', 'expired'] })
  status: string;
  @ApiProperty() resolutionType: string;
  @ApiProperty() duration: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) resolutionDate: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'An open challenge’s link code (`/c/{code}`), shown to its creator only; null for a bet sent to a friend',
  })
  challengeCode: string | null;
  @ApiProperty({ enum: ['duel', 'pot'], description: 'duel: two people; pot: a group pot (3 to 20 players)' })
  kind: 'duel' | 'pot';
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'A pot’s deadline to join (null for a duel)',
  })
  joinBy: string | null;
  @ApiProperty({ type: [BetParticipantDto], description: 'Every seat, in join order' })
  participants: BetParticipantDto[];
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'A referee bet’s referee (resolutionType referee). Always present.',
  })
  refereeId: string | null;
  @ApiPropertyOptional({ type: BetPartyDto, nullable: true, description: 'Always present.' })
  referee: BetPartyDto | null;
  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'When the referee took the role; the bet cannot start before. Always present.',
  })
  refereeAcceptedAt: string | null;
  @ApiPropertyOptional({ type: RefereeCallDto, nullable: true, description: 'Always present.' })
  call: RefereeCallDto | null;
  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Until when a player may appeal the call. Always present.',
  })
  appealUntil: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: '10.00',
    description:
      'The opponent’s stake when uneven (amount stays the creator’s); null is even money. Always present.',
  })
  opponentAmount: string | null;
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description:
      'Who made the latest counter-offer (null: the creator’s terms); the other side answers. Always present.',
  })
  offerBy: string | null;
  @ApiPropertyOptional({
    type: [BetOfferDto],
    description: 'Every counter-offer, oldest first. Always present.',
  })
  offers: BetOfferDto[];
}

export class ExpiringBetDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ enum: ['pending', 'active'] }) status: string;
}

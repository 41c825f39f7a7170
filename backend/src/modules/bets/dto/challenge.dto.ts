import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Who made an open challenge, as its link shows them: the display name only. */
export class ChallengerDto {
  @ApiProperty({
    format: 'uuid',
    description: 'So a signed-in app can tell its user this is their own challenge',
  })
  id: string;
  @ApiProperty({ description: 'First and last name, or the username when they gave no name' })
  displayName: string;
}

/**
 * An open challenge as its link shows it to anyone, signed in or not (docs/product.md, "Open challenge
 * links"): the terms needed to accept it, never the description or the opponent.
 */
export class ChallengeDto {
  @ApiProperty() code: string;
  @ApiProperty() title: string;
  @ApiProperty({ example: '25.00', description: 'Each side’s stake in dollars' }) amount: string;
  @ApiProperty({ type: [String] }) outcomes: string[];
  @ApiProperty({ description: 'The creator’s pick; whoever accepts must pick another outcome' })
  creatorPick: string;
  @ApiProperty({ type: ChallengerDto }) creator: ChallengerDto;
  @ApiProperty({
    enum: ['open', 'taken', 'cancelled', 'expired'],
    description: 'open: can be accepted; taken: someone accepted it; cancelled or expired: nobody can',
  })
  status: 'open' | 'taken' | 'cancelled' | 'expired';
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresAt: string | null;
  // Only on a pot's link: a duel's link answers exactly as it did before pots.
  @ApiPropertyOptional({
    enum: ['pot'],
    description: 'Only on a group pot’s share link: friends of its creator join it with any pick',
  })
  kind?: 'pot';
  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Only on a group pot’s share link: its deadline to join (then its status is expired)',
  })
  joinBy?: string | null;
}

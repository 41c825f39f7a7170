import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { MultiLineText } from '../../../common/http/multi-line-text.js';
import { AMOUNT_PATTERN } from '../../../common/money.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const trimEach = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value)
    ? value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
    : value;

@ValidatorConstraint({ name: 'minimumAmount' })
export class MinimumAmount implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    // Compared as text-derived cents, never as a float sum: "0.00" and "0" are below the minimum.
    return typeof value === 'string' && AMOUNT_PATTERN.test(value) && /[1-9]/.test(value);
  }
}

@ValidatorConstraint({ name: 'distinctOutcomes' })
class DistinctOutcomes implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      Array.isArray(value) && new Set(value.map((item) => String(item).toLowerCase())).size === value.length
    );
  }
}

@ValidatorConstraint({ name: 'noBlankOutcomes' })
class NoBlankOutcomes implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return (
      Array.isArray(value) &&
      value.every((item) => typeof item === 'string' && item.length > 0 && item.length <= 100)
    );
  }
}

/** docs/product.md §5 Bet creation, with the spec's messages; the server re-checks what the screen checks. */
/**
 * The spec's rules for a bet's amount, with its messages; listed in the order stacked decorators run (bottom
 * up), which decides the message a bad amount gets.
 */
const AmountRules = () =>
  applyDecorators(
    Validate(MinimumAmount, { message: 'Minimum bet amount is $0.01' }),
    Matches(AMOUNT_PATTERN, { message: 'Amount must be a number with at most 2 decimal places' }),
    IsNotEmpty({ message: 'Amount is required' }),
    IsString({ message: 'Amount is required' }),
  );

/** A group pot is asked for by inviteeIds: it then takes stake and joinBy instead of opponentId and amount. */
const isPot = (body: { inviteeIds?: unknown }): boolean => body.inviteeIds !== undefined;

export class CreateBetDto {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'A challenge to one person (required unless inviteeIds)',
  })
  @ValidateIf((body: CreateBetDto) => !isPot(body))
  @IsString({ message: 'You must select an opponent' })
  @IsNotEmpty({ message: 'You must select an opponent' })
  @IsUUID('all', { message: 'You must select an opponent' })
  opponentId: string;

  @ApiPropertyOptional({
    example: '25.00',
    description: 'Dollars as a string with at most 2 decimals (required unless inviteeIds)',
  })
  @ValidateIf((body: CreateBetDto) => !isPot(body))
  @AmountRules()
  amount: string;

  @ApiProperty({ maxLength: 200 })
  @Transform(trim)
  @IsString({ message: 'Title is required' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  title: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters' })
  @MultiLineText()
  description?: string;

  @ApiProperty({ type: [String], minItems: 2, maxItems: 4 })
  @Transform(trimEach)
  @IsArray({ message: 'At least 2 outcomes required' })
  @ArrayMinSize(2, { message: 'At least 2 outcomes required' })
  @ArrayMaxSize(4, { message: 'At most 4 outcomes allowed' })
  @Validate(NoBlankOutcomes, { message: 'Outcome options cannot be blank or longer than 100 characters' })
  @Validate(DistinctOutcomes, { message: 'Outcome options must all be different' })
  outcomes: string[];

  @ApiProperty({ minimum: 1, maximum: 8760, example: 168 })
  @IsInt({ message: 'Duration must be at least 1 hour' })
  @Min(1, { message: 'Duration must be at least 1 hour' })
  @Max(8760, { message: 'Duration must be at most 8760 hours' })
  duration: number;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'You must select your prediction' })
  @IsNotEmpty({ message: 'You must select your prediction' })
  creatorPick: string;

  @ApiPropertyOptional({
    enum: ['mutual', 'referee'],
    description:
      'mutual (default): the players report; referee: refereeId calls it (docs/product.md, "Referee bets")',
  })
  @IsOptional()
  @IsIn(['mutual', 'referee'], { message: 'resolutionType must be mutual or referee' })
  resolutionType?: 'mutual' | 'referee';

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'With resolutionType referee: a friend of yours who does not play, asked to call the bet',
  })
  @ValidateIf((body: CreateBetDto) => body.resolutionType === 'referee')
  @IsString({ message: 'Choose a referee' })
  @IsUUID('all', { message: 'Choose a referee from your friends' })
  refereeId?: string;

  @ApiPropertyOptional({
    example: '10.00',
    description:
      'Uneven stakes (a challenge to one person): what the opponent puts in against your amount ("I put $30 against your $10")',
  })
  @IsOptional()
  @IsString({ message: 'The opponent’s stake must be an amount' })
  @Matches(AMOUNT_PATTERN, { message: 'The opponent’s stake must be a number with at most 2 decimal places' })
  @Validate(MinimumAmount, { message: 'Minimum stake is $0.01' })
  opponentAmount?: string;

  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description:
      'A group pot: the friends invited (2 to 19; POT_MAX_PLAYERS - 1 at most), instead of opponentId',
  })
  @IsOptional()
  @IsArray({ message: 'Invite between 2 and 19 friends' })
  @ArrayMinSize(2, { message: 'Invite at least 2 friends' })
  @ArrayMaxSize(19, { message: 'Invite at most 19 friends' })
  @IsUUID('all', { each: true, message: 'Invite your friends from your friends list' })
  inviteeIds?: string[];

  @ApiPropertyOptional({ example: '10.00', description: 'A group pot: the stake every player puts in' })
  @ValidateIf(isPot)
  @IsString({ message: 'Stake is required' })
  @Matches(AMOUNT_PATTERN, { message: 'Stake must be a number with at most 2 decimal places' })
  @Validate(MinimumAmount, { message: 'Minimum stake is $0.01' })
  stake?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'A group pot: the deadline to join; it locks then',
  })
  @ValidateIf(isPot)
  @IsString({ message: 'Deadline to join is required' })
  @IsISO8601({ strict: true }, { message: 'Deadline to join must be a date and time' })
  joinBy?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'Post the bet in this circle of yours (and your opponent’s, or every invitee’s for a group pot): its feed and table follow it',
  })
  @IsOptional()
  @IsUUID('all', { message: 'circleId must be one of your circles' })
  circleId?: string;
}

/**
 * An open challenge: a bet with no opponent yet, sent as a link (`/c/{code}`). The same fields and rules
 * as a challenge to a friend, without opponentId.
 */
export class CreateChallengeDto extends OmitType(CreateBetDto, [
  'opponentId',
  'amount',
  'inviteeIds',
  'stake',
  'joinBy',
  'resolutionType',
  'refereeId',
  'opponentAmount',
] as const) {
  @ApiPropertyOptional({ enum: ['mutual'] })
  @IsOptional()
  @IsIn(['mutual'], { message: 'resolutionType must be mutual' })
  resolutionType?: 'mutual';

  @ApiProperty({ example: '25.00', description: 'Dollars as a string with at most 2 decimals' })
  @AmountRules()
  amount: string;
}

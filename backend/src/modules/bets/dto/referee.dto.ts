import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  Validate,
} from 'class-validator';
import { AMOUNT_PATTERN } from '../../../common/money.js';
import { MultiLineText } from '../../../common/http/multi-line-text.js';
import { MinimumAmount } from './create-bet.dto.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** The referee's call: `result` as in submit-result (an outcome, NO_CLEAR_OUTCOME, or a player's id). */
export class CallBetDto {
  @ApiProperty({ description: 'An outcome text, NO_CLEAR_OUTCOME, or (a two-person bet) the winner’s id' })
  @IsString({ message: 'Please select a result' })
  @IsNotEmpty({ message: 'Please select a result' })
  @MaxLength(200, { message: 'Please select a result' })
  result: string;

  @ApiProperty({
    minLength: 10,
    maxLength: 500,
    description: 'Why: shown to the players and, on appeal, the admin',
  })
  @Transform(trim)
  @IsString({ message: 'Say in a few words why (10 characters at least)' })
  @MinLength(10, { message: 'Say in a few words why (10 characters at least)' })
  @MaxLength(500, { message: 'The note must be at most 500 characters' })
  @MultiLineText()
  note: string;
}

export class AppealDto {
  @ApiProperty({
    minLength: 10,
    maxLength: 2000,
    description: 'Your side, for the admin who decides the appeal',
  })
  @Transform(trim)
  @IsString({ message: 'Say why you appeal (10 characters at least)' })
  @MinLength(10, { message: 'Say why you appeal (10 characters at least)' })
  @MaxLength(2000, { message: 'The statement must be at most 2000 characters' })
  @MultiLineText()
  statement: string;
}

export class NameRefereeDto {
  @ApiProperty({ format: 'uuid', description: 'A friend of yours who does not play in the bet' })
  @IsString({ message: 'Choose a referee' })
  @IsUUID('all', { message: 'Choose a referee from your friends' })
  refereeId: string;
}

export class CounterOfferDto {
  @ApiProperty({
    example: '10.00',
    description: 'The stake the opponent would put in (the creator’s stays amount)',
  })
  @IsString({ message: 'The opponent’s stake is required' })
  @Matches(AMOUNT_PATTERN, { message: 'The opponent’s stake must be a number with at most 2 decimal places' })
  @Validate(MinimumAmount, { message: 'Minimum stake is $0.01' })
  opponentAmount: string;

  @ApiPropertyOptional({ description: 'The opponent’s pick, if the offer changes it' })
  @IsOptional()
  @IsString({ message: 'Please select your predicted outcome.' })
  @MaxLength(100, { message: 'Please select your predicted outcome.' })
  opponentPick?: string;
}

export class RefereeRecordDto {
  @ApiProperty() userId: string;
  @ApiProperty({
    description:
      'false when their activity is not visible to you (their privacy setting): the counts are then 0',
  })
  visible: boolean;
  @ApiProperty({ description: 'Bets they called' }) calls: number;
  @ApiProperty({ description: 'Of those, calls a player appealed' }) appealed: number;
  @ApiProperty({ description: 'Of those, calls an admin overturned' }) overturned: number;
}

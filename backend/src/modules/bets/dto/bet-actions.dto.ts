import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MultiLineText } from '../../../common/http/multi-line-text.js';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';

export class AcceptBetDto {
  @ApiProperty()
  @IsString({ message: 'Please select your predicted outcome.' })
  @IsNotEmpty({ message: 'Please select your predicted outcome.' })
  @MaxLength(100, { message: 'Please select your predicted outcome.' })
  opponentPick: string;
}

/** Joining a group pot: the outcome you pick (several players may pick the same). */
export class JoinPotDto {
  @ApiProperty()
  @IsString({ message: 'Please select your predicted outcome.' })
  @IsNotEmpty({ message: 'Please select your predicted outcome.' })
  @MaxLength(100, { message: 'Please select your predicted outcome.' })
  pick: string;
}

export class SubmitResultDto {
  @ApiProperty({
    description: "Your own id (I won), the other party's id (I lost), NO_CLEAR_OUTCOME, or an outcome text",
  })
  @IsString({ message: 'Please select a result' })
  @IsNotEmpty({ message: 'Please select a result' })
  @MaxLength(200, { message: 'Please select a result' })
  result: string;

  @ApiPropertyOptional({ description: 'true to confirm a report that conflicts with the other party’s' })
  @IsOptional()
  @IsBoolean({ message: 'confirmed must be true or false' })
  confirmed?: boolean;
}

export class SubmitResultResponseDto {
  @ApiProperty() success: boolean;
  @ApiPropertyOptional() needsConfirmation?: boolean;
  @ApiPropertyOptional({ description: 'What the other party reported, when it conflicts' })
  conflictingOutcome?: string;
  @ApiProperty({ enum: ['active', 'completed', 'disputed'] }) status: string;
  @ApiPropertyOptional({ description: 'Shown to the user after submitting' }) message?: string;
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'When settled: the winner, null for a draw',
  })
  winnerUserId?: string | null;
  @ApiPropertyOptional({ example: '1025.00', description: "When settled: the reporter's balance afterwards" })
  balance?: string;
}

/** An admin's decision on a group pot names the outcome instead of a winner. */
const POT_OUTCOME_MESSAGE = 'Choose one of the outcomes, or no clear outcome';
const PotOutcome = () =>
  applyDecorators(
    ApiPropertyOptional({
      description:
        'A group pot: the outcome that happened (its text), or NO_CLEAR_OUTCOME (every stake back)',
    }),
    IsOptional(),
    IsString({ message: POT_OUTCOME_MESSAGE }),
    IsNotEmpty({ message: POT_OUTCOME_MESSAGE }),
    MaxLength(200, { message: POT_OUTCOME_MESSAGE }),
  );

export class AdminResolveDto {
  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'null or omitted for a draw: both refunded',
  })
  @IsOptional()
  @ValidateIf((_object, value) => value !== null)
  @IsUUID('all', { message: 'winnerId must be the creator or the opponent' })
  winnerId?: string | null;

  @PotOutcome()
  outcome?: string;

  @ApiProperty({ minLength: 10, description: 'Why: kept in the audit log and shown to both players' })
  @IsString({ message: 'Resolution must be at least 10 characters' })
  @MinLength(10, { message: 'Resolution must be at least 10 characters' })
  @MaxLength(2000, { message: 'Resolution must be at most 2000 characters' })
  @MultiLineText()
  resolution: string;
}

export class EditResolutionDto {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @IsOptional()
  @ValidateIf((_object, value) => value !== null)
  @IsUUID('all', { message: 'winnerId must be the creator or the opponent' })
  winnerId?: string | null;

  @PotOutcome()
  outcome?: string;

  @ApiProperty({ minLength: 10 })
  @IsString({ message: 'Reason must be at least 10 characters' })
  @MinLength(10, { message: 'Reason must be at least 10 characters' })
  @MaxLength(2000, { message: 'Reason must be at most 2000 characters' })
  @MultiLineText()
  reason: string;
}

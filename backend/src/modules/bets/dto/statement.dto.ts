import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { MultiLineText } from '../../../common/http/multi-line-text.js';

export const STATEMENT_MAX = 1000;

export class DisputeStatementInputDto {
  @ApiProperty({ minLength: 1, maxLength: STATEMENT_MAX, description: 'What you want the admin to know' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Write your statement' })
  @MinLength(1, { message: 'Write your statement' })
  @MaxLength(STATEMENT_MAX, { message: `A statement can be at most ${STATEMENT_MAX} characters` })
  @MultiLineText()
  text: string;
}

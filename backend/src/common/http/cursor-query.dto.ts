import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { INVALID_CURSOR } from './cursor.js';

/** `limit` of a paged list: a whole number from 1 to `max`, `fallback` when omitted. */
export function PageLimit(max: number, fallback: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: fallback }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'limit must be a whole number' }),
    Min(1, { message: 'limit must be at least 1' }),
    Max(max, { message: `limit must be at most ${max}` }),
  );
}

/** A list paged by an opaque keyset cursor (common/http/cursor.ts); subclasses add their `limit`. */
export class CursorQueryDto {
  @ApiPropertyOptional({
    maxLength: 600,
    description: 'The `nextBefore` of the previous page, as it came (opaque); omitted for the first page',
  })
  @IsOptional()
  @IsString({ message: INVALID_CURSOR })
  @MaxLength(600, { message: INVALID_CURSOR })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: INVALID_CURSOR })
  before?: string;
}

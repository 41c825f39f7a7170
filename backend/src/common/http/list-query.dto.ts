import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(100, { message: 'limit must be at most 100' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Return items older than this id (cursor)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'before must be a whole number' })
  @Min(1, { message: 'before must be at least 1' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'before must be a whole number' })
  before?: number;
}

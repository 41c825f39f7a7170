import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import { MultiLineText } from '../../../common/http/multi-line-text.js';

export const STATEMENT_MAX = 1000;
/** Evidence links a statement may carry (photos, videos, score pages). */
export const STATEMENT_LINKS_MAX = 3;
export const STATEMENT_LINK_MAX_LENGTH = 500;
const LINK_MESSAGE = 'Evidence links must be https:// addresses';

export class DisputeStatementInputDto {
  @ApiProperty({ minLength: 1, maxLength: STATEMENT_MAX, description: 'What you want the admin to know' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Write your statement' })
  @MinLength(1, { message: 'Write your statement' })
  @MaxLength(STATEMENT_MAX, { message: `A statement can be at most ${STATEMENT_MAX} characters` })
  @MultiLineText()
  text: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: STATEMENT_LINKS_MAX,
    description: 'Up to 3 https:// evidence links (photos, videos, score pages); replaces earlier links',
  })
  @IsOptional()
  @IsArray({ message: LINK_MESSAGE })
  @ArrayMaxSize(STATEMENT_LINKS_MAX, { message: `At most ${STATEMENT_LINKS_MAX} evidence links` })
  @IsString({ each: true, message: LINK_MESSAGE })
  @MaxLength(STATEMENT_LINK_MAX_LENGTH, {
    each: true,
    message: `An evidence link can be at most ${STATEMENT_LINK_MAX_LENGTH} characters`,
  })
  @IsUrl(
    { protocols: ['https'], require_protocol: true, disallow_auth: true },
    { each: true, message: LINK_MESSAGE },
  )
  links?: string[];
}

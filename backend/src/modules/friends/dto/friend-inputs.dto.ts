import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { CursorQueryDto, PageLimit } from '../../../common/http/cursor-query.dto.js';

export class FriendRequestInputDto {
  @ApiProperty({ format: 'uuid', description: 'The person you ask' })
  @IsUUID('all', { message: 'addresseeId must be a user id' })
  @IsNotEmpty({ message: 'addresseeId is required' })
  addresseeId: string;
}

export class SearchQueryDto {
  @ApiPropertyOptional({
    maxLength: 100,
    description: 'Part of a username, the start of a name, or a whole email address or phone number',
  })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(100, { message: 'Search text must be at most 100 characters' })
  q?: string;
}

export class FriendsListQueryDto extends CursorQueryDto {
  @PageLimit(1000, 500) limit?: number;
}

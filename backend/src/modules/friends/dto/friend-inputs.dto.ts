import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

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

export class FriendsListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 1000, default: 500 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(1000, { message: 'limit must be at most 1000' })
  limit?: number;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
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
  Max,
  MaxLength,
  Min,
} from 'class-validator';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export const SEASON_LENGTHS = ['weekly', 'monthly', 'custom'] as const;
export const CIRCLE_ROLES = ['owner', 'co_owner', 'member'] as const;

/** A circle's name: 1–200 characters once trimmed, kept as text (never read as HTML). */
export class CreateCircleDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Transform(trim)
  @IsString({ message: 'Give the circle a name' })
  @IsNotEmpty({ message: 'Give the circle a name' })
  @MaxLength(200, { message: 'A circle’s name can be at most 200 characters' })
  name: string;
}

export class UpdateCircleDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Give the circle a name' })
  @IsNotEmpty({ message: 'Give the circle a name' })
  @MaxLength(200, { message: 'A circle’s name can be at most 200 characters' })
  name?: string;

  @ApiPropertyOptional({
    enum: SEASON_LENGTHS,
    description: 'weekly: seasons end Monday 00:00 UTC; monthly: on the 1st; custom: on seasonEndsAt',
  })
  @IsOptional()
  @IsIn(SEASON_LENGTHS, { message: 'seasonLength must be weekly, monthly or custom' })
  seasonLength?: (typeof SEASON_LENGTHS)[number];

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'With seasonLength custom: when the current season ends (within a year)',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'seasonEndsAt must be a date and time' })
  seasonEndsAt?: string;
}

export class InviteToCircleDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'Friends of yours, at most 49 at once' })
  @IsArray({ message: 'userIds must be a list of people' })
  @ArrayMinSize(1, { message: 'Choose at least one friend to invite' })
  @ArrayMaxSize(49, { message: 'Invite at most 49 people at once' })
  @IsUUID('all', { each: true, message: 'userIds must be people’s ids' })
  userIds: string[];
}

export class JoinCircleDto {
  @ApiProperty({ description: 'The code of the circle’s invite link' })
  @IsString({ message: 'code is required' })
  @MaxLength(64, { message: 'This circle link does not work' })
  code: string;
}

export class SetRoleDto {
  @ApiProperty({ enum: ['co_owner', 'member'] })
  @IsIn(['co_owner', 'member'], { message: 'role must be co_owner or member' })
  role: 'co_owner' | 'member';
}

export class CommentInputDto {
  @ApiProperty({ minLength: 1, maxLength: 500, description: 'Plain text, shown as text' })
  @Transform(trim)
  @IsString({ message: 'Write something first' })
  @IsNotEmpty({ message: 'Write something first' })
  @MaxLength(500, { message: 'A comment can be at most 500 characters' })
  body: string;
}

export class HideCommentDto {
  @ApiProperty({ minLength: 1, maxLength: 500, description: 'Told to the comment’s author' })
  @Transform(trim)
  @IsString({ message: 'Give a reason' })
  @IsNotEmpty({ message: 'Give a reason' })
  @MaxLength(500, { message: 'The reason can be at most 500 characters' })
  reason: string;
}

export class PageQueryDto {
  @ApiPropertyOptional({ description: 'nextBefore of the previous page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'before must be the nextBefore of the previous page' })
  @Min(1, { message: 'before must be the nextBefore of the previous page' })
  @Max(2_147_483_647, { message: 'before must be the nextBefore of the previous page' })
  before?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 50' })
  @Min(1, { message: 'limit must be a whole number from 1 to 50' })
  @Max(50, { message: 'limit must be a whole number from 1 to 50' })
  limit?: number;
}

export class LeaderboardQueryDto {
  @ApiPropertyOptional({ description: 'A season’s number; the current one when left out' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'season must be a season’s number' })
  @Min(1, { message: 'season must be a season’s number' })
  @Max(1_000_000, { message: 'season must be a season’s number' })
  season?: number;
}

export class CirclePersonDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ nullable: true, type: String }) username: string | null;
  @ApiProperty({ nullable: true, type: String }) firstName: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty({ nullable: true, type: String }) profileImageUrl: string | null;
}

export class SeasonDto {
  @ApiProperty() number: number;
  @ApiProperty({ format: 'date-time' }) startsAt: string;
  @ApiProperty({ format: 'date-time' }) endsAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) endedAt: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) winnerId: string | null;
}

export class CircleSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: String, description: 'Where its picture is served; null: none' })
  pictureUrl: string | null;
  @ApiProperty({ enum: CIRCLE_ROLES, nullable: true, type: String, description: 'null: an admin looking' })
  role: (typeof CIRCLE_ROLES)[number] | null;
  @ApiProperty() memberCount: number;
}

export class CircleMemberDto {
  @ApiProperty({ type: CirclePersonDto }) person: CirclePersonDto;
  @ApiProperty({ enum: CIRCLE_ROLES }) role: (typeof CIRCLE_ROLES)[number];
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
}

export class CircleDto extends CircleSummaryDto {
  @ApiProperty({ enum: SEASON_LENGTHS }) seasonLength: (typeof SEASON_LENGTHS)[number];
  @ApiProperty({ type: SeasonDto }) season: SeasonDto;
  @ApiProperty({ type: [CircleMemberDto] }) members: CircleMemberDto[];
  @ApiProperty({ nullable: true, type: String, description: 'The invite link’s code, for members' })
  inviteCode: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class CircleInvitationDto {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'uuid' }) circleId: string;
  @ApiProperty() circleName: string;
  @ApiProperty({ type: CirclePersonDto }) invitedBy: CirclePersonDto;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class InvitationsSentDto {
  @ApiProperty({ type: [String], description: 'Invited now' }) invited: string[];
  @ApiProperty({ type: [String], description: 'Already members or already invited: nothing changed' })
  skipped: string[];
}

export class CircleLinkDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() memberCount: number;
  @ApiProperty({ description: 'true when you are in it already' }) member: boolean;
}

export class TrophyDto {
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null: a circle you are not in' })
  circleId: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'null: a circle you are not in' })
  circleName: string | null;
  @ApiProperty() seasonNumber: number;
  @ApiProperty({ format: 'date-time' }) awardedAt: string;
}

export class FeedPlayerDto {
  @ApiProperty({ type: CirclePersonDto }) person: CirclePersonDto;
  @ApiProperty({ enum: ['won', 'lost', 'draw'], nullable: true, type: String })
  result: 'won' | 'lost' | 'draw' | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Net gain; null when their balance is private to you',
  })
  net: string | null;
}

export class FeedBetDto {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'The bet’s status now' }) status: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Each player’s stake; null unless every player’s balance is visible to you',
  })
  amount: string | null;
  @ApiProperty({ type: [FeedPlayerDto] }) players: FeedPlayerDto[];
}

export class ReactionDto {
  @ApiProperty() emoji: string;
  @ApiProperty() count: number;
  @ApiProperty() mine: boolean;
  @ApiProperty({ type: [CirclePersonDto] }) by: CirclePersonDto[];
}

export class StandingDto {
  @ApiProperty() rank: number;
  @ApiProperty({ type: CirclePersonDto }) person: CirclePersonDto;
  @ApiProperty({ nullable: true, type: String, description: 'null when their balance is private to you' })
  net: string | null;
  @ApiProperty() won: number;
  @ApiProperty() lost: number;
  @ApiProperty() drawn: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Percent of decided bets won; null: none yet' })
  winRate: number | null;
  @ApiProperty({ description: 'Positive: wins in a row; negative: losses in a row; 0: none' })
  streak: number;
  @ApiProperty({ enum: ['reliable', 'watch', 'unreliable'] })
  reliability: 'reliable' | 'watch' | 'unreliable';
  @ApiProperty({ description: 'Bets sent to review because they did not report in time' })
  lateReports: number;
  @ApiProperty({ description: 'Disputes an admin decided against them' }) disputesLost: number;
}

export class LeaderboardDto {
  @ApiProperty({ type: SeasonDto }) season: SeasonDto;
  @ApiProperty({ type: [StandingDto] }) standings: StandingDto[];
  @ApiProperty({ type: [SeasonDto], description: 'Every season, newest first' }) seasons: SeasonDto[];
}

export class SeasonEndDto {
  @ApiProperty() number: number;
  @ApiProperty({ type: CirclePersonDto, nullable: true }) winner: CirclePersonDto | null;
  @ApiProperty({ type: [StandingDto], description: 'The final table' }) standings: StandingDto[];
}

export class FeedItemDto {
  @ApiProperty() id: number;
  @ApiProperty({
    enum: ['challenged', 'accepted', 'locked', 'settled', 'decided', 'void', 'season_ended'],
    description: "locked and void: a group pot's lock, and its calling off (void at the lock, or cancelled)",
  })
  kind: 'challenged' | 'accepted' | 'locked' | 'settled' | 'decided' | 'void' | 'season_ended';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: FeedBetDto, nullable: true }) bet: FeedBetDto | null;
  @ApiProperty({ type: SeasonEndDto, nullable: true }) season: SeasonEndDto | null;
  @ApiProperty() commentCount: number;
  @ApiProperty({ type: [ReactionDto] }) reactions: ReactionDto[];
}

export class FeedPageDto {
  @ApiProperty({ type: [FeedItemDto] }) items: FeedItemDto[];
  @ApiProperty({ nullable: true, type: Number }) nextBefore: number | null;
}

export class CommentDto {
  @ApiProperty() id: number;
  @ApiProperty() itemId: number;
  @ApiProperty({ type: CirclePersonDto }) author: CirclePersonDto;
  @ApiProperty({ nullable: true, type: String, description: 'Plain text; null when hidden by an admin' })
  body: string | null;
  @ApiProperty() hidden: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Why an admin hid it (author and admins only)' })
  hiddenReason: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) editedAt: string | null;
  @ApiProperty() mine: boolean;
}

export class CommentPageDto {
  @ApiProperty({ type: [CommentDto] }) items: CommentDto[];
  @ApiProperty({ nullable: true, type: Number }) nextBefore: number | null;
}

export class ReactionsDto {
  @ApiProperty({ type: [ReactionDto] }) reactions: ReactionDto[];
}

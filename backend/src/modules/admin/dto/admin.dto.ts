import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MultiLineText } from '../../../common/http/multi-line-text.js';
import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { CursorQueryDto, PageLimit } from '../../../common/http/cursor-query.dto.js';
import { AMOUNT_PATTERN } from '../../../common/money.js';
import { BetDto } from '../../bets/index.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export class BalanceAdjustmentDto {
  @ApiProperty({ description: 'User id or username' })
  @Transform(trim)
  @IsString({ message: 'User ID is required' })
  @IsNotEmpty({ message: 'User ID is required' })
  @MaxLength(64, { message: 'User ID is required' })
  userId: string;

  @ApiProperty({ example: '25.00' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'Amount must be a valid positive number' })
  @Matches(AMOUNT_PATTERN, { message: 'Amount must be a valid positive number' })
  @Matches(/[1-9]/, { message: 'Amount must be a valid positive number' })
  amount: string;

  @ApiProperty({ minLength: 10 })
  @Transform(trim)
  @IsString({ message: 'Reason must be at least 10 characters' })
  @MinLength(10, { message: 'Reason must be at least 10 characters' })
  @MaxLength(2000, { message: 'Reason must be at most 2000 characters' })
  @MultiLineText()
  reason: string;

  @ApiProperty({ enum: ['deposit', 'withdrawal'] })
  @IsIn(['deposit', 'withdrawal'], { message: 'Type must be deposit or withdrawal' })
  type: 'deposit' | 'withdrawal';
}

export class ModerationActionDto {
  @ApiProperty({ description: 'User id or username' })
  @Transform(trim)
  @IsString({ message: 'User ID is required' })
  @IsNotEmpty({ message: 'User ID is required' })
  @MaxLength(64, { message: 'User ID is required' })
  userId: string;

  @ApiProperty({ enum: ['warn', 'suspend', 'unsuspend', 'ban', 'unban'] })
  @IsIn(['warn', 'suspend', 'unsuspend', 'ban', 'unban'], {
    message: 'Action must be one of warn, suspend, unsuspend, ban, unban',
  })
  action: 'warn' | 'suspend' | 'unsuspend' | 'ban' | 'unban';

  @ApiProperty({ minLength: 10 })
  @Transform(trim)
  @IsString({ message: 'Reason must be at least 10 characters' })
  @MinLength(10, { message: 'Reason must be at least 10 characters' })
  @MaxLength(2000, { message: 'Reason must be at most 2000 characters' })
  @MultiLineText()
  reason: string;

  @ApiPropertyOptional({ description: 'Days (suspend); omitted = until unsuspended' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Duration must be a whole number of days' })
  @Min(1, { message: 'Duration must be at least 1 day' })
  @Max(3650, { message: 'Duration must be at most 3650 days' })
  duration?: number;
}

export class AdminUsersQueryDto extends CursorQueryDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'The start of a username, email, first or last name' })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;

  @PageLimit(200, 50) limit?: number;
}

/** The audit log is paged by entry id: entries are numbered in the order they were recorded. */
export class AuditLogQueryDto {
  @PageLimit(200, 100) limit?: number;

  @ApiPropertyOptional({
    description: 'The `nextBefore` of the previous page: entries recorded before this one',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'before must be an audit entry id' })
  @Min(1, { message: 'before must be an audit entry id' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'before must be an audit entry id' })
  before?: number;
}

export class DisputeListQueryDto extends CursorQueryDto {
  @PageLimit(100, 100) limit?: number;
}

export class AdminAnalyticsDto {
  @ApiProperty() totalUsers: number;
  @ApiProperty() totalBets: number;
  @ApiProperty({
    example: '1234.00',
    description: 'Sum of stakes of bets that were accepted (active, disputed, completed), both sides',
  })
  totalVolume: string;
  @ApiProperty() activeDisputes: number;
}

export class AdminUserDto {
  @ApiProperty() id: string;
  @ApiProperty({ nullable: true, type: String }) username: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) firstName: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty() balance: string;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() profileCompleted: boolean;
  @ApiProperty({ nullable: true, type: String }) bannedAt: string | null;
  @ApiProperty({ nullable: true, type: String }) suspendedUntil: string | null;
  @ApiProperty() createdAt: string;
}

export class AuditEntryDto {
  @ApiProperty() id: number;
  @ApiProperty() adminId: string;
  @ApiProperty() action: string;
  @ApiProperty() targetType: string;
  @ApiProperty() targetId: string;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true })
  previousValue: Record<string, unknown> | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true })
  newValue: Record<string, unknown> | null;
  @ApiProperty() createdAt: string;
}

export class AdminUserPageDto {
  @ApiProperty({ type: [AdminUserDto] }) items: AdminUserDto[];
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Pass as `before` for the next page (newest accounts first); null on the last page',
  })
  nextBefore: string | null;
}

export class AuditLogPageDto {
  @ApiProperty({ type: [AuditEntryDto] }) items: AuditEntryDto[];
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Pass as `before` for the next, older page; null on the last page',
  })
  nextBefore: number | null;
}

/** Disputed bets, or disputes an admin resolved: most recent (resolutionDate) first. */
export class DisputeListDto {
  @ApiProperty({ type: [BetDto] }) items: BetDto[];
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Pass as `before` for the next, older page; null on the last page',
  })
  nextBefore: string | null;
}

export class BalanceAdjustmentResultDto {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ example: '1000.00' }) previousBalance: string;
  @ApiProperty({ example: '1025.50' }) newBalance: string;
}

export class ModerationResultDto {
  @ApiProperty({ enum: ['warn', 'suspend', 'unsuspend', 'ban', 'unban'] }) action: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'Suspensions only: when it lifts; 9999-12-31T00:00:00.000Z means until unsuspended',
  })
  expiresAt: string | null;
}

/** One moderation action as the affected user sees it (no admin identity). */
export class ModerationNoticeDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ['warn', 'suspend', 'unsuspend', 'ban', 'unban'] })
  action: 'warn' | 'suspend' | 'unsuspend' | 'ban' | 'unban';
  @ApiProperty() reason: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Suspension length in days; null = indefinite' })
  duration: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'Suspensions only: when it lifts; 9999-12-31T00:00:00.000Z means until unsuspended',
  })
  expiresAt: string | null;
  @ApiProperty({ description: 'true when the system did it (a suspension that ran out)' }) automatic: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

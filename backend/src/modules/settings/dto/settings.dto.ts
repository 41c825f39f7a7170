import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsDateString,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { US_STATES } from '../../users/us-states.js';
import { PASSWORD_RULES } from '../../auth/dto/signup.dto.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const VISIBILITY = ['public', 'friends', 'private'] as const;

export class UpdateProfileDto {
  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString()
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(100)
  lastName?: string;

  @ApiPropertyOptional({ description: 'Accepted only when unchanged: email cannot be edited' })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(3, { message: 'Username must be at least 3 characters' })
  @MaxLength(30, { message: 'Username must be at most 30 characters' })
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'Username can only contain letters, numbers, and underscores' })
  username?: string;

  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(32, { message: 'Phone number must be at most 32 characters' })
  @Matches(/^$|^[+()\d\s.-]{5,32}$/, { message: 'Invalid phone number' })
  phoneNumber?: string;

  @ApiPropertyOptional({ format: 'date' })
  @IsOptional()
  @IsDateString({ strict: true }, { message: 'Birthday must be a valid date' })
  birthday?: string;

  @ApiPropertyOptional({ enum: US_STATES })
  @IsOptional()
  @IsIn(US_STATES, { message: 'State must be one of the 50 US states' })
  state?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  profileImageUrl?: string;
}

export class ProfileImageDto {
  @ApiProperty({
    description: 'A generated-avatar address (https://api.dicebear.com/ or https://ui-avatars.com/api/)',
  })
  @IsString({ message: 'imageUrl must be a generated-avatar address' })
  @MaxLength(2048)
  imageUrl: string;
}

export class NotificationSettingsDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'emailNotifications must be true or false' })
  emailNotifications?: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'pushNotifications must be true or false' })
  pushNotifications?: boolean;
}

export class PrivacySettingsInputDto {
  @ApiPropertyOptional({ enum: VISIBILITY })
  @IsOptional()
  @IsIn(VISIBILITY, { message: 'profileVisibility must be public, friends or private' })
  profileVisibility?: (typeof VISIBILITY)[number];

  @ApiPropertyOptional({ enum: VISIBILITY })
  @IsOptional()
  @IsIn(VISIBILITY, { message: 'activityVisibility must be public, friends or private' })
  activityVisibility?: (typeof VISIBILITY)[number];

  @ApiPropertyOptional({ enum: VISIBILITY })
  @IsOptional()
  @IsIn(VISIBILITY, { message: 'balanceVisibility must be public, friends or private' })
  balanceVisibility?: (typeof VISIBILITY)[number];

  @ApiPropertyOptional({ enum: ['everyone', 'friends'], description: 'Who may challenge me to a bet' })
  @IsOptional()
  @IsIn(['everyone', 'friends'], { message: 'allowChallengesFrom must be everyone or friends' })
  allowChallengesFrom?: 'everyone' | 'friends';
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(128)
  currentPassword: string;

  @ApiProperty()
  @IsString({ message: PASSWORD_RULES.minMessage })
  @MinLength(8, { message: PASSWORD_RULES.minMessage })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @Matches(PASSWORD_RULES.pattern, { message: PASSWORD_RULES.patternMessage })
  newPassword: string;
}

export class DeleteAccountDto {
  @ApiPropertyOptional({ description: 'Required for password accounts' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  password?: string;

  @ApiProperty({ enum: ['DELETE'] })
  @Equals('DELETE', { message: 'Type DELETE to confirm' })
  confirm: 'DELETE';
}

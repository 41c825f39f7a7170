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
  ValidateIf,
} from 'class-validator';
import { US_STATES } from '../../users/index.js';
import { PASSWORD_RULES } from '../../auth/index.js';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);
const VISIBILITY = ['public', 'friends', 'private'] as const;

/** Validated whenever the field is in the body, null included: absent means "leave as it is". */
const IfPresent = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
/** Validated unless absent, null or empty: null or '' clears the field. */
const IfNotCleared = () =>
  ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null && value !== '');

/**
 * PATCH /api/user/profile. Every field is optional; an absent field keeps its value. Email is never
 * editable: sending the current address is accepted and ignored, any other gives 400. The picture is not
 * set here but uploaded to PUT /api/users/me/picture (docs/product.md "Profile pictures").
 */
export class UpdateProfileDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trim)
  @IfPresent()
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @Transform(trim)
  @IfPresent()
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  lastName?: string;

  @ApiPropertyOptional({
    description: 'Accepted only when it is the current address: email cannot be changed',
  })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'Email cannot be changed' })
  @MaxLength(254, { message: 'Email cannot be changed' })
  email?: string;

  @ApiPropertyOptional({ minLength: 3, maxLength: 30, pattern: '^[A-Za-z0-9_]+$' })
  @Transform(trim)
  @IfPresent()
  @IsString({ message: 'Username must be at least 3 characters' })
  @MinLength(3, { message: 'Username must be at least 3 characters' })
  @MaxLength(30, { message: 'Username must be at most 30 characters' })
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'Username can only contain letters, numbers, and underscores' })
  username?: string;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'null or empty removes the number' })
  @Transform(trim)
  @IfNotCleared()
  @IsString({ message: 'Phone number must be text' })
  @MaxLength(32, { message: 'Phone number must be at most 32 characters' })
  @Matches(/^[+()\d\s.-]{5,32}$/, { message: 'Invalid phone number' })
  phoneNumber?: string | null;

  @ApiPropertyOptional({ format: 'date', description: 'A date in the past, e.g. 1990-04-01' })
  @IfPresent()
  @IsString({ message: 'Birthday is required' })
  @IsNotEmpty({ message: 'Birthday is required' })
  @IsDateString({ strict: true }, { message: 'Birthday must be a valid date' })
  birthday?: string;

  @ApiPropertyOptional({ enum: US_STATES })
  @IfPresent()
  @IsString({ message: 'State is required' })
  @IsNotEmpty({ message: 'State is required' })
  @IsIn(US_STATES, { message: 'State must be one of the 50 US states' })
  state?: string;
}

/** PATCH /api/settings/notifications: absent fields keep their value. */
export class NotificationSettingsDto {
  @ApiPropertyOptional()
  @IfPresent()
  @IsBoolean({ message: 'emailNotifications must be true or false' })
  emailNotifications?: boolean;

  @ApiPropertyOptional()
  @IfPresent()
  @IsBoolean({ message: 'pushNotifications must be true or false' })
  pushNotifications?: boolean;
}

/**
 * PATCH /api/settings/privacy: merged into the stored settings (absent fields keep their value).
 * allowChallengesFrom is kept in the same jsonb; when never set it means 'everyone'.
 */
export class PrivacySettingsInputDto {
  @ApiPropertyOptional({ enum: VISIBILITY, description: 'Gates name, state and member-since' })
  @IfPresent()
  @IsIn(VISIBILITY, { message: 'profileVisibility must be public, friends or private' })
  profileVisibility?: (typeof VISIBILITY)[number];

  @ApiPropertyOptional({ enum: VISIBILITY, description: 'Gates activity and stats' })
  @IfPresent()
  @IsIn(VISIBILITY, { message: 'activityVisibility must be public, friends or private' })
  activityVisibility?: (typeof VISIBILITY)[number];

  @ApiPropertyOptional({ enum: VISIBILITY, description: 'Gates the balance' })
  @IfPresent()
  @IsIn(VISIBILITY, { message: 'balanceVisibility must be public, friends or private' })
  balanceVisibility?: (typeof VISIBILITY)[number];

  @ApiPropertyOptional({
    enum: ['everyone', 'friends'],
    description: "Who may challenge me to a bet; 'everyone' when never set",
  })
  @IfPresent()
  @IsIn(['everyone', 'friends'], { message: 'allowChallengesFrom must be everyone or friends' })
  allowChallengesFrom?: 'everyone' | 'friends';
}

/** POST /api/settings/password: the new password follows the sign-up rules and messages. */
export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(128, { message: 'Current password is incorrect' })
  currentPassword: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @IsString({ message: PASSWORD_RULES.minMessage })
  @MinLength(8, { message: PASSWORD_RULES.minMessage })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  @Matches(PASSWORD_RULES.pattern, { message: PASSWORD_RULES.patternMessage })
  newPassword: string;
}

/** DELETE /api/user/account. */
export class DeleteAccountDto {
  @ApiPropertyOptional({
    description:
      'The current password; required for accounts that have one (not for identity-provider accounts)',
  })
  @IsOptional()
  @IsString({ message: 'Password is incorrect' })
  @MaxLength(128, { message: 'Password is incorrect' })
  password?: string;

  @ApiProperty({ enum: ['DELETE'], description: 'Must be exactly DELETE' })
  @Equals('DELETE', { message: 'Type DELETE to confirm' })
  confirm: 'DELETE';
}

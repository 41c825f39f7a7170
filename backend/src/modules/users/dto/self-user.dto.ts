import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class PrivacySettingsDto {
  @ApiProperty({ enum: ['public', 'friends', 'private'] })
  profileVisibility: 'public' | 'friends' | 'private';

  @ApiProperty({ enum: ['public', 'friends', 'private'] })
  activityVisibility: 'public' | 'friends' | 'private';

  @ApiProperty({ enum: ['public', 'friends', 'private'] })
  balanceVisibility: 'public' | 'friends' | 'private';

  @ApiProperty({ enum: ['everyone', 'friends'], description: 'Who may send this user a challenge' })
  allowChallengesFrom: 'everyone' | 'friends';
}

/** The signed-in user as they see themselves. Never carries a password hash, 2FA secret or code. */
export class SelfUserDto {
  @ApiProperty() id: string;
  @ApiProperty({ nullable: true, type: String }) firstName: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty() email: string;
  @ApiProperty({ nullable: true, type: String }) username: string | null;
  @ApiProperty({ nullable: true, type: String }) phoneNumber: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) birthday: string | null;
  @ApiProperty({ nullable: true, type: String }) state: string | null;
  @ApiProperty({ example: '1000.00' }) balance: string;
  @ApiProperty({ nullable: true, type: String }) profileImageUrl: string | null;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() profileCompleted: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() emailNotifications: boolean;
  @ApiProperty() pushNotifications: boolean;
  @ApiProperty({ type: PrivacySettingsDto }) privacySettings: PrivacySettingsDto;
  @ApiProperty() twoFactorEnabled: boolean;
  @ApiProperty({ description: 'Whether the person confirmed their email address through the mailed link' })
  isEmailVerified: boolean;
  @ApiProperty() totalBetsWon: number;
  @ApiProperty() totalBetsLost: number;
  @ApiProperty({ enum: ['manual', 'oidc'] }) authProvider: 'manual' | 'oidc';
  @ApiPropertyOptional({ nullable: true, type: String, format: 'date-time' }) suspendedUntil: string | null;
}

import { ApiProperty } from '@nestjs/swagger';
import { SelfUserDto } from '../../users/index.js';

const VISIBILITY = ['public', 'friends', 'private'];

export class ExportPrivacySettingsDto {
  @ApiProperty({ enum: VISIBILITY }) profileVisibility: string;
  @ApiProperty({ enum: VISIBILITY }) activityVisibility: string;
  @ApiProperty({ enum: VISIBILITY }) balanceVisibility: string;
  @ApiProperty({ enum: ['everyone', 'friends'] }) allowChallengesFrom: string;
}

export class ExportSettingsDto {
  @ApiProperty() emailNotifications: boolean;
  @ApiProperty() pushNotifications: boolean;
  @ApiProperty({ type: ExportPrivacySettingsDto }) privacySettings: ExportPrivacySettingsDto;
  @ApiProperty() twoFactorEnabled: boolean;
}

/** One ledger row: money as strings with 2 decimals. */
export class ExportTransactionDto {
  @ApiProperty() id: string;
  @ApiProperty() type: string;
  @ApiProperty({ example: '-40.00' }) amount: string;
  @ApiProperty({ example: '1000.00' }) balanceBefore: string;
  @ApiProperty({ example: '960.00' }) balanceAfter: string;
  @ApiProperty({ nullable: true, type: String }) referenceType: string | null;
  @ApiProperty({ nullable: true, type: String }) referenceId: string | null;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ExportBetDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ['duel', 'pot'] }) kind: string;
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ example: '40.00', description: 'The creator’s stake (a pot’s stake for every player)' })
  amount: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '10.00',
    description: 'A duel’s opponent’s stake when it differs from the creator’s',
  })
  opponentAmount: string | null;
  @ApiProperty() creatorId: string;
  @ApiProperty({ nullable: true, type: String }) opponentId: string | null;
  @ApiProperty() status: string;
  @ApiProperty() duration: number;
  @ApiProperty({ type: [String] }) outcomes: string[];
  @ApiProperty({ nullable: true, type: String }) creatorPick: string | null;
  @ApiProperty({ nullable: true, type: String }) opponentPick: string | null;
  @ApiProperty({ nullable: true, type: String }) creatorResult: string | null;
  @ApiProperty({ nullable: true, type: String }) opponentResult: string | null;
  @ApiProperty({ nullable: true, type: String }) finalResult: string | null;
  @ApiProperty({ nullable: true, type: String }) winnerUserId: string | null;
  @ApiProperty() resolutionType: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) expiresAt: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) resolutionDate: string | null;
}

/** One of the person's seats: in which bet, as what, with which pick, stake, report and payout. */
export class ExportSeatDto {
  @ApiProperty() betId: number;
  @ApiProperty({ enum: ['creator', 'opponent', 'player'] }) role: string;
  @ApiProperty({ nullable: true, type: String }) pick: string | null;
  @ApiProperty({ example: '10.00' }) stake: string;
  @ApiProperty({ nullable: true, type: String }) result: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) joinedAt: string | null;
  @ApiProperty({ nullable: true, type: String, example: '13.33' }) payout: string | null;
}

export class ExportBetActivityDto {
  @ApiProperty() id: number;
  @ApiProperty({ nullable: true, type: Number }) betId: number | null;
  @ApiProperty() activityType: string;
  @ApiProperty() description: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ExportFriendshipDto {
  @ApiProperty() id: string;
  @ApiProperty() requesterId: string;
  @ApiProperty() addresseeId: string;
  @ApiProperty() status: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/**
 * GET /api/settings/export: everything the user has here, served as the download
 * `betwixt-export.json`. Never a password hash, two-factor secret or verification code. Each list holds
 * at most `limitPerList` rows (oldest first).
 */
export class AccountExportDto {
  @ApiProperty({ format: 'date-time' }) exportedAt: string;
  @ApiProperty({ example: 10000 }) limitPerList: number;
  @ApiProperty({ type: SelfUserDto }) profile: SelfUserDto;
  @ApiProperty({ type: ExportSettingsDto }) settings: ExportSettingsDto;
  @ApiProperty({ type: [ExportTransactionDto] }) transactions: ExportTransactionDto[];
  @ApiProperty({ type: [ExportBetDto], description: 'Every bet the person holds a seat in, duels and pots' })
  bets: ExportBetDto[];
  @ApiProperty({ type: [ExportSeatDto] }) seats: ExportSeatDto[];
  @ApiProperty({ type: [ExportBetActivityDto] }) betActivities: ExportBetActivityDto[];
  @ApiProperty({ type: [ExportFriendshipDto] }) friendships: ExportFriendshipDto[];
}

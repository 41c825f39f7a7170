import { ApiProperty } from '@nestjs/swagger';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  type NotificationCategory,
  type NotificationType,
} from '../notification-kinds.js';

export class NotificationDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) type: NotificationType;
  @ApiProperty({
    enum: NOTIFICATION_CATEGORIES,
    description: 'The browser switch that governs it (notification-settings); account ones always show',
  })
  category: NotificationCategory;
  @ApiProperty() title: string;
  @ApiProperty() body: string;
  @ApiProperty({ description: 'Where a click takes the user in the app' }) url: string;
  @ApiProperty({ nullable: true, type: Number }) betId: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The bet's status now (lists only; null in live events and for other notifications)",
  })
  betStatus: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Winnings of a won bet' }) amount: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) readAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class NotificationPageDto {
  @ApiProperty({ type: [NotificationDto] }) items: NotificationDto[];
  @ApiProperty() unreadCount: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Pass as `before` for the next, older page' })
  nextBefore: number | null;
}

export class UnreadCountDto {
  @ApiProperty() unreadCount: number;
}

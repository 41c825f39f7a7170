import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Who should get a committed notification by email. */
export interface EmailRecipient {
  notificationId: number;
  email: string;
}

@Injectable()
export class EmailRecipientsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The recipients of these notifications who want email and may get it (not deleted, not banned), in
   * one query for the whole batch; found through the notification rows.
   */
  forNotifications(notificationIds: number[]): Promise<EmailRecipient[]> {
    return this.dataSource.query<EmailRecipient[]>(
      `SELECT n.id AS "notificationId", u.email
         FROM notifications n
         JOIN users u ON u.id = n."userId"
        WHERE n.id = ANY($1::int[])
          AND u."emailNotifications" AND u."deletedAt" IS NULL AND u."bannedAt" IS NULL
        ORDER BY n.id`,
      [notificationIds],
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The notification outbox: emails and pushes to send, written in the transaction of the event they tell
 * about and claimed by delivery workers (see docs/notifications.md, "Delivery").
 */
export class NotificationOutbox1795514300000 implements MigrationInterface {
  name = 'NotificationOutbox1795514300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notification_outbox" ("id" SERIAL NOT NULL, "notificationId" integer NOT NULL, "channel" character varying(8) NOT NULL, "subscriptionId" integer, "status" character varying(10) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "nextAttemptAt" TIMESTAMP WITH TIME ZONE NOT NULL, "lastError" character varying(300), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_83d47c7dba1da2d038749fe757e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_notification_outbox_subscription" ON "notification_outbox"  ("subscriptionId") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_notification_outbox_notification" ON "notification_outbox"  ("notificationId") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_notification_outbox_finished" ON "notification_outbox"  ("finishedAt") WHERE "finishedAt" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_notification_outbox_due" ON "notification_outbox"  ("channel", "nextAttemptAt") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_outbox" ADD CONSTRAINT "FK_notification_outbox_notificationId" FOREIGN KEY ("notificationId") REFERENCES "notifications"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_outbox" ADD CONSTRAINT "FK_notification_outbox_subscriptionId" FOREIGN KEY ("subscriptionId") REFERENCES "push_subscriptions"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "notification_outbox" DROP CONSTRAINT "FK_notification_outbox_subscriptionId"`,
    );
    await queryRunner.query(
      `ALTER TABLE "notification_outbox" DROP CONSTRAINT "FK_notification_outbox_notificationId"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_notification_outbox_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notification_outbox_finished"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notification_outbox_notification"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notification_outbox_subscription"`);
    await queryRunner.query(`DROP TABLE "notification_outbox"`);
  }
}

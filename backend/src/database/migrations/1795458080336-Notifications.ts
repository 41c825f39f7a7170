import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1795458080336 implements MigrationInterface {
  name = 'Notifications1795458080336';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notifications" ("id" SERIAL NOT NULL, "userId" uuid NOT NULL, "type" character varying(32) NOT NULL, "title" character varying(200) NOT NULL, "body" text NOT NULL, "betId" integer, "actorId" uuid, "amount" numeric(10,2), "readAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_notifications_user_unread" ON "notifications"  ("userId") WHERE "readAt" IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_notifications_user_id" ON "notifications"  ("userId", "id") `);
    await queryRunner.query(
      `CREATE TABLE "push_subscriptions" ("id" SERIAL NOT NULL, "userId" uuid NOT NULL, "endpoint" character varying(2048) NOT NULL, "p256dh" character varying(200) NOT NULL, "auth" character varying(100) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_757fc8f00c34f66832668dc2e53" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_push_subscriptions_endpoint" ON "push_subscriptions"  ("endpoint") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_push_subscriptions_user" ON "push_subscriptions"  ("userId") `,
    );
    await queryRunner.query(`ALTER TABLE "bets" ADD "reminderSentAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_notifications_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_notifications_actorId" FOREIGN KEY ("actorId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_notifications_betId" FOREIGN KEY ("betId") REFERENCES "bets"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "push_subscriptions" ADD CONSTRAINT "FK_push_subscriptions_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "push_subscriptions" DROP CONSTRAINT "FK_push_subscriptions_userId"`,
    );
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_notifications_betId"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_notifications_actorId"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_notifications_userId"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP COLUMN "reminderSentAt"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_push_subscriptions_user"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_push_subscriptions_endpoint"`);
    await queryRunner.query(`DROP TABLE "push_subscriptions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notifications_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_notifications_user_unread"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795374864630 implements MigrationInterface {
  name = 'InitialSchema1795374864630';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "firstName" character varying(100), "lastName" character varying(100), "profileImageUrl" character varying(2048), "password" character varying(255), "authProvider" character varying(32) NOT NULL DEFAULT 'manual', "username" character varying(30), "phoneNumber" character varying(32), "birthday" TIMESTAMP WITH TIME ZONE, "state" character varying(64), "profileCompleted" boolean NOT NULL DEFAULT false, "balance" numeric(10,2) NOT NULL DEFAULT 1000.00, "isAdmin" boolean NOT NULL DEFAULT false, "isEmailVerified" boolean NOT NULL DEFAULT false, "emailVerificationCode" character varying(64), "emailVerificationExpires" TIMESTAMP WITH TIME ZONE, "emailVerificationToken" character varying(128), "twoFactorEnabled" boolean NOT NULL DEFAULT false, "twoFactorSecret" character varying(128), "emailNotifications" boolean NOT NULL DEFAULT true, "pushNotifications" boolean NOT NULL DEFAULT true, "privacySettings" jsonb NOT NULL DEFAULT '{"profileVisibility":"friends","activityVisibility":"friends","balanceVisibility":"private"}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "admin_audit_log" ("id" SERIAL NOT NULL, "adminId" uuid NOT NULL, "action" character varying(64) NOT NULL, "targetType" character varying(32) NOT NULL, "targetId" character varying(64) NOT NULL, "previousValue" jsonb, "newValue" jsonb, "reason" text, "metadata" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9425be48a9c753f5753017c61b2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_admin_audit_log_target" ON "admin_audit_log"  ("targetType", "targetId") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_admin_audit_log_created" ON "admin_audit_log"  ("createdAt") `,
    );
    await queryRunner.query(
      `CREATE TABLE "balance_adjustments" ("id" SERIAL NOT NULL, "userId" uuid NOT NULL, "adminId" uuid NOT NULL, "amount" numeric(10,2) NOT NULL, "previousBalance" numeric(10,2) NOT NULL, "newBalance" numeric(10,2) NOT NULL, "reason" text NOT NULL, "type" character varying(16) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_balance_adjustments_amount_positive" CHECK ("amount" > 0), CONSTRAINT "CHK_balance_adjustments_type" CHECK ("type" IN ('deposit', 'withdrawal')), CONSTRAINT "PK_4bc6a321f2bef6e79948c55a7f5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_balance_adjustments_user" ON "balance_adjustments"  ("userId") `,
    );
    await queryRunner.query(
      `CREATE TABLE "bets" ("id" SERIAL NOT NULL, "title" character varying(200) NOT NULL, "description" text, "amount" numeric(10,2) NOT NULL, "creatorId" uuid NOT NULL, "opponentId" uuid, "status" character varying(16) NOT NULL DEFAULT 'pending', "duration" integer NOT NULL, "outcomes" text array NOT NULL, "creatorPick" text, "opponentPick" text, "creatorResult" text, "opponentResult" text, "finalResult" text, "resolutionType" character varying(16) NOT NULL DEFAULT 'mutual', "winnerUserId" uuid, "resolutionDate" TIMESTAMP WITH TIME ZONE, "expiresAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_bets_not_self" CHECK ("opponentId" IS NULL OR "opponentId" <> "creatorId"), CONSTRAINT "CHK_bets_status" CHECK ("status" IN ('pending', 'active', 'completed', 'disputed', 'declined', 'cancelled', 'expired')), CONSTRAINT "CHK_bets_outcomes_count" CHECK (cardinality("outcomes") BETWEEN 2 AND 4), CONSTRAINT "CHK_bets_duration_min" CHECK ("duration" >= 1), CONSTRAINT "CHK_bets_amount_positive" CHECK ("amount" > 0), CONSTRAINT "PK_7ca91a6a39623bd5c21722bcedd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_bets_status_expires" ON "bets"  ("status", "expiresAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_bets_opponent_status" ON "bets"  ("opponentId", "status") `);
    await queryRunner.query(`CREATE INDEX "IDX_bets_creator_status" ON "bets"  ("creatorId", "status") `);
    await queryRunner.query(
      `CREATE TABLE "dispute_resolutions" ("id" SERIAL NOT NULL, "betId" integer NOT NULL, "reporterId" uuid NOT NULL, "reason" text, "status" character varying(16) NOT NULL DEFAULT 'pending', "adminId" uuid, "resolution" text, "resolvedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_dispute_resolutions_status" CHECK ("status" IN ('pending', 'resolved')), CONSTRAINT "PK_979ffe6f275fb96e5221d6b056f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_dispute_resolutions_status" ON "dispute_resolutions"  ("status") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_dispute_resolutions_bet" ON "dispute_resolutions"  ("betId") `,
    );
    await queryRunner.query(
      `CREATE TABLE "user_moderation_actions" ("id" SERIAL NOT NULL, "userId" uuid NOT NULL, "adminId" uuid NOT NULL, "action" character varying(16) NOT NULL, "reason" text NOT NULL, "duration" integer, "expiresAt" TIMESTAMP WITH TIME ZONE, "metadata" jsonb, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_user_moderation_actions_action" CHECK ("action" IN ('warn', 'suspend', 'unsuspend', 'ban', 'unban')), CONSTRAINT "PK_cd2d404f73be6a5a89ff53e576c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_user_moderation_actions_user" ON "user_moderation_actions"  ("userId", "createdAt") `,
    );
    await queryRunner.query(
      `CREATE TABLE "sessions" ("sid" character varying(128) NOT NULL, "sess" json NOT NULL, "expire" TIMESTAMP(6) NOT NULL, CONSTRAINT "PK_e2d6172ca19b8ebef797c362b05" PRIMARY KEY ("sid"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "sessions"  ("expire") `);
    await queryRunner.query(
      `CREATE TABLE "bet_activities" ("id" SERIAL NOT NULL, "betId" integer, "userId" uuid NOT NULL, "activityType" character varying(32) NOT NULL, "description" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d12eb8171ba37cd34bf359f7389" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_bet_activities_bet" ON "bet_activities"  ("betId") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_bet_activities_user_created" ON "bet_activities"  ("userId", "createdAt") `,
    );
    await queryRunner.query(
      `CREATE TABLE "friendships" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "requesterId" uuid NOT NULL, "addresseeId" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_friendships_not_self" CHECK ("requesterId" <> "addresseeId"), CONSTRAINT "CHK_friendships_status" CHECK ("status" IN ('pending', 'accepted', 'declined')), CONSTRAINT "PK_08af97d0be72942681757f07bc8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_friendships_requester_status" ON "friendships"  ("requesterId", "status") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_friendships_addressee_status" ON "friendships"  ("addresseeId", "status") `,
    );
    await queryRunner.query(
      `CREATE TABLE "transactions" ("id" BIGSERIAL NOT NULL, "userId" uuid NOT NULL, "type" character varying(32) NOT NULL, "amount" numeric(10,2) NOT NULL, "balanceBefore" numeric(10,2) NOT NULL, "balanceAfter" numeric(10,2) NOT NULL, "referenceId" character varying(64), "referenceType" character varying(32), "description" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_transactions_chain" CHECK ("balanceAfter" = "balanceBefore" + "amount"), CONSTRAINT "PK_a219afd8dd77ed80f5a862f1db9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_transactions_reference" ON "transactions"  ("referenceType", "referenceId") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_transactions_user_id" ON "transactions"  ("userId", "id") `);
    await queryRunner.query(
      `ALTER TABLE "admin_audit_log" ADD CONSTRAINT "FK_admin_audit_log_adminId" FOREIGN KEY ("adminId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "balance_adjustments" ADD CONSTRAINT "FK_balance_adjustments_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "balance_adjustments" ADD CONSTRAINT "FK_balance_adjustments_adminId" FOREIGN KEY ("adminId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "FK_bets_creatorId" FOREIGN KEY ("creatorId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "FK_bets_opponentId" FOREIGN KEY ("opponentId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "FK_bets_winnerUserId" FOREIGN KEY ("winnerUserId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_resolutions" ADD CONSTRAINT "FK_dispute_resolutions_betId" FOREIGN KEY ("betId") REFERENCES "bets"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_resolutions" ADD CONSTRAINT "FK_dispute_resolutions_reporterId" FOREIGN KEY ("reporterId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_resolutions" ADD CONSTRAINT "FK_dispute_resolutions_adminId" FOREIGN KEY ("adminId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_moderation_actions" ADD CONSTRAINT "FK_user_moderation_actions_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_moderation_actions" ADD CONSTRAINT "FK_user_moderation_actions_adminId" FOREIGN KEY ("adminId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_activities" ADD CONSTRAINT "FK_bet_activities_betId" FOREIGN KEY ("betId") REFERENCES "bets"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_activities" ADD CONSTRAINT "FK_bet_activities_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "friendships" ADD CONSTRAINT "FK_friendships_requesterId" FOREIGN KEY ("requesterId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "friendships" ADD CONSTRAINT "FK_friendships_addresseeId" FOREIGN KEY ("addresseeId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_transactions_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    // Uniqueness the entities cannot express: email and username regardless of letter case, and one
    // friendship row per pair of people whichever way the request went.
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email_lower" ON "users" (lower("email"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_username_lower" ON "users" (lower("username"))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_friendships_pair" ON "friendships" (LEAST("requesterId", "addresseeId"), GREATEST("requesterId", "addresseeId"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_friendships_pair"`);
    await queryRunner.query(`DROP INDEX "UQ_users_username_lower"`);
    await queryRunner.query(`DROP INDEX "UQ_users_email_lower"`);
    await queryRunner.query(`ALTER TABLE "transactions" DROP CONSTRAINT "FK_transactions_userId"`);
    await queryRunner.query(`ALTER TABLE "friendships" DROP CONSTRAINT "FK_friendships_addresseeId"`);
    await queryRunner.query(`ALTER TABLE "friendships" DROP CONSTRAINT "FK_friendships_requesterId"`);
    await queryRunner.query(`ALTER TABLE "bet_activities" DROP CONSTRAINT "FK_bet_activities_userId"`);
    await queryRunner.query(`ALTER TABLE "bet_activities" DROP CONSTRAINT "FK_bet_activities_betId"`);
    await queryRunner.query(
      `ALTER TABLE "user_moderation_actions" DROP CONSTRAINT "FK_user_moderation_actions_adminId"`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_moderation_actions" DROP CONSTRAINT "FK_user_moderation_actions_userId"`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_resolutions" DROP CONSTRAINT "FK_dispute_resolutions_adminId"`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_resolutions" DROP CONSTRAINT "FK_dispute_resolutions_reporterId"`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_resolutions" DROP CONSTRAINT "FK_dispute_resolutions_betId"`,
    );
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "FK_bets_winnerUserId"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "FK_bets_opponentId"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "FK_bets_creatorId"`);
    await queryRunner.query(
      `ALTER TABLE "balance_adjustments" DROP CONSTRAINT "FK_balance_adjustments_adminId"`,
    );
    await queryRunner.query(
      `ALTER TABLE "balance_adjustments" DROP CONSTRAINT "FK_balance_adjustments_userId"`,
    );
    await queryRunner.query(`ALTER TABLE "admin_audit_log" DROP CONSTRAINT "FK_admin_audit_log_adminId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_transactions_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_transactions_reference"`);
    await queryRunner.query(`DROP TABLE "transactions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_friendships_addressee_status"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_friendships_requester_status"`);
    await queryRunner.query(`DROP TABLE "friendships"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_activities_user_created"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bet_activities_bet"`);
    await queryRunner.query(`DROP TABLE "bet_activities"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_session_expire"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_user_moderation_actions_user"`);
    await queryRunner.query(`DROP TABLE "user_moderation_actions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dispute_resolutions_bet"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dispute_resolutions_status"`);
    await queryRunner.query(`DROP TABLE "dispute_resolutions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_creator_status"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_opponent_status"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_bets_status_expires"`);
    await queryRunner.query(`DROP TABLE "bets"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_balance_adjustments_user"`);
    await queryRunner.query(`DROP TABLE "balance_adjustments"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_admin_audit_log_created"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_admin_audit_log_target"`);
    await queryRunner.query(`DROP TABLE "admin_audit_log"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Circles (docs/product.md, "Circles"): a friend group's members, invitations, feed, comments, reactions,
 * seasons and the leaderboard kept as bets settle. The circles module is the only one reading or writing
 * these tables; a posted bet's row here is the feed's own copy of what bets told it (circle_bets).
 */
export class Circles1795590000000 implements MigrationInterface {
  name = 'Circles1795590000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE circles (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(200) NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        "inviteCode" varchar(64) NOT NULL CONSTRAINT "UQ_circles_inviteCode" UNIQUE,
        "seasonLength" varchar(8) NOT NULL DEFAULT 'monthly'
          CONSTRAINT "CHK_circles_seasonLength" CHECK ("seasonLength" IN ('weekly', 'monthly', 'custom')),
        "pictureVersion" varchar(16),
        picture bytea,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE circle_members (
        "circleId" uuid NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(8) NOT NULL CONSTRAINT "CHK_circle_members_role" CHECK (role IN ('owner', 'co_owner', 'member')),
        status varchar(8) NOT NULL DEFAULT 'active'
          CONSTRAINT "CHK_circle_members_status" CHECK (status IN ('active', 'left', 'removed')),
        "joinedAt" timestamptz NOT NULL DEFAULT now(),
        "leftAt" timestamptz,
        PRIMARY KEY ("circleId", "userId")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_circle_members_user" ON circle_members ("userId") WHERE status = 'active'`,
    );
    await queryRunner.query(`
      CREATE TABLE circle_invitations (
        id serial PRIMARY KEY,
        "circleId" uuid NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        "invitedBy" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(9) NOT NULL DEFAULT 'pending'
          CONSTRAINT "CHK_circle_invitations_status" CHECK (status IN ('pending', 'accepted', 'declined')),
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_circle_invitations_pending" ON circle_invitations ("circleId", "userId") WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_circle_invitations_user" ON circle_invitations ("userId") WHERE status = 'pending'`,
    );
    await queryRunner.query(`
      CREATE TABLE circle_seasons (
        id serial PRIMARY KEY,
        "circleId" uuid NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        number integer NOT NULL,
        "startsAt" timestamptz NOT NULL,
        "endsAt" timestamptz NOT NULL,
        "endedAt" timestamptz,
        "winnerId" uuid REFERENCES users(id) ON DELETE SET NULL,
        CONSTRAINT "UQ_circle_seasons_number" UNIQUE ("circleId", number),
        CONSTRAINT "CHK_circle_seasons_order" CHECK ("endsAt" > "startsAt")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_circle_seasons_open" ON circle_seasons ("circleId") WHERE "endedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_circle_seasons_due" ON circle_seasons ("endsAt") WHERE "endedAt" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE circle_bets (
        "betId" integer PRIMARY KEY,
        "circleId" uuid NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        title varchar(200) NOT NULL,
        amount numeric(12,2) NOT NULL,
        status varchar(16) NOT NULL,
        players jsonb NOT NULL,
        "updatedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_circle_bets_circle" ON circle_bets ("circleId")`);
    await queryRunner.query(`
      CREATE TABLE circle_feed_items (
        id serial PRIMARY KEY,
        "circleId" uuid NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        kind varchar(16) NOT NULL CONSTRAINT "CHK_circle_feed_items_kind"
          CHECK (kind IN ('challenged', 'accepted', 'settled', 'decided', 'season_ended')),
        "betId" integer REFERENCES circle_bets("betId") ON DELETE CASCADE,
        data jsonb,
        "createdAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_circle_feed_items_page" ON circle_feed_items ("circleId", id DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE circle_comments (
        id serial PRIMARY KEY,
        "itemId" integer NOT NULL REFERENCES circle_feed_items(id) ON DELETE CASCADE,
        "authorId" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        body text NOT NULL CONSTRAINT "CHK_circle_comments_body" CHECK (length(body) BETWEEN 1 AND 500),
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        "editedAt" timestamptz,
        "hiddenAt" timestamptz,
        "hiddenReason" text
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_circle_comments_item" ON circle_comments ("itemId", id)`);
    await queryRunner.query(`
      CREATE TABLE circle_reactions (
        "itemId" integer NOT NULL REFERENCES circle_feed_items(id) ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        emoji varchar(16) NOT NULL,
        "createdAt" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("itemId", emoji, "userId")
      )`);
    await queryRunner.query(`
      CREATE TABLE circle_standings (
        "seasonId" integer NOT NULL REFERENCES circle_seasons(id) ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        net numeric(14,2) NOT NULL DEFAULT 0,
        won integer NOT NULL DEFAULT 0,
        lost integer NOT NULL DEFAULT 0,
        drawn integer NOT NULL DEFAULT 0,
        streak integer NOT NULL DEFAULT 0,
        "lateReports" integer NOT NULL DEFAULT 0,
        "disputesLost" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("seasonId", "userId")
      )`);
    await queryRunner.query(`
      CREATE TABLE circle_results (
        "betId" integer NOT NULL REFERENCES circle_bets("betId") ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        "seasonId" integer NOT NULL REFERENCES circle_seasons(id) ON DELETE CASCADE,
        result varchar(4) NOT NULL CONSTRAINT "CHK_circle_results_result" CHECK (result IN ('won', 'lost', 'draw')),
        net numeric(12,2) NOT NULL,
        "lostDispute" boolean NOT NULL DEFAULT false,
        "decidedAt" timestamptz NOT NULL,
        PRIMARY KEY ("betId", "userId")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_circle_results_streak" ON circle_results ("seasonId", "userId", "decidedAt" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE circle_trophies (
        "seasonId" integer PRIMARY KEY REFERENCES circle_seasons(id) ON DELETE CASCADE,
        "circleId" uuid NOT NULL REFERENCES circles(id) ON DELETE CASCADE,
        "userId" uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        "awardedAt" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_circle_trophies_user" ON circle_trophies ("userId")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'circle_trophies',
      'circle_results',
      'circle_standings',
      'circle_reactions',
      'circle_comments',
      'circle_feed_items',
      'circle_bets',
      'circle_seasons',
      'circle_invitations',
      'circle_members',
      'circles',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}

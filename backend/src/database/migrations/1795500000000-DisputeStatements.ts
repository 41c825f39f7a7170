import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Statements the parties of a disputed bet give the admin (one per party), and the index a bet's page reads its receipts by. */
export class DisputeStatements1795500000000 implements MigrationInterface {
  name = 'DisputeStatements1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "dispute_statements" ("id" SERIAL NOT NULL, "betId" integer NOT NULL, "userId" uuid NOT NULL, "text" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_dispute_statements_text_length" CHECK (char_length("text") BETWEEN 1 AND 1000), CONSTRAINT "PK_dispute_statements_id" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_dispute_statements_bet_user" ON "dispute_statements" ("betId", "userId") `,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_statements" ADD CONSTRAINT "FK_dispute_statements_betId" FOREIGN KEY ("betId") REFERENCES "bets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute_statements" ADD CONSTRAINT "FK_dispute_statements_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "dispute_statements"`);
  }
}

import { createHash } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import { SCHEMA_RULES, type SchemaRule } from './rules/index.js';

const checksumOf = (rule: SchemaRule): string => createHash('sha256').update(rule.sql).digest('hex');

/**
 * Runs each rule set whose text differs from the one the database last ran (schema_rules keeps a checksum of
 * each), each in a transaction with its new checksum, and says which ran. It runs after the migrations, so a
 * rule always meets the schema it was written for; unchanged rules cost one read at start-up. The caller holds
 * the migrations lock, so instances starting together run each change once.
 */
export async function applySchemaRules(
  runner: QueryRunner,
  rules: readonly SchemaRule[] = SCHEMA_RULES,
): Promise<string[]> {
  const rows = (await runner.query(`SELECT name, checksum FROM schema_rules`)) as {
    name: string;
    checksum: string;
  }[];
  const applied = new Map(rows.map((row) => [row.name, row.checksum]));
  const ran: string[] = [];
  for (const rule of rules) {
    const checksum = checksumOf(rule);
    if (applied.get(rule.name) === checksum) continue;
    await runner.startTransaction();
    try {
      await runner.query(rule.sql);
      await runner.query(
        `INSERT INTO schema_rules (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, "appliedAt" = now()`,
        [rule.name, checksum],
      );
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
    ran.push(rule.name);
  }
  return ran;
}

/**
 * Rules the database keeps by itself (trigger functions, their triggers, functions that indexes use), as the
 * SQL that defines them now. The SQL is idempotent (CREATE OR REPLACE), so it can run again whenever its text
 * changes; `applySchemaRules` runs it after the migrations (docs/architecture.md, "Rules in the database").
 */
export interface SchemaRule {
  /** Names the rule set in schema_rules; never reused for another. */
  name: string;
  sql: string;
}

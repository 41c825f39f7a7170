/**
 * A statement PostgreSQL parses and plans once per connection, then only binds and executes: a named
 * statement in node-postgres. For the statements every write sends (locks, the ledger, notifications), so
 * the database stops planning the same text over and over.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** What `queryIn` and the ReadPool run: plain SQL text, or a prepared statement. */
export type Statement = string | PreparedStatement;

const byText = new Map<string, PreparedStatement>();

/**
 * The prepared statement of this text: one name per distinct text in the process. Only for texts written in
 * the code (constants, or built from a fixed set of columns), never from input: each one stays prepared on
 * every connection that has run it, for the connection's life.
 */
export function prepared(text: string): PreparedStatement {
  let statement = byText.get(text);
  if (!statement) {
    statement = { name: `betwixt_${byText.size + 1}`, text };
    byText.set(text, statement);
  }
  return statement;
}

export function textOf(statement: Statement): string {
  return typeof statement === 'string' ? statement : statement.text;
}

import { QueryFailedError } from 'typeorm';
import { SCHEMA_RULES, type SchemaRule } from '../../src/database/rules/index.js';
import { applySchemaRules } from '../../src/database/schema-rules.js';
import { useTestDataSource } from '../support/test-database.js';

/** The functions, triggers and views a rule set's SQL defines, by name. */
function definedBy(rules: readonly SchemaRule[]): {
  functions: string[];
  triggers: string[];
  views: string[];
} {
  const sql = rules.map((rule) => rule.sql).join('\n');
  return {
    functions: [...sql.matchAll(/CREATE OR REPLACE FUNCTION public\.(\w+)\(/g)].map((m) => m[1] ?? '').sort(),
    triggers: [...sql.matchAll(/CREATE OR REPLACE TRIGGER "(\w+)"/g)].map((m) => m[1] ?? '').sort(),
    views: [...sql.matchAll(/CREATE OR REPLACE VIEW (\w+)/g)].map((m) => m[1] ?? '').sort(),
  };
}

describe('the database’s rules, kept in database/rules', () => {
  const dataSource = useTestDataSource();

  it('define every function and trigger of the migrated schema, and nothing the schema lacks', async () => {
    // Functions of our own: not those that extensions (pg_trgm, unaccent) bring.
    const functions: { name: string }[] = await dataSource().query(`
      SELECT p.proname AS name FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace
         AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
       ORDER BY 1`);
    const triggers: { name: string }[] = await dataSource().query(
      `SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`,
    );
    const views: { name: string }[] = await dataSource().query(
      `SELECT viewname AS name FROM pg_views WHERE schemaname = 'public' ORDER BY 1`,
    );
    const defined = definedBy(SCHEMA_RULES);
    expect(functions.map((row) => row.name).sort()).toEqual(defined.functions);
    expect(triggers.map((row) => row.name).sort()).toEqual(defined.triggers);
    expect(views.map((row) => row.name).sort()).toEqual(defined.views);
    expect(defined.views).toEqual(['bet_records', 'friend_pairs', 'people']);
  });

  it('publish views that agree with the tables under them', async () => {
    const [active, deleted, banned] = await dataSource().query<{ id: string }[]>(
      `INSERT INTO users (email, username, "deletedAt", "bannedAt")
       VALUES ('v1@example.com', 'view_active', NULL, NULL),
              ('v2@example.com', 'view_deleted', now(), NULL),
              ('v3@example.com', 'view_banned', NULL, now())
       RETURNING id`,
    );
    const ids = [active?.id, deleted?.id, banned?.id];
    // people: every account, its standing recomputed here from the columns the flags stand for.
    const people = await dataSource().query<
      { username: string; active: boolean; deleted: boolean; banned: boolean }[]
    >(`SELECT username, active, deleted, banned FROM people WHERE id = ANY($1::uuid[]) ORDER BY username`, [
      ids,
    ]);
    const recomputed = await dataSource().query<typeof people>(
      `SELECT username, ("deletedAt" IS NULL AND "bannedAt" IS NULL) AS active, "deletedAt" IS NOT NULL AS deleted,
              "bannedAt" IS NOT NULL AS banned
         FROM users WHERE id = ANY($1::uuid[]) ORDER BY username`,
      [ids],
    );
    expect(people).toEqual(recomputed);
    expect(people.map((row) => row.active)).toEqual([true, false, false]);

    // friend_pairs: an accepted friendship from both sides, a pending or declined one from neither.
    await dataSource().query(
      `INSERT INTO friendships ("requesterId", "addresseeId", status)
       VALUES ($1, $2, 'accepted'), ($1, $3, 'pending'), ($3, $2, 'declined')`,
      ids,
    );
    const pairs = await dataSource().query<{ personId: string; friendId: string }[]>(
      `SELECT "personId", "friendId" FROM friend_pairs WHERE "personId" = ANY($1::uuid[]) ORDER BY 1, 2`,
      [ids],
    );
    const expected = [
      { personId: active?.id, friendId: deleted?.id },
      { personId: deleted?.id, friendId: active?.id },
    ].sort((a, b) => `${a.personId}${a.friendId}`.localeCompare(`${b.personId}${b.friendId}`));
    expect(pairs).toEqual(expected);

    // bet_records: the counters bets keeps, row for row.
    await dataSource().query(
      `INSERT INTO user_bet_stats ("userId", won, lost) VALUES ($1, 3, 2)
       ON CONFLICT ("userId") DO UPDATE SET won = 3, lost = 2`,
      [active?.id],
    );
    expect(
      await dataSource().query(`SELECT won, lost FROM bet_records WHERE "userId" = $1`, [active?.id]),
    ).toEqual([{ won: 3, lost: 2 }]);
  });

  it('run again only when their text changes', async () => {
    const runner = dataSource().createQueryRunner();
    try {
      expect(await applySchemaRules(runner)).toEqual([]);
      const [changed] = SCHEMA_RULES;
      if (!changed) throw new Error('no rules');
      const edited = { ...changed, sql: `${changed.sql}\n-- a comment changes the text` };
      expect(await applySchemaRules(runner, [edited, ...SCHEMA_RULES.slice(1)])).toEqual([changed.name]);
      expect(await applySchemaRules(runner, [edited, ...SCHEMA_RULES.slice(1)])).toEqual([]);
      // Back to the text in the tree, as the next start-up would do.
      expect(await applySchemaRules(runner)).toEqual([changed.name]);
    } finally {
      await runner.release();
    }
  });

  it('leave nothing behind from a rule set that fails', async () => {
    const runner = dataSource().createQueryRunner();
    try {
      const broken: SchemaRule = {
        name: 'broken',
        sql: `CREATE OR REPLACE FUNCTION public.betwixt_half_made() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
              SELECT no_such_function();`,
      };
      await expect(applySchemaRules(runner, [broken])).rejects.toBeInstanceOf(QueryFailedError);
      const left: unknown[] = await dataSource().query(
        `SELECT 1 FROM pg_proc WHERE proname = 'betwixt_half_made'
         UNION ALL SELECT 1 FROM schema_rules WHERE name = 'broken'`,
      );
      expect(left).toEqual([]);
    } finally {
      await runner.release();
    }
  });

  it('refuse a balance below zero, unless the transaction allows it (a reversed payout)', async () => {
    const [user] = await dataSource().query<{ id: string }[]>(
      `INSERT INTO users (email, balance) VALUES ('guard@example.com', 10) RETURNING id`,
    );
    const id = user?.id;
    await expect(dataSource().query(`UPDATE users SET balance = -0.01 WHERE id = $1`, [id])).rejects.toThrow(
      /cannot go below zero/,
    );
    await dataSource().transaction(async (manager) => {
      await manager.query(`SET LOCAL betwixt.allow_negative_balance = 'on'`);
      await manager.query(`UPDATE users SET balance = -5 WHERE id = $1`, [id]);
    });
    // Below zero already, a balance may still rise toward it, but not fall further.
    await dataSource().query(`UPDATE users SET balance = -2 WHERE id = $1`, [id]);
    await expect(dataSource().query(`UPDATE users SET balance = -3 WHERE id = $1`, [id])).rejects.toThrow(
      /cannot go below zero/,
    );
    const [after] = await dataSource().query<{ balance: string }[]>(
      `SELECT balance FROM users WHERE id = $1`,
      [id],
    );
    expect(after?.balance).toBe('-2.00');
  });
});

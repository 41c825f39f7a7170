import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { AdminTotals1795560000000 } from '../../src/database/migrations/1795560000000-AdminTotals.js';
import { ProfilePictures1795514700000 } from '../../src/database/migrations/1795514700000-ProfilePictures.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { adminTotalsFromTables, expectAdminTotalsMatchTables } from '../support/invariants.js';
import { createTestDatabase, useTestDataSource } from '../support/test-database.js';

const TABLES = [
  'users',
  'bets',
  'friendships',
  'bet_activities',
  'transactions',
  'admin_audit_log',
  'dispute_resolutions',
  'balance_adjustments',
  'user_moderation_actions',
  'sessions',
];
// Beyond the spec's ten: remembered answers for Idempotency-Key retries, the notification centre and
// browsers' Web Push subscriptions, and the emails and pushes still to send.
const OWN_TABLES = [
  'password_reset_tokens',
  'idempotency_keys',
  'notifications',
  'push_subscriptions',
  'dispute_statements',
  'user_bet_stats',
  'notification_outbox',
  'profile_pictures',
  'invite_codes',
  'suggestion_dismissals',
  'user_payout_totals',
  'bet_participants',
  'bet_offers',
  'admin_totals_delta',
  'circles',
  'circle_members',
  'circle_invitations',
  'circle_seasons',
  'circle_bets',
  'circle_feed_items',
  'circle_comments',
  'circle_reactions',
  'circle_standings',
  'circle_results',
  'circle_trophies',
  'schema_rules',
];

describe('migrations', () => {
  const dataSource = useTestDataSource();

  it('creates all ten tables of the spec’s stored data model, and our own', async () => {
    const rows: { table_name: string }[] = await dataSource().query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
    );
    expect(rows.map((row) => row.table_name).sort()).toEqual([...TABLES, ...OWN_TABLES].sort());
  });

  it('leaves nothing for the entities to change (entities and migrations agree)', async () => {
    const pending = await dataSource().driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('applies the spec defaults to a new user', async () => {
    const [user] = await dataSource().query<Record<string, unknown>[]>(
      `INSERT INTO users (email) VALUES ('defaults@example.com') RETURNING *`,
    );
    expect(user).toMatchObject({
      authProvider: 'manual',
      balance: '1000.00',
      isAdmin: false,
      profileCompleted: false,
      isEmailVerified: false,
      twoFactorEnabled: false,
      emailNotifications: true,
      pushNotifications: true,
      privacySettings: {
        profileVisibility: 'friends',
        activityVisibility: 'friends',
        balanceVisibility: 'private',
      },
    });
    expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps email and username unique regardless of letter case', async () => {
    await dataSource().query(`INSERT INTO users (email, username) VALUES ('Case@Example.com', 'CaseUser')`);
    await expect(dataSource().query(`INSERT INTO users (email) VALUES ('case@example.COM')`)).rejects.toThrow(
      /UQ_users_email_lower/,
    );
    await expect(
      dataSource().query(`INSERT INTO users (email, username) VALUES ('other@example.com', 'caseuser')`),
    ).rejects.toThrow(/UQ_users_username_lower/);
  });

  it('refuses impossible bets, ledger rows and friendships', async () => {
    const [a] = await dataSource().query<{ id: string }[]>(
      `INSERT INTO users (email) VALUES ('a@example.com') RETURNING id`,
    );
    const [b] = await dataSource().query<{ id: string }[]>(
      `INSERT INTO users (email) VALUES ('b@example.com') RETURNING id`,
    );
    if (!a || !b) throw new Error('users were not created');
    const bet = (amount: string, outcomes: string, opponent: string) =>
      dataSource().query(
        `INSERT INTO bets (title, amount, "creatorId", "opponentId", duration, outcomes) VALUES ('t', $1, $2, $3, 168, $4)`,
        [amount, a.id, opponent, outcomes],
      );
    await expect(bet('0.00', '{yes,no}', b.id)).rejects.toThrow(/CHK_bets_amount_positive/);
    await expect(bet('5.00', '{only}', b.id)).rejects.toThrow(/CHK_bets_outcomes_count/);
    await expect(bet('5.00', '{yes,no}', a.id)).rejects.toThrow(/CHK_bets_not_self/);
    await expect(bet('5.00', '{yes,no}', b.id)).resolves.toBeDefined();
    await expect(
      dataSource().query(
        `INSERT INTO transactions ("userId", type, amount, "balanceBefore", "balanceAfter") VALUES ($1, 'bet_stake', -5, 1000, 990)`,
        [a.id],
      ),
    ).rejects.toThrow(/CHK_transactions_chain/);
    await dataSource().query(`INSERT INTO friendships ("requesterId", "addresseeId") VALUES ($1, $2)`, [
      a.id,
      b.id,
    ]);
    await expect(
      dataSource().query(`INSERT INTO friendships ("requesterId", "addresseeId") VALUES ($1, $2)`, [
        b.id,
        a.id,
      ]),
    ).rejects.toThrow(/UQ_friendships_pair/);
    await expect(
      dataSource().query(
        `INSERT INTO bets (title, amount, "creatorId", "opponentId", duration, outcomes) VALUES ('t', 1, gen_random_uuid(), $1, 1, '{a,b}')`,
        [b.id],
      ),
    ).rejects.toThrow(/FK_bets_creatorId/);
    // A bet without an opponent is an open challenge: it has a link code and is not under way.
    await expect(
      dataSource().query(
        `INSERT INTO bets (title, amount, "creatorId", duration, outcomes) VALUES ('t', 1, $1, 1, '{a,b}')`,
        [a.id],
      ),
    ).rejects.toThrow(/CHK_bets_opponent_or_code/);
    await expect(
      dataSource().query(
        `INSERT INTO bets (title, amount, "creatorId", "challengeCode", status, duration, outcomes) VALUES ('t', 1, $1, 'c0de-c0de-c0de-c0de', 'active', 1, '{a,b}')`,
        [a.id],
      ),
    ).rejects.toThrow(/CHK_bets_open_not_started/);
  });

  it('indexes sessions by expiry', async () => {
    const rows: { indexname: string }[] = await dataSource().query(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'sessions'`,
    );
    expect(rows.map((row) => row.indexname)).toContain('IDX_session_expire');
  });

  it('can be reverted and re-applied', async () => {
    for (let i = 0; i < dataSource().migrations.length; i++) await dataSource().undoLastMigration();
    const left: { count: string }[] = await dataSource().query(
      `SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
    );
    expect(left[0]?.count).toBe('0');
    await dataSource().runMigrations();
    const back: { count: string }[] = await dataSource().query(
      `SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'`,
    );
    expect(back[0]?.count).toBe(String(TABLES.length + OWN_TABLES.length));
  });

  it('counts the admin overview from the rows already there, and recounts after a TRUNCATE', async () => {
    await migratedOver(
      AdminTotals1795560000000,
      async (before) => {
        const users = await before.query<{ id: string }[]>(
          `INSERT INTO users (email, "deletedAt")
           SELECT 'old' || i || '@example.com', CASE WHEN i = 5 THEN now() END FROM generate_series(1, 6) i
           RETURNING id`,
        );
        await before.query(
          `INSERT INTO bets (title, amount, "creatorId", "opponentId", status, duration, outcomes)
           SELECT 'Old ' || i, 1.5 * i, $1, $2,
                  (ARRAY['pending','active','completed','disputed','declined','cancelled','expired'])[1 + i % 7], 1, '{a,b}'
             FROM generate_series(1, 20) i`,
          [users[0]?.id, users[1]?.id],
        );
      },
      async (after) => {
        // 5 users not deleted; 20 bets; i % 7 in 1..3 (active, completed, disputed) for i = 1,2,3,8,9,10,15,16,17.
        expect(await adminTotalsFromTables(after)).toEqual({
          totalUsers: 5,
          totalBets: 20,
          totalVolume: (2 * 1.5 * (1 + 2 + 3 + 8 + 9 + 10 + 15 + 16 + 17)).toFixed(2),
          activeDisputes: 3,
        });
        await expectAdminTotalsMatchTables(after);
        await after.query(`TRUNCATE bets CASCADE`);
        await expectAdminTotalsMatchTables(after);
        expect((await adminTotalsFromTables(after))?.totalBets).toBe(0);
      },
    );
  });

  it('clears third-party avatar addresses saved before profile pictures were stored by Betwixt', async () => {
    await migratedOver(
      ProfilePictures1795514700000,
      async (before) => {
        await before.query(
          `INSERT INTO users (email, "profileImageUrl") VALUES ('old@example.com', 'https://api.dicebear.com/9.x/initials/svg?seed=Old%20Timer')`,
        );
      },
      async (after) => {
        const rows = await after.query<{ profileImageUrl: string | null }[]>(
          `SELECT "profileImageUrl" FROM users WHERE email = 'old@example.com'`,
        );
        expect(rows).toEqual([{ profileImageUrl: null }]);
      },
    );
  });
});

/**
 * How a migration is tested against rows that were there before it: a fresh database migrated up to
 * `migration` (left out), `seed` run on it, then migrated to the end, and `check` run on the result.
 */
async function migratedOver(
  migration: (typeof MIGRATIONS)[number],
  seed: (before: DataSource) => Promise<void>,
  check: (after: DataSource) => Promise<void>,
): Promise<void> {
  const old = await createTestDatabase({ migrate: false });
  const index = MIGRATIONS.indexOf(migration);
  const before = new DataSource({ ...dataSourceOptions(old.url), migrations: MIGRATIONS.slice(0, index) });
  const after = new DataSource(dataSourceOptions(old.url));
  try {
    await before.initialize();
    await before.runMigrations();
    await seed(before);
    await before.destroy();
    await after.initialize();
    await after.runMigrations();
    await check(after);
  } finally {
    if (before.isInitialized) await before.destroy();
    if (after.isInitialized) await after.destroy();
    await old.drop();
  }
}

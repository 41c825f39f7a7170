import { DEMO_PASSWORD, seedDemo } from '../../src/demo/demo-seed.js';
import { api } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('creates people, an admin and bets in every state through the real services, once', async () => {
    const people = await seedDemo(t.app);
    await seedDemo(t.app);
    expect(people.filter((person) => person.admin)).toHaveLength(1);
    const statuses = await t.dataSource.query<{ status: string }[]>(
      `SELECT DISTINCT status FROM bets ORDER BY status`,
    );
    expect(statuses.map((row) => row.status)).toEqual([
      'active',
      'cancelled',
      'completed',
      'declined',
      'disputed',
      'pending',
    ]);
    const [users] = await t.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users`);
    expect(users?.n).toBe(4);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { emailOrUsername: 'demo_admin', password: DEMO_PASSWORD },
    });
    expect((login.body.user as { isAdmin: boolean }).isAdmin).toBe(true);
    await expectMoneyInvariants(t.dataSource);
  });
});

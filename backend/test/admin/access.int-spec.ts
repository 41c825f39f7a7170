import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { moderate, newAdmin, routesWithPolicy, type DeclaredRoute } from './admin-helpers.js';

describe('admin access', () => {
  let t: TestApp;
  let admin: SignedUpUser;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newAdmin(t);
    routes = routesWithPolicy(t, 'admin');
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const call = (route: DeclaredRoute, token?: string) =>
    api(t, route.method, route.path, { token, body: route.method === 'GET' ? undefined : {} });

  it('finds every admin route by its declared policy', () => {
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/analytics',
        'GET /api/admin/users',
        'POST /api/admin/balance-adjustment',
        'POST /api/admin/moderation-action',
        'DELETE /api/admin/users/1',
        'GET /api/admin/disputed-bets',
        'GET /api/admin/resolved-disputes',
        'GET /api/admin/audit-log',
        'POST /api/bets/1/admin-resolve',
        'POST /api/bets/1/edit-resolution',
      ]),
    );
    // The user route for a user's own moderation notices is not an admin route.
    expect(routes.some((route) => route.path.startsWith('/api/moderation'))).toBe(false);
  });

  it('refuses every admin route to a normal, a suspended and a banned user, and to no token', async () => {
    const [normal, suspended, banned] = [await newUser(t), await newUser(t), await newUser(t)];
    await moderate(t, admin, suspended.id, 'suspend', 'Suspended for the access test', 3);
    await moderate(t, admin, banned.username, 'ban', 'Banned for the access test');
    const seen: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      seen.push(
        `${label} normal:${(await call(route, normal.token)).status}`,
        `${label} suspended:${(await call(route, suspended.token)).status}`,
        `${label} banned:${(await call(route, banned.token)).status}`,
        `${label} anonymous:${(await call(route)).status}`,
      );
      expected.push(
        `${label} normal:403`,
        `${label} suspended:403`,
        `${label} banned:401`,
        `${label} anonymous:401`,
      );
    }
    expect(seen).toEqual(expected);
    const refused = await api(t, 'GET', '/api/admin/users', { token: normal.token });
    expect(refused.body.message).toBe('Administrator access required');
  });

  it('lets an administrator through the guard on every admin route', async () => {
    for (const route of routes) {
      const { status } = await call(route, admin.token);
      expect([`${route.method} ${route.path}`, [401, 403].includes(status)]).toEqual([
        `${route.method} ${route.path}`,
        false,
      ]);
    }
  });

  it('takes admin rights away as soon as the flag is cleared', async () => {
    const former = await newAdmin(t);
    expect((await api(t, 'GET', '/api/admin/analytics', { token: former.token })).status).toBe(200);
    await t.dataSource.query(`UPDATE users SET "isAdmin" = false WHERE id = $1`, [former.id]);
    expect((await api(t, 'GET', '/api/admin/analytics', { token: former.token })).status).toBe(403);
  });
});

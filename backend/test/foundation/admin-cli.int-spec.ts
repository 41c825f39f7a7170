import { setAdmin } from '../../src/cli/admin-grant.js';
import { api, newUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('admin CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('grants and revokes by username or email in any letter case', async () => {
    const user = await newUser(t);
    expect(await setAdmin(t.dataSource, 'grant', user.username.toUpperCase())).toBe(
      `${user.username} is now an administrator`,
    );
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).body.isAdmin).toBe(true);
    expect(await setAdmin(t.dataSource, 'revoke', user.email)).toBe(
      `${user.username} is no longer an administrator`,
    );
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).body.isAdmin).toBe(false);
    await expect(setAdmin(t.dataSource, 'grant', 'nobody_at_all')).rejects.toThrow(
      'No account with email or username "nobody_at_all"',
    );
  });
});

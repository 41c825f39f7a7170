import { expect, test } from '@playwright/test';
import { newPerson, watchRequests } from './support';

test('a signed-out visit: no console error, no call for the current user, no shell or dashboard code', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const requests = watchRequests(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Betwixt' })).toBeVisible();
  // A request that never comes can only be ruled out once the page has stopped asking (idle imports included).
  await requests.quiet();

  expect(errors).toEqual([]);
  expect(requests.paths).not.toContain('/api/auth/user');
  expect(requests.paths.filter((path) => /\/assets\/(AppShell|DashboardPage)-/.test(path))).toEqual([]);
  expect(await (await page.request.get('/robots.txt')).text()).toContain('User-agent: *');
});

test('a signed-in dashboard asks for each list once on its first load', async ({ page }) => {
  const person = newPerson('Quinn');
  const signup = await page.request.post('/api/auth/signup', {
    data: { ...person, confirmPassword: person.password, birthday: '1990-01-02', state: 'Oregon' },
  });
  expect(signup.ok()).toBe(true);
  const { token, user } = (await signup.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([storedToken, storedUser]) => {
      localStorage.setItem('auth_token', storedToken);
      localStorage.setItem('auth_user', storedUser);
    },
    [token, JSON.stringify(user)],
  );
  const requests = watchRequests(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();
  await expect(page.getByText('All Caught Up!')).toBeVisible();
  await expect(page.getByText('Ready to Start Betting?')).toBeVisible();
  // Duplicates come from subscriptions made during the first render; they are counted once the page has
  // stopped asking (its live stream aside, which keeps Playwright's network-idle state from ever coming).
  await requests.quiet();

  const count = (path: string) => requests.paths.filter((requested) => requested === path).length;
  for (const path of ['/api/auth/user', '/api/bets/active', '/api/bets/pending']) {
    expect({ path, requests: count(path) }).toEqual({ path, requests: 1 });
  }
});

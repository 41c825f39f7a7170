import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPerson, signUp } from './support';

/** The focused element shows a solid ring (the theme's :focus-visible outline), not only MUI's ripple. */
async function expectFocusRing(page: Page): Promise<void> {
  const outline = await page.evaluate(() => {
    const focused = document.activeElement;
    return focused ? getComputedStyle(focused).outlineStyle : 'none';
  });
  expect(outline).toBe('solid');
}

/** Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('the element was not reached with Tab');
}

test('sign up and send a challenge with the keyboard alone, holding Space to confirm', async ({
  page,
  browser,
}, info) => {
  const friendContext = await browser.newContext(info.project.use);
  const friend = newPerson('Kim');
  await signUp(await friendContext.newPage(), friend);

  const person = newPerson('Lee');
  await page.goto('/');
  const getStarted = page.getByRole('button', { name: 'Get Started' });
  await tabTo(page, getStarted);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByLabel('First name'));
  await page.keyboard.type(person.firstName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.lastName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.username);
  await tabTo(page, dialog.getByLabel('Password', { exact: true }));
  await page.keyboard.type(person.password);
  await tabTo(page, dialog.getByLabel('Confirm password'));
  await page.keyboard.type(person.password);
  await tabTo(page, dialog.getByLabel('Birthday'));
  await page.keyboard.type('03041992');
  await tabTo(page, dialog.getByLabel('State'));
  await page.keyboard.press('Enter');
  await page.keyboard.type('Oregon');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('State')).toHaveText('Oregon');
  await tabTo(page, dialog.getByRole('button', { name: 'Create Account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Create New Bet' }).first());
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const flow = page.getByRole('dialog', { name: 'Create New Bet' });
  await tabTo(page, flow.getByLabel('Search by name or username'));
  await page.keyboard.type(friend.username);
  const pick = flow.getByRole('button', { name: new RegExp(friend.username) });
  await expect(pick).toBeVisible();
  await tabTo(page, pick);
  await page.keyboard.press('Enter');
  await tabTo(page, flow.getByLabel('Amount'));
  await page.keyboard.type('10');
  await tabTo(page, flow.getByLabel("What's this bet about?"));
  const title = `Snow by Friday ${Date.now()}`;
  await page.keyboard.type(title);
  await tabTo(page, flow.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await tabTo(page, flow.getByLabel('Option 1'));
  await page.keyboard.type('Yes');
  await page.keyboard.press('Tab');
  await page.keyboard.type('No');
  await tabTo(page, flow.getByRole('radio', { name: 'Yes' }));
  await page.keyboard.press('Space');
  await expect(flow.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await tabTo(page, flow.getByRole('button', { name: 'Review Bet' }));
  await page.keyboard.press('Enter');
  await tabTo(page, flow.getByRole('button', { name: 'Hold to Send Challenge' }));
  await expectFocusRing(page);
  // Hold-to-confirm by keyboard: Space held down until the bet is sent.
  await page.keyboard.down('Space');
  await expect(flow.getByText('Bet Created!')).toBeVisible({ timeout: 5000 });
  await page.keyboard.up('Space');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await friendContext.close();
});

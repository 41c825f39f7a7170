import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalScroll, grantAdmin, newPerson, signUp, docScreenshot } from './support';

/** The tab is on screen and its label is not clipped. */
async function expectFullTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await tab.scrollIntoViewIfNeeded();
  // A scrolled row may stop a fraction of a pixel short of the edge.
  await expect(tab).toBeInViewport({ ratio: 0.99 });
  expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

const tabWidths = (page: Page) =>
  page.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().width));

/**
 * Waits until the tab row is still, as a person does before the next tap: after a tab is chosen, MUI slides the
 * scrolling row to bring it into view and moves the indicator under it, and a tap during the slide lands on
 * whatever has moved under the finger.
 */
async function tabRowAtRest(page: Page): Promise<void> {
  await page.getByRole('tablist').evaluate(
    (list) =>
      new Promise<void>((resolve) => {
        const root = list.closest('.MuiTabs-root') ?? list;
        const positions = () =>
          [...root.querySelectorAll('[role="tab"], .MuiTabs-indicator')]
            .map((element) => Math.round(element.getBoundingClientRect().left * 10))
            .join(',');
        let last = positions();
        let stillFrames = 0;
        const check = () => {
          const now = positions();
          stillFrames = now === last ? stillFrames + 1 : 0;
          last = now;
          if (stillFrames >= 6) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** The tabs share one row: a second row read as a second set of tabs. */
async function expectTabsOnOneRow(page: Page): Promise<void> {
  await expect(page.getByRole('tab').first()).toBeVisible();
  const tops = await page
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
}

test('the amount step answers early: available balance, the minimum, and an over-balance amount refused there', async ({
  browser,
}, info) => {
  const context = await browser.newContext({ ...info.project.use, viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const opponent = newPerson('Quinn');
  await signUp(page, opponent);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  const person = newPerson('Avery');
  await signUp(page, person);

  await page.getByRole('button', { name: 'Create New Bet' }).first().click();
  const flow = page.getByRole('dialog', { name: 'Create New Bet' });
  await flow.getByLabel('Search by name or username').fill(opponent.username);
  await flow.getByRole('button', { name: new RegExp(opponent.username) }).click();
  await expect(flow.getByText('Available: $1,000.00')).toBeVisible();
  await flow.getByLabel("What's this bet about?").fill('Rain tomorrow?');
  const amount = flow.getByLabel('Amount');
  const next = flow.getByRole('button', { name: 'Continue' });

  await amount.fill('0');
  await expect(flow.getByText('Minimum bet amount is $0.01')).toBeVisible();
  await expect(next).toBeDisabled();

  await amount.fill('1000.01');
  await expect(flow.getByText('Insufficient balance: you have $1,000.00 available')).toBeVisible();
  await expect(next).toBeDisabled();

  // The sign-up toast has gone (5 s) before the screenshot.
  await expect(page.getByRole('status').filter({ hasText: 'Account Created' })).toBeHidden({
    timeout: 10_000,
  });
  await flow.getByRole('button', { name: '$25' }).click();
  await expect(amount).toHaveValue('25');
  await expect(next).toBeEnabled();
  await docScreenshot(page, 'create-amount-step-360');
  await next.click();
  await expect(flow.getByLabel('Option 1')).toBeVisible();
  await context.close();
});

test('an admin on a phone opens the admin panel from the bottom bar and adjusts a balance', async ({
  browser,
}, info) => {
  const context = await browser.newContext({ ...info.project.use, viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const user = newPerson('Rowan');
  await signUp(page, user);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  const boss = newPerson('Blake');
  await signUp(page, boss);
  const bottomBar = page.getByRole('navigation', { name: 'Main' });
  await expect(bottomBar.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  grantAdmin(boss.username);
  await page.reload();

  await bottomBar.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  // One row of tabs, each label in full once scrolled to, at 360 px.
  await expectTabsOnOneRow(page);
  for (const name of ['Users', 'Balance', 'Moderation', 'Disputes', 'Resolved', 'Audit Log']) {
    await expectFullTab(page, name);
  }
  await expectFullTab(page, 'Users');
  // The title and the four figures leave the tabs on the first screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  const tabsBottom = await page.getByRole('tablist').evaluate((tabs) => tabs.getBoundingClientRect().bottom);
  // Above the bottom bar (64 px), with room to spare for the tab's content.
  expect(tabsBottom).toBeLessThan(780 - 64 - 200);
  // Six items in the bar, the add button still in its middle.
  const fab = await bottomBar.getByRole('button', { name: 'Create bet' }).boundingBox();
  const bar = await bottomBar.boundingBox();
  expect(
    Math.abs((fab?.x ?? 0) + (fab?.width ?? 0) / 2 - ((bar?.x ?? 0) + (bar?.width ?? 0) / 2)),
  ).toBeLessThan(1);
  const card = page
    .getByRole('list', { name: 'Users' })
    .getByRole('listitem')
    .filter({ hasText: user.email });
  await expect(card).toBeVisible();
  await docScreenshot(page, 'admin-users-360');
  await card.getByRole('button', { name: 'Adjust Balance' }).click();
  await expect(page.getByLabel('User ID or Username')).toHaveValue(user.username);
  await page.getByLabel('Amount').fill('7.50');
  await page.getByLabel('Reason').fill(`Phone gift for ${user.username}`);
  await page.getByRole('button', { name: 'Apply Adjustment' }).click();
  const adjusted = page.getByRole('status').filter({ hasText: 'Balance Adjusted' });
  await expect(adjusted).toBeVisible();
  await adjusted.getByRole('button', { name: 'Dismiss notification' }).click();
  // At the tap, well before the toast would time out by itself (5 s).
  await expect(adjusted).toBeHidden({ timeout: 3000 });
  await docScreenshot(page, 'admin-balance-360');
  // On a phone the log is cards, naming the admin and the user rather than showing their ids.
  const entry = page
    .getByRole('list', { name: 'Audit log' })
    .getByRole('listitem')
    .filter({ hasText: `Phone gift for ${user.username}` });
  for (const [tab, file] of [
    ['Moderation', 'admin-moderation-360'],
    ['Disputes', 'admin-disputes-360'],
    ['Resolved', 'admin-resolved-360'],
    ['Audit Log', 'admin-audit-360'],
  ] as const) {
    const tapped = page.getByRole('tab', { name: tab });
    await tabRowAtRest(page);
    const widthsBefore = await tabWidths(page);
    await tapped.click();
    // What the person sees before the next tap: the tab they tapped is the selected one, and no tab changed
    // size for it (a resized tab slides the scrolling row under the next tap).
    await expect(tapped).toHaveAttribute('aria-selected', 'true');
    expect(await tabWidths(page)).toEqual(widthsBefore);
    // The tabs at the top of the screen, so the shot shows the tab's content rather than the summary cards.
    await page
      .getByRole('tablist')
      .evaluate((tabs) => window.scrollTo(0, tabs.getBoundingClientRect().top + window.scrollY - 64));
    if (tab === 'Audit Log') {
      await expect(entry).toContainText('Deposit');
      await expect(entry).toContainText(`${boss.username} → ${user.username}`);
    }
    await docScreenshot(page, file);
  }

  await page.goto('/account');
  await expectTabsOnOneRow(page);
  for (const name of ['Profile', 'Analytics', 'Activity', 'Settings']) {
    await expectFullTab(page, name);
  }
  for (const [name, loaded] of [
    ['Profile', 'Profile Information'],
    ['Analytics', 'No Analytics Data'],
    ['Activity', 'No Recent Activity'],
    ['Settings', 'Notification Settings'],
  ] as const) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByText(loaded).first()).toBeVisible();
    await docScreenshot(page, `account-${name.toLowerCase()}-360`);
  }
  await context.close();
});

test('the small things at 390 and 360 px: a still headline, a first greeting, whole tabs, no router warning', async ({
  browser,
}, info) => {
  for (const width of [390, 360]) {
    const context = await browser.newContext({ ...info.project.use, viewport: { width, height: 780 } });
    const page = await context.newPage();
    const console: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') console.push(message.text());
    });

    await page.goto('/');
    const word = page.getByTestId('rotating-word');
    const first = await word.textContent();
    const before = await page.getByTestId('rotating-word-box').boundingBox();
    await expect(word).not.toHaveText(first ?? '');
    expect((await page.getByTestId('rotating-word-box').boundingBox())?.x, `headline at ${width}`).toBe(
      before?.x,
    );
    await expectNoHorizontalScroll(page);

    // A brand-new user is welcomed, not welcomed back.
    const person = newPerson('Sky');
    await signUp(page, person);
    await expect(page.getByText(/welcome back/i)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();

    await page.goto('/account');
    for (const name of ['Profile', 'Analytics', 'Activity', 'Settings']) await expectFullTab(page, name);
    await expectNoHorizontalScroll(page);
    expect(
      console.filter((text) => text.includes('HydrateFallback')),
      `router warnings at ${width}`,
    ).toEqual([]);
    await context.close();
  }
});

import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll } from './support';

test.describe('landing page (signed out)', () => {
  test('the word after "Bet with" rotates', async ({ page }) => {
    await page.goto('/');
    const word = page.getByTestId('rotating-word');
    const first = await word.textContent();
    expect(['Confidence', 'Friends', 'Ease', 'Simplicity', 'Trust']).toContain(first);
    // The line keeps still: the word's box starts at the same x whichever word shows.
    const box = page.getByTestId('rotating-word-box');
    const before = await box.boundingBox();
    await expect(word).not.toHaveText(first ?? '');
    expect((await box.boundingBox())?.x).toBe(before?.x);
    expect((await word.boundingBox())?.x).toBe(before?.x);
    await expect(page.getByRole('heading', { name: 'Betwixt' })).toBeVisible();
  });

  test('Get Started opens Sign Up and Sign In opens Login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('dialog').getByLabel('Confirm password')).toBeVisible();
    await page.getByRole('tab', { name: 'Login' }).click();
    await expect(page.getByRole('dialog').getByLabel('Email or username')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('dialog').getByRole('link', { name: /identity provider/ })).toHaveAttribute(
      'href',
      '/api/login',
    );
    // The close button stays on screen even when the dialog fills a phone's screen.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('every path shows the landing page when signed out', async ({ page }) => {
    for (const path of ['/friends', '/history', '/admin', '/nope/deep/path']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    }
  });

  test('the layout holds at 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expectNoHorizontalScroll(page);
  });

  test('screenshot of the landing page', async ({ page }, info) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/landing-${info.project.name}.png` });
  });
});

test('the identity-provider button explains when it is not configured', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: /identity provider/ })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'not set up on this server' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});

import { expect, test } from '@playwright/test';
import { newPerson, signUp } from './support';

test('two people find each other, become friends, and Challenge to Bet opens creation with the friend chosen', async ({
  browser,
}, info) => {
  const aliceContext = await browser.newContext(info.project.use);
  const bobContext = await browser.newContext(info.project.use);
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();
  const alice = newPerson('Quinn');
  const bob = newPerson('Rowan');
  await signUp(alicePage, alice);
  await signUp(bobPage, bob);

  await alicePage.goto('/friends');
  await alicePage.getByLabel('Search by name or username').fill(bob.username);
  await alicePage.getByRole('button', { name: 'Add Friend' }).click();
  await expect(alicePage.getByRole('status').filter({ hasText: 'Friend request sent!' })).toBeVisible();
  await expect(alicePage.getByText('Pending')).toBeVisible();

  await bobPage.goto('/friends');
  await expect(bobPage.getByText('Friend Requests')).toBeVisible();
  await bobPage.getByRole('button', { name: 'Accept' }).click();
  await expect(bobPage.getByRole('status').filter({ hasText: 'Friend request accepted!' })).toBeVisible();
  await expect(bobPage.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();

  await alicePage.reload();
  await expect(alicePage.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();
  await alicePage.getByRole('button', { name: 'Challenge to Bet' }).click();
  const flow = alicePage.getByRole('dialog', { name: 'Create New Bet' });
  // Friends see each other's names.
  await expect(flow.getByText(/^Challenging/)).toContainText(`${bob.firstName} ${bob.lastName}`);
  expect(new URL(alicePage.url()).search).toBe('');

  await aliceContext.close();
  await bobContext.close();
});

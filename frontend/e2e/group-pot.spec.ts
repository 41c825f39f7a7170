import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  as,
  befriend,
  docScreenshot,
  holdToConfirm,
  session,
  expectAccessible,
  expectNoHorizontalScroll,
  fillSignUp,
  grantAdmin,
  newPerson,
  signUp,
  type Person,
} from './support';

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 780 };

async function phone(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    ...info.project.use,
    viewport: PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context.newPage();
}

async function signedUp(browser: Browser, info: TestInfo, person: Person) {
  const page = await phone(browser, info);
  await signUp(page, person);
  return { page, who: await session(page) };
}

test('four friends play a group pot to the end: the two who picked right split it', async ({
  browser,
}, info) => {
  test.setTimeout(420_000);
  const [alice, bob, cara, dana] = [
    newPerson('Alma'),
    newPerson('Bruno'),
    newPerson('Cleo'),
    newPerson('Dario'),
  ];
  const title = `Rain at the picnic ${Date.now()}`;
  const A = await signedUp(browser, info, alice);
  const B = await signedUp(browser, info, bob);
  const C = await signedUp(browser, info, cara);
  await befriend(A.page, A.who, B.who);
  await befriend(A.page, A.who, C.who);

  // Alma starts the pot from "Challenge someone": two friends invited, $12.50 each, three outcomes.
  await A.page.goto('/');
  await A.page.getByRole('button', { name: 'Create New Bet' }).first().click();
  await A.page
    .getByRole('dialog', { name: 'Create New Bet' })
    .getByRole('button', { name: /Start a group pot/ })
    .click();
  const flow = A.page.getByRole('dialog', { name: 'Start a Group Pot' });
  await expect(flow.getByRole('heading', { name: 'Invite Friends' })).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await flow.getByRole('checkbox', { name: new RegExp(bob.firstName) }).click();
  await expect(flow.getByText('Invite at least 2.')).toBeVisible();
  await flow.getByRole('checkbox', { name: new RegExp(cara.firstName) }).click();
  await expect(flow.getByRole('checkbox', { name: new RegExp(cara.firstName) })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(flow.getByText('2 friends invited')).toBeVisible();
  await expectAccessible(A.page, 'the pot create step: invite friends');
  await expectNoHorizontalScroll(A.page);
  await docScreenshot(A.page, 'pot-create-390');
  await A.page.setViewportSize(NARROW);
  await expectNoHorizontalScroll(A.page);
  await A.page.setViewportSize(PHONE);
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByLabel('The question').fill(title);
  await flow.getByLabel('Stake each player puts in').fill('12.50');
  await expect(flow.getByText('Up to $37.50 if all 3 players join')).toBeVisible();
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByRole('textbox', { name: 'Option 1' }).fill('Rain');
  await flow.getByRole('textbox', { name: 'Option 2' }).fill('Sun');
  await flow.getByRole('button', { name: 'Add option' }).click();
  await flow.getByRole('textbox', { name: 'Option 3' }).fill('Snow');
  await flow.getByRole('radio', { name: 'Rain', exact: true }).check();
  await flow.getByRole('button', { name: 'Review Pot' }).click();
  await expect(flow.getByText('Stake: $12.50 each')).toBeVisible();
  await expectAccessible(A.page, 'the pot review step');
  await holdToConfirm(A.page, 'Hold to Start the Pot', () =>
    expect(flow.getByText('Pot Started!')).toBeVisible({ timeout: 10_000 }),
  );
  await expect(flow.getByRole('img', { name: "QR code of your pot's link" })).toBeVisible();
  const link = (await flow.getByTestId('pot-link').textContent()) ?? '';
  expect(link).toMatch(/\/c\/[A-Za-z0-9_-]{22}$/);
  await expectAccessible(A.page, 'the pot started step');
  await flow.getByRole('button', { name: 'Done' }).click();
  const aliceCard = A.page.getByRole('article', { name: title });
  await expect(aliceCard.getByText('Group pot · 1 player · $12.50')).toBeVisible();

  // Bruno sees it in Pending Challenges and joins with Sun; his stake is held.
  await B.page.goto('/');
  const bobCard = B.page.getByRole('article', { name: title });
  await bobCard.getByRole('button', { name: 'Join Pot' }).click();
  const join = B.page.getByRole('dialog', { name: title });
  await expect(join.getByText('1 in so far, $12.50 in the pot')).toBeVisible();
  await join.getByRole('button', { name: 'Join for $12.50' }).click();
  await expect(join.getByText('Please select your predicted outcome.')).toBeVisible();
  await join.getByRole('radio', { name: 'Sun' }).check();
  await expectAccessible(B.page, 'the join pot dialog');
  await join.getByRole('button', { name: 'Join for $12.50' }).click();
  await expect(join).toBeHidden();
  await expect(bobCard.getByText('Group pot · 2 players · $25.00')).toBeVisible();
  await expect(bobCard.getByText('You are in: waiting for the lock')).toBeVisible();

  // Cleo joins with Sun too (through the API: the dialog is covered above).
  const joined = await C.page.request.post(`/api/bets/${await betIdOf(aliceCard)}/join`, {
    ...as(C.who),
    data: { pick: 'Sun' },
  });
  expect(joined.ok()).toBe(true);

  // Dario has no account: the pot's link leads him through sign-up, then to becoming Alma's friend, then in.
  const D = { page: await phone(browser, info) };
  await D.page.goto(link);
  await expect(
    D.page.getByRole('heading', { name: `${alice.username} invited you to a group pot` }),
  ).toBeVisible();
  await expectAccessible(D.page, 'the pot link, signed out');
  await D.page.getByRole('button', { name: 'Sign Up to Join' }).click();
  await fillSignUp(D.page, dana);
  await expect(D.page.getByRole('button', { name: 'Join for $12.50' })).toBeVisible({ timeout: 30_000 });
  await D.page.getByRole('radio', { name: 'Rain' }).check();
  await D.page.getByRole('button', { name: 'Join for $12.50' }).click();
  await expect(D.page.getByText(/Only friends of/)).toBeVisible();
  await D.page.getByRole('button', { name: 'Add friend' }).click();
  await expect(D.page.getByText(`Friend request sent: join once ${alice.username} accepts.`)).toBeVisible();
  const requests = (await (await A.page.request.get('/api/friends/requests', as(A.who))).json()) as {
    id: string;
  }[];
  expect((await A.page.request.post(`/api/friends/${requests[0]?.id}/accept`, as(A.who))).ok()).toBe(true);
  await D.page.getByRole('button', { name: 'Join for $12.50' }).click();
  await expect(D.page.getByRole('status').filter({ hasText: 'You are in the pot!' })).toBeVisible();
  await expect(D.page).toHaveURL(/\/$/);

  // Alma sees four players and starts the pot early.
  await aliceCard.getByRole('link', { name: 'Open pot' }).click();
  await expect(A.page.getByTestId('pot-total')).toHaveText('Pot $50.00');
  await expect(A.page.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveCount(4);
  // Two on Rain would split $50.00: $25.00 each.
  await expect(A.page.getByText('Takes $25.00 if Rain happens')).toHaveCount(2);
  A.page.once('dialog', (dialog) => void dialog.accept());
  await A.page.getByRole('button', { name: 'Start now' }).click();
  await expect(A.page.getByText(/The pot is on: 4 players, \$50\.00/)).toBeVisible();

  // Everyone reports Rain; Alma and Dario through the dialog, Bruno and Cleo through the API.
  const id = Number(new URL(A.page.url()).pathname.split('/').pop());
  await A.page.getByRole('button', { name: 'Submit Outcome' }).click();
  const report = A.page.getByRole('dialog', { name: 'Submit Outcome' });
  await report.getByRole('radio', { name: 'Rain' }).check();
  await expectAccessible(A.page, 'the pot report dialog');
  await report.getByRole('button', { name: 'Continue' }).click();
  await expect(
    report.getByText('You picked right: you get $25.00 of the $50.00 pot (2 winners)'),
  ).toBeVisible();
  await report.getByRole('button', { name: 'Send my report' }).click();
  await expect(report).toBeHidden();
  await expect(A.page.getByRole('button', { name: 'Change my report' })).toBeVisible();
  await expect(A.page.getByText(/3 still to report/)).toBeVisible();
  for (const who of [B.who, C.who]) {
    const sent = await A.page.request.post(`/api/bets/${id}/submit-result`, {
      ...as(who),
      data: { result: 'Rain' },
    });
    expect(sent.ok()).toBe(true);
  }
  await D.page.goto(`/bets/${id}`);
  await D.page.getByRole('button', { name: 'Submit Outcome' }).click();
  const last = D.page.getByRole('dialog', { name: 'Submit Outcome' });
  await last.getByRole('radio', { name: 'Rain' }).check();
  await last.getByRole('button', { name: 'Continue' }).click();
  await last.getByRole('button', { name: 'Send my report' }).click();
  await expect(D.page.getByRole('status').filter({ hasText: 'Outcome Submitted' })).toBeVisible();

  // Settled: the winners took $25.00 each (+$12.50), the others lost their $12.50; the page says so at once.
  await expect(D.page.getByText('Rain happened. You won $12.50.')).toBeVisible();
  await expect(D.page.getByText('Got $25.00 back (+12.50)')).toHaveCount(2);
  await expect(D.page.getByText('Got $0.00 back (-12.50)')).toHaveCount(2);
  await expect(D.page.getByText('Payout')).toBeVisible();
  await expectAccessible(D.page, "a settled pot's page");
  await expectNoHorizontalScroll(D.page);
  // Seen again fresh (the toast gone), as the page reads later.
  await D.page.reload();
  await expect(D.page.getByText('Rain happened. You won $12.50.')).toBeVisible();
  await docScreenshot(D.page, 'pot-page-390');
  await D.page.setViewportSize(NARROW);
  await expectNoHorizontalScroll(D.page);

  // Recent Results: Won +$12.50 for Alma, Lost −$12.50 for Bruno.
  await A.page.goto('/');
  const won = A.page.locator('#results-list').getByRole('article', { name: title });
  await expect(won.getByText('+$12.50')).toBeVisible();
  await expect(won.getByText('Won')).toBeVisible();
  await expectAccessible(A.page, 'Recent Results with a pot');
  await A.page
    .getByRole('heading', { name: 'Recent Results' })
    .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await docScreenshot(A.page, 'pot-recent-results-390');
  await B.page.goto('/');
  const lost = B.page.locator('#results-list').getByRole('article', { name: title });
  await expect(lost.getByText('−$12.50')).toBeVisible();
  await expect(lost.getByText('Lost')).toBeVisible();

  // The history's "Group pots" filter finds it.
  await B.page.goto('/bets');
  await B.page.getByRole('combobox', { name: 'Kind' }).click();
  await B.page.getByRole('option', { name: 'Group pots' }).click();
  await expect(B.page.getByRole('article', { name: title })).toBeVisible();
});

/** The pot's id, from its card's link. */
async function betIdOf(card: ReturnType<Page['getByRole']>): Promise<number> {
  const href = (await card.getByRole('link').first().getAttribute('href')) ?? '';
  return Number(href.split('/').pop());
}

test('a group pot goes to dispute and an admin decides it on a phone', async ({ browser }, info) => {
  test.setTimeout(300_000);
  const [alice, bob, cara, boss] = [
    newPerson('Edda'),
    newPerson('Fabio'),
    newPerson('Gia'),
    newPerson('Hugo'),
  ];
  const A = await signedUp(browser, info, alice);
  const B = await signedUp(browser, info, bob);
  const C = await signedUp(browser, info, cara);
  const H = await signedUp(browser, info, boss);
  await befriend(A.page, A.who, B.who);
  await befriend(A.page, A.who, C.who);
  const title = `Who gets engaged first ${Date.now()}`;
  const created = await A.page.request.post('/api/bets', {
    ...as(A.who),
    data: {
      inviteeIds: [B.who.id, C.who.id],
      stake: '10.00',
      joinBy: new Date(Date.now() + 3_600_000).toISOString(),
      title,
      outcomes: ['Sam', 'Lee'],
      creatorPick: 'Sam',
      duration: 168,
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  for (const [who, pick] of [
    [B.who, 'Lee'],
    [C.who, 'Lee'],
  ] as const) {
    expect((await A.page.request.post(`/api/bets/${id}/join`, { ...as(who), data: { pick } })).ok()).toBe(
      true,
    );
  }
  expect((await A.page.request.post(`/api/bets/${id}/lock`, as(A.who))).ok()).toBe(true);
  await A.page.request.post(`/api/bets/${id}/submit-result`, { ...as(A.who), data: { result: 'Sam' } });

  // Fabio reports Lee: the dialog warns him, he confirms, and the pot goes to dispute.
  await B.page.goto(`/bets/${id}`);
  await B.page.getByRole('button', { name: 'Submit Outcome' }).click();
  const report = B.page.getByRole('dialog', { name: 'Submit Outcome' });
  await report.getByRole('radio', { name: 'Lee' }).check();
  await report.getByRole('button', { name: 'Continue' }).click();
  await expect(report.getByText(/Someone reported Sam/)).toBeVisible();
  await report.getByRole('button', { name: 'Send my report' }).click();
  const conflict = B.page.getByRole('dialog', { name: 'Outcome Conflict' });
  await conflict.getByRole('button', { name: /Create Dispute/ }).click();
  await expect(B.page.getByText('Dispute in progress – admin will review this bet').first()).toBeVisible();
  await B.page
    .getByLabel('Your statement for the admin')
    .fill('Lee proposed on Saturday, photos in the group chat.');
  await B.page.getByRole('button', { name: 'Add statement' }).click();
  await expect(B.page.getByText('You said')).toBeVisible();

  // Hugo, an admin, decides on his phone: Lee happened.
  grantAdmin(boss.username);
  await H.page.goto('/admin');
  await H.page.getByRole('tab', { name: 'Disputes' }).click();
  const card = H.page.getByTestId(`dispute-${id}`);
  await expect(card).toContainText(title);
  await expect(card.getByRole('list', { name: 'Players' }).getByRole('listitem')).toHaveCount(3);
  await expectAccessible(H.page, "the admin's Disputes tab with a pot");
  await expectNoHorizontalScroll(H.page);
  await card.getByRole('button', { name: 'Decide the outcome' }).click();
  const decide = H.page.getByRole('dialog', { name: 'Decide the pot' });
  await decide.getByRole('radio', { name: 'Lee happened' }).check();
  await decide.getByLabel('Resolution').fill('Photos show Lee proposed first, on Saturday.');
  await expectAccessible(H.page, 'the pot decision dialog');
  H.page.once('dialog', (dialog) => void dialog.accept());
  await decide.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(H.page.getByRole('status').filter({ hasText: 'Dispute Resolved' })).toBeVisible();
  await H.page.getByRole('tab', { name: 'Resolved' }).click();
  await expect(H.page.getByTestId(`resolved-${id}`)).toContainText('Decided: Lee');

  // Fabio and Gia split $30.00: $15.00 each, +$5.00; Edda lost her $10.00.
  await B.page.reload();
  await expect(B.page.getByText('Lee happened. You won $5.00. An admin decided it.')).toBeVisible();
  await expect(B.page.getByText('Got $15.00 back (+5.00)')).toHaveCount(2);
  await A.page.goto(`/bets/${id}`);
  await expect(A.page.getByText('Lee happened. You lost $10.00. An admin decided it.')).toBeVisible();
});

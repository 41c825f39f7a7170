import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  as,
  befriend,
  docScreenshot,
  holdToConfirm,
  session,
  expectAccessible,
  expectNoHorizontalScroll,
  grantAdmin,
  newPerson,
  signUp,
  type Person,
} from './support';

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 780 };

async function phone(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({ ...info.project.use, viewport: PHONE });
  return context.newPage();
}

async function signedUp(browser: Browser, info: TestInfo, person: Person) {
  const page = await phone(browser, info);
  await signUp(page, person);
  return { page, who: await session(page) };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

test('three friends play a referee bet: the referee calls it from the notification, a player appeals, an admin upholds it on a phone', async ({
  browser,
}, info) => {
  test.setTimeout(420_000);
  const [alice, bob, ref, boss] = [
    newPerson('Ines'),
    newPerson('Jonas'),
    newPerson('Kiki'),
    newPerson('Luis'),
  ];
  const title = `Train on time ${Date.now()}`;
  const A = await signedUp(browser, info, alice);
  const B = await signedUp(browser, info, bob);
  const R = await signedUp(browser, info, ref);
  await befriend(A.page, A.who, B.who);
  await befriend(A.page, A.who, R.who);

  // Ines challenges Jonas for $20.00 and names Kiki, a friend who does not play, as the referee.
  await A.page.goto('/');
  await A.page.getByRole('button', { name: 'Create New Bet' }).first().click();
  const flow = A.page.getByRole('dialog', { name: 'Create New Bet' });
  await flow.getByRole('button', { name: new RegExp(bob.firstName) }).click();
  await flow.getByLabel('Amount').fill('20');
  await flow.getByLabel("What's this bet about?").fill(title);
  await expect(flow.getByText(/puts in the same as you \(even money\)/)).toBeVisible();
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByRole('textbox', { name: 'Option 1' }).fill('On time');
  await flow.getByRole('textbox', { name: 'Option 2' }).fill('Late');
  await flow.getByRole('radio', { name: 'On time' }).check();
  await flow.getByRole('button', { name: 'Review Bet' }).click();
  await flow.getByRole('radio', { name: /A referee we both trust/ }).check();
  // Said at once, and the hold waits for a referee.
  await expect(flow.getByText('Pick a referee, or let both players decide')).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Hold to Send Challenge' })).toBeDisabled();
  const picker = flow.getByRole('list', { name: 'Choose a referee' });
  // The opponent plays, so only Kiki can referee; her record says she has not called any bet yet.
  await expect(picker.getByRole('button')).toHaveCount(1);
  await expect(picker.getByRole('button', { name: new RegExp(ref.firstName) })).toContainText('No calls yet');
  await flow.getByLabel('Search your friends').fill('nobody like this');
  await expect(flow.getByText('No friend matches your search.')).toBeVisible();
  await flow.getByLabel('Search your friends').fill(ref.firstName.slice(0, 3));
  await picker.getByRole('button', { name: new RegExp(ref.firstName) }).click();
  await expect(picker.getByRole('button', { name: new RegExp(ref.firstName) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(A.page, 'the referee picker');
  await expectNoHorizontalScroll(A.page);
  await docScreenshot(A.page, 'referee-picker-390');
  await A.page.setViewportSize(NARROW);
  await expectNoHorizontalScroll(A.page);
  await A.page.setViewportSize(PHONE);
  await holdToConfirm(A.page, 'Hold to Send Challenge', () =>
    expect(flow.getByText('Bet Created!')).toBeVisible({ timeout: 10_000 }),
  );
  await expect(flow).toBeHidden({ timeout: 10_000 });
  const card = A.page.getByRole('article', { name: title });
  await expect(card.getByText(`Referee: ${ref.firstName} ${ref.lastName}`)).toBeVisible();
  const href = (await card.getByRole('link', { name: title }).getAttribute('href')) ?? '';
  const id = Number(href.split('/').at(-1));
  expect(id).toBeGreaterThan(0);

  // Jonas sees the referee before accepting (by username: they are not friends); he cannot accept until she
  // agrees.
  await B.page.goto(`/bets/${id}`);
  await expect(B.page.getByText(`${ref.username} is asked to referee.`)).toBeVisible();
  await expect(B.page.getByRole('button', { name: 'Accept Challenge' })).toBeDisabled();

  // Kiki is asked in her notifications and takes the role on the bet's page.
  await R.page.goto('/');
  await expect(R.page.getByRole('region', { name: 'To Referee' })).toContainText(
    'Asked to referee: accept or decline',
  );
  await bell(R.page).click();
  const asked = R.page.getByRole('dialog', { name: 'Notifications' }).getByRole('button').filter({
    hasText: 'Accept or decline the role.',
  });
  await asked.click();
  await expect(R.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await R.page.getByRole('button', { name: 'Accept the role' }).click();
  await expect(R.page.getByRole('status').filter({ hasText: 'You referee this bet' })).toBeVisible();

  // Jonas accepts, Late: the referee is in the dialog too.
  await B.page.reload();
  await expect(B.page.getByText(`${ref.username} referees this bet`)).toBeVisible();
  await B.page.getByRole('button', { name: 'Accept Challenge' }).click();
  const accept = B.page.getByRole('dialog', { name: title });
  await expect(accept.getByText(`Referee: ${ref.username}`)).toBeVisible();
  await accept.getByRole('button', { name: 'Accept Challenge' }).click();
  await expect(B.page.getByRole('status').filter({ hasText: 'Bet Accepted!' })).toBeVisible();

  // Kiki calls it from her notification: the train was on time.
  await R.page.goto('/');
  await bell(R.page).click();
  const done = R.page.getByRole('dialog', { name: 'Notifications' }).getByRole('button').filter({
    hasText: 'You agreed to referee it.',
  });
  await done.click();
  await R.page.getByRole('button', { name: 'Call it' }).click();
  const call = R.page.getByRole('dialog', { name: `Call it: ${title}` });
  await call.getByRole('radio', { name: 'On time' }).check();
  await expect(call.getByText(/wins \$20\.00 .*stake/)).toBeVisible();
  await call.getByLabel('Your note to the players').fill('Arrived');
  await expect(call.getByText('3 more characters (10 at least)')).toBeVisible();
  await expect(call.getByRole('button', { name: 'Send my call' })).toBeDisabled();
  await call.getByLabel('Your note to the players').fill('Arrived 14:02, the board said on time.');
  await expectAccessible(R.page, 'the call dialog');
  await docScreenshot(R.page, 'referee-call-390');
  await call.getByRole('button', { name: 'Send my call' }).click();
  await expect(R.page.getByRole('status').filter({ hasText: 'Your call is in' })).toBeVisible();

  // Ines sees the call at once with what it means for her money and until when it can be appealed.
  await A.page.goto(`/bets/${id}`);
  const called = A.page.getByTestId('referee-call');
  await expect(called).toContainText('The call: “On time”');
  await expect(called).toContainText('If it stands, you win $20.00.');
  await expect(called).toContainText('Any player may appeal until');
  await expect(A.page.getByRole('button', { name: 'Accept the call' })).toBeVisible();
  await expectAccessible(A.page, "a called referee bet's page");
  await expectNoHorizontalScroll(A.page);
  // The picture shows the call, what it means for her money, the deadline and the answers.
  await A.page.getByRole('region', { name: 'Referee' }).scrollIntoViewIfNeeded();
  await docScreenshot(A.page, 'referee-bet-page-390');

  // Jonas appeals: the bet reads as disputed.
  await B.page.goto(`/bets/${id}`);
  await expect(B.page.getByTestId('referee-call')).toContainText(
    'If it stands, your $20.00 stake goes to the other side.',
  );
  await B.page.getByRole('button', { name: 'Appeal' }).click();
  const appeal = B.page.getByRole('dialog', { name: 'Appeal the call' });
  await appeal.getByLabel('Your statement for the admin').fill('It left late');
  await expect(appeal.getByRole('button', { name: 'Send appeal' })).toBeEnabled();
  await appeal
    .getByLabel('Your statement for the admin')
    .fill('The train left at 14:09, seven minutes late.');
  await expectAccessible(B.page, 'the appeal dialog');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(B.page.getByRole('status').filter({ hasText: 'Appeal sent' })).toBeVisible();
  await expect(B.page.getByText('The call was appealed – an admin will review this bet')).toBeVisible();

  // Luis, an admin, upholds the call on his phone, with the referee's note beside the statements.
  const H = await signedUp(browser, info, boss);
  grantAdmin(boss.username);
  await H.page.goto('/admin');
  await H.page.getByRole('tab', { name: 'Disputes' }).click();
  const dispute = H.page.getByTestId(`dispute-${id}`);
  await expect(dispute.getByTestId('appealed-call')).toContainText('Arrived 14:02, the board said on time.');
  await expectAccessible(H.page, "the admin's Disputes tab with an appealed call");
  await expectNoHorizontalScroll(H.page);
  await dispute.getByRole('button', { name: /^Uphold the call: for/ }).click();
  const resolve = H.page.getByRole('dialog', { name: 'Resolve dispute' });
  await expect(resolve.getByText(/The referee called On time/)).toBeVisible();
  await resolve.getByLabel('Resolution').fill('The station log shows an on-time arrival; the call stands.');
  H.page.once('dialog', (dialog) => void dialog.accept());
  await resolve.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(H.page.getByRole('status').filter({ hasText: 'Dispute Resolved' })).toBeVisible();

  await A.page.reload();
  await expect(A.page.getByText('You won $20.00. An admin decided it.')).toBeVisible();
  await B.page.reload();
  await expect(B.page.getByText(/You lost \$20\.00 to .*An admin decided it\./)).toBeVisible();
});

test('two friends agree 3 to 1 after one counter-offer', async ({ browser }, info) => {
  // Two browsers' worth of journeys on a busy 2-core box: the same allowance as the referee journey.
  test.setTimeout(420_000);
  const [alice, bob] = [newPerson('Mona'), newPerson('Nils')];
  const title = `Marathon under 4 hours ${Date.now()}`;
  const A = await signedUp(browser, info, alice);
  const B = await signedUp(browser, info, bob);
  await befriend(A.page, A.who, B.who);
  const created = await A.page.request.post('/api/bets', {
    ...as(A.who),
    data: {
      opponentId: B.who.id,
      amount: '30.00',
      title,
      outcomes: ['Under 4 hours', 'Over 4 hours'],
      duration: 168,
      creatorPick: 'Over 4 hours',
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  // Nils counters: he puts $10.00 against Mona's $30.00, and sees the odds as he types.
  await B.page.goto(`/bets/${id}`);
  await B.page.getByRole('button', { name: 'Counter' }).click();
  const counter = B.page.getByRole('dialog', { name: 'Counter-offer' });
  await counter.getByLabel('Your stake').fill('10.001');
  await expect(counter.getByText('Amount must be a number with at most 2 decimal places')).toBeVisible();
  await expect(counter.getByRole('button', { name: 'Send counter-offer' })).toBeDisabled();
  await counter.getByLabel('Your stake').fill('10');
  await expect(counter.getByText('Your $10.00 against their $30.00 (3 to 1)')).toBeVisible();
  await expectAccessible(B.page, 'the counter-offer dialog');
  await docScreenshot(B.page, 'counter-offer-390');
  await counter.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(B.page.getByRole('status').filter({ hasText: 'Counter-offer sent' })).toBeVisible();
  await expect(B.page.getByText(/Waiting for .* to answer your counter-offer\./)).toBeVisible();

  // Mona sees the offer in the timeline of offers and accepts it: the bet is on at 3 to 1.
  await A.page.goto(`/bets/${id}`);
  await expect(A.page.getByRole('region', { name: 'Counter-offers' })).toContainText('Round 1 of 5');
  await expect(A.page.getByText('Your $30.00 against their $10.00 (3 to 1)')).toBeVisible();
  await expectAccessible(A.page, 'a counter-offer to answer');
  await expectNoHorizontalScroll(A.page);
  await A.page.getByRole('button', { name: 'Accept offer' }).click();
  await expect(A.page.getByRole('status').filter({ hasText: 'Counter-offer accepted' })).toBeVisible();
  await expect(A.page.getByText('You put $30.00 to win $10.00 (3 to 1)')).toBeVisible();

  // Each side sees its own stake and what it can win.
  await B.page.reload();
  await expect(B.page.getByText('You put $10.00 to win $30.00 (3 to 1)')).toBeVisible();
  await B.page.goto('/');
  const card = B.page.getByRole('article', { name: title });
  await expect(card).toContainText('$10.00');
  await expect(card).toContainText('To win $30.00 (3 to 1)');
});

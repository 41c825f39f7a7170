import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

let counter = 0;

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

export function newPerson(firstName = 'Riley'): Person {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}${tag}@example.com`,
    username: `${firstName.toLowerCase()}_${tag}`,
    password: 'Secret@123',
  };
}

/**
 * Picks an option of an MUI select. A click that lands while the menu is still opening or closing can leave it
 * open (seen on a busy CI box: the listbox then stayed over the form for 20 s while each retry clicked the
 * option again), so once the choice shows in the select a menu still open is closed with Escape, as a person
 * would, and the choice is checked again after that.
 */
export async function chooseOption(
  page: Page,
  select: Locator,
  option: { name: string | RegExp; exact?: boolean },
): Promise<void> {
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if (!(await listbox.isVisible())) await select.click();
    await page.getByRole('option', option).click({ timeout: 2_000 });
    await expect(select).toHaveText(option.name, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // A closing menu is given time first: Escape while it fades would reach the dialog beneath and close that.
  const closed = await listbox.waitFor({ state: 'hidden', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!closed) await listbox.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(select).toHaveText(option.name);
}

/** A sign-up over the API, for people whose sign-up is not what a journey is about. */
export async function signUpByApi(
  request: APIRequestContext,
  person: Person,
): Promise<{ token: string; user: { id: string } }> {
  const response = await request.post('/api/auth/signup', {
    data: { ...person, confirmPassword: person.password, birthday: '1992-03-04', state: 'Oregon' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { token: string; user: { id: string } };
}

/**
 * Signs `person` up and opens their dashboard, signed in as the dialog would leave them (the stored token and
 * user, the session cookie). Over the API: the dialog costs a landing page, MUI's first load and a form, five
 * CPU-seconds of a two-core machine per person, and has journeys of its own (accounts, keyboard, accessibility,
 * create-validation, invite), which use signUpThroughDialog.
 */
export async function signUp(page: Page, person: Person): Promise<void> {
  const auth = await signUpByApi(page.request, person);
  // Local storage belongs to the origin: any same-origin document will do, and the health answer is the
  // lightest one (the landing page would load its script only to be left).
  await page.goto('/api/health');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('auth_token', token);
    localStorage.setItem('auth_user', JSON.stringify(user));
  }, auth);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();
}

/** Signs up through the real dialog and waits for the dashboard. */
export async function signUpThroughDialog(page: Page, person: Person): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await fillSignUp(page, person);
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();
}

/** Fills the open Sign Up dialog and sends it. */
export async function fillSignUp(page: Page, person: Person): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(person.firstName);
  await dialog.getByLabel('Last name').fill(person.lastName);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByLabel('Username').fill(person.username);
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
  await dialog.getByLabel('Confirm password').fill(person.password);
  await dialog.getByLabel('Birthday').fill('1992-03-04');
  await chooseOption(page, dialog.getByLabel('State'), { name: 'Oregon' });
  await dialog.getByRole('button', { name: 'Create Account' }).click();
}

export async function logIn(page: Page, emailOrUsername: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or username').fill(emailOrUsername);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/** Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('the element was not reached with Tab');
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Makes `username` an administrator with the CLI, against the database the journeys' app uses. */
export function grantAdmin(username: string): void {
  execFileSync('node', ['../backend/dist/cli/admin.js', 'grant', username], {
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  });
}

/**
 * Records the page's requests from now on. `quiet()` resolves once none is in flight (the live event stream,
 * which never ends, aside) and none has started for `quietMs`: a request that should never come can only be
 * ruled out once the page has stopped asking, as Playwright's "networkidle" does for pages without a stream.
 */
export function watchRequests(page: Page): { paths: string[]; quiet(quietMs?: number): Promise<void> } {
  const paths: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const isStream = (url: string) => new URL(url).pathname === '/api/events';
  page.on('request', (request) => {
    paths.push(new URL(request.url()).pathname);
    if (isStream(request.url())) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const finished = (request: { url(): string }) => {
    if (isStream(request.url())) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return {
    paths,
    quiet: (quietMs = 500) =>
      expect.poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, { timeout: 30_000 }).toBe(true),
  };
}

/** Waits for running animations: a dialog or toast still fading in reads as low contrast, a popover still
 * growing measures small. */
export async function animationsSettled(page: Page): Promise<void> {
  // Two frames first, so a transition started by the last click is running and so counted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Endless ones (skeleton pulses, spinners) never finish; a cancelled one rejects.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core over what the page shows now (WCAG 2.1 A/AA and best practices): fails on any serious or critical
 * violation, naming each rule and the first elements it found, so a regression fails `npm test`.
 * Waits for running animations first.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await animationsSettled(page);
  // Legacy mode runs axe.run() in the page itself. The default runs axe.runPartial() in every frame, then
  // opens a blank page, injects axe again and calls axe.finishRun() there, for cross-origin frames, which the
  // app has none of: a third of the accessibility journey's CPU. Same rules, same violations, passes and
  // incomplete checks on our pages (compared on five of them, one with planted violations).
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = violations
    // heading-order is only "moderate", but a skipped level misleads anyone who moves by headings.
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'heading-order',
    )
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ` +
        violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | '),
    );
  expect(serious, `serious or critical axe violations on ${where}`).toEqual([]);
}

/** What a tap target check found too small: its role, name and size in CSS pixels. */
export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every button, link, tab, switch, checkbox, radio, menu item and select the page shows now, measured: fails
 * with the list of those under `min` x `min` CSS px (44 px, Apple's and WCAG 2.5.5's size; 2.5.8
 * asks 24). A switch, checkbox or radio counts with the label that wraps it (tapping the label works too).
 * Left out, as WCAG 2.5.8's exceptions allow: links inside a sentence ("inline" targets, whose size the
 * line height sets) and anything hidden from everyone (aria-hidden, inert, display or visibility).
 */
export async function expectTapTargets(page: Page, where: string, min = 44): Promise<void> {
  await animationsSettled(page);
  const small = await page.evaluate((size): SmallTarget[] => {
    const selector = [
      'button',
      'a[href]',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[role="combobox"]',
      'input[type="checkbox"]',
      'input[type="radio"]',
    ].join(',');
    const inSentence = (element: Element): boolean => {
      // A link whose block (paragraph, list item, table cell) has words of its own besides the link.
      if (element.tagName !== 'A' && element.getAttribute('role') !== 'link') return false;
      const block = element.parentElement?.closest('p, li, td, dd, label, span.MuiTypography-root');
      if (!block) return false;
      const own = (block.textContent ?? '').replace(element.textContent ?? '', '').trim();
      return own.length > 0 && getComputedStyle(element).display.startsWith('inline');
    };
    const found: SmallTarget[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      if (inSentence(element)) continue;
      const control = element.matches('input, [role="switch"], [role="checkbox"], [role="radio"]');
      const target = (control && element.closest('label')) || element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width + 0.5 >= size && box.height + 0.5 >= size) continue;
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const name =
        element.getAttribute('aria-label') ||
        (target.textContent ?? '').trim().slice(0, 40) ||
        element.getAttribute('name') ||
        '';
      found.push({
        what: `${role} "${name}"`,
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return found;
  }, min);
  // Soft: the journey goes on, so one run lists the offenders of every screen.
  expect
    .soft(
      small.map((target) => `${target.what} ${target.width}x${target.height}`),
      `tap targets under ${min}x${min} px on ${where}`,
    )
    .toEqual([]);
}

/**
 * With UPDATE_SCREENSHOTS=1, the view saved to docs/screenshots for the docs. Only the phone project writes
 * them: the desktop project walks the same journeys at 1x pixel density and would overwrite them.
 */
export async function docScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.UPDATE_SCREENSHOTS || test.info().project.name !== 'phone') return;
  // No hover or ripple left from the last tap.
  await page.mouse.move(0, 0);
  await animationsSettled(page);
  await page.screenshot({
    path: path.resolve('..', 'docs', 'screenshots', `${name}.png`),
    animations: 'disabled',
  });
}

/** The signed-in person of a page: their token and id, as the app stored them. */
export const session = async (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('auth_token') ?? '',
    id: (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  }));
export type Session = Awaited<ReturnType<typeof session>>;
export const as = (who: Session) => ({ headers: { authorization: `Bearer ${who.token}` } });

/** `from` asks `to` to be friends and `to` accepts, through the API (the friends screens have journeys of their own). */
export async function befriend(page: Page, from: Session, to: Session): Promise<void> {
  const asked = await page.request.post('/api/friends/request', {
    ...as(from),
    data: { addresseeId: to.id },
  });
  expect(asked.ok()).toBe(true);
  const { id } = (await asked.json()) as { id: string };
  expect((await page.request.post(`/api/friends/${id}/accept`, as(to))).ok()).toBe(true);
}

/** Presses and holds a hold-to-confirm button until `done` has seen what the hold does. */
export async function holdToConfirm(page: Page, name: string, done: () => Promise<void>) {
  await page.getByRole('button', { name }).hover();
  await page.mouse.down();
  await done();
  await page.mouse.up();
}

import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { startSmtpInbox, type SmtpInbox } from '../../backend/test/support/smtp-inbox';
import { expectAccessible, expectNoHorizontalScroll, fillSignUp, newPerson } from './support';

const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const NEW_PASSWORD = 'Brand-New7!';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * The shared journey server has no SMTP server (most journeys are not about email): this journey starts the
 * built app of its own, with a real SMTP server it reads the mail from, as a deployment with email would run.
 */
async function startAppWithEmail(inbox: SmtpInbox): Promise<{ url: string; stop(): Promise<void> }> {
  const [port, pgPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'betwixt-e2e-mail-'));
  // The embedded PostgreSQL runs as its own user when we are root: it must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const url = `http://127.0.0.1:${port}`;
  // Its own embedded PostgreSQL in its own folder, never the journeys' database.
  const { DATABASE_URL: _shared, ...inherited } = process.env;
  const app: ChildProcess = spawn(process.execPath, ['../backend/dist/main.js'], {
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SMTP_URL: inbox.url,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => app.once('exit', resolve));
  // The app stops its PostgreSQL on SIGTERM, also when it gives up at its shutdown deadline.
  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null) app.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect(async () => {
      expect((await fetch(`${url}/api/health`)).ok).toBe(true);
    }).toPass({ timeout: 90_000 });
  } catch (error) {
    await stop(); // never leave a half-started app and its database running
    throw error;
  }
  return { url, stop };
}

async function phonePage(browser: Browser, info: TestInfo, baseURL: string) {
  const context = await browser.newContext({ ...info.project.use, viewport: PHONE, baseURL });
  return context.newPage();
}

test.describe('password reset by email', () => {
  let inbox: SmtpInbox;
  let app: { url: string; stop(): Promise<void> };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    inbox = await startSmtpInbox();
    app = await startAppWithEmail(inbox);
  });

  test.afterAll(async () => {
    await app?.stop();
    await inbox?.close();
  });

  test('a person who forgot their password sets a new one from the mailed link', async ({
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const shot = (name: string) => `${SCREENSHOTS}/${name}-${info.project.name}-390.png`;
    const rosa = newPerson('Rosa');

    // Signed up on one phone, which stays signed in: the reset must end that session.
    const old = await phonePage(browser, info, app.url);
    await old.goto('/');
    await old.getByRole('button', { name: 'Get Started' }).click();
    await fillSignUp(old, rosa);
    await expect(old.getByRole('heading', { name: `Welcome, ${rosa.firstName}!` })).toBeVisible({
      timeout: 30_000,
    });
    const banner = old.getByRole('region', { name: 'Confirm your email address' });
    await expect(banner).toContainText(`we sent a link to ${rosa.email}`);
    await old.screenshot({ path: shot('email-confirm-banner') });
    const [confirmation] = await inbox.waitFor(
      (mail) => mail.to.includes(rosa.email) && /verify-email/.test(mail.text),
    );
    const confirmLink = /http:\/\/\S+\/verify-email\?token=\S+/.exec(confirmation?.text ?? '')?.[0] ?? '';
    await old.goto(confirmLink);
    await expect(old.getByText('Your email address is confirmed.')).toBeVisible();
    await old.goto('/');
    await expect(old.getByRole('heading', { name: `Welcome, ${rosa.firstName}!` })).toBeVisible();
    await expect(banner).toBeHidden();

    // On another phone, signed out, she has forgotten the password.
    const page = await phonePage(browser, info, app.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(rosa.email);
    await page.screenshot({ path: shot('password-forgot') });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(
        'If an account uses this email address, we have sent it a link to choose a new password.',
      ),
    ).toBeVisible();
    await page.screenshot({ path: shot('password-forgot-sent') });

    const [mail] = await inbox.waitFor(
      (message) => message.to.includes(rosa.email) && /reset-password/.test(message.text),
    );
    expect(mail?.subject).toBe('Reset your Betwixt password');
    const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link.startsWith(app.url)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await expectAccessible(page, 'reset password');
    await page.screenshot({ path: shot('password-reset') });
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByText('Your password has been changed. Sign in with your new password.'),
    ).toBeVisible();
    await page.screenshot({ path: shot('password-reset-done') });

    // The old password no longer works; the new one does.
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email or username').fill(rosa.email);
    await dialog.getByLabel('Password').fill(rosa.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await dialog.getByLabel('Password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${rosa.firstName}!` })).toBeVisible({
      timeout: 30_000,
    });

    // Signing out is one tap on the avatar, on a phone too.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The first phone's session ended with the reset.
    await old.reload();
    await expect(old.getByRole('button', { name: 'Get Started' })).toBeVisible({ timeout: 30_000 });

    // A used link says so and offers a new one.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Third-Try8!');
    await page.getByLabel('Confirm new password').fill('Third-Try8!');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByText('This reset link is not valid any more. Ask for a new one.').first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});

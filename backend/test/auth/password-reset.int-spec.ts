import { Clock } from '../../src/common/clock.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../support/smtp-inbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC_URL = 'https://betwixt.example.com';
const NEW_PASSWORD = 'Fresh-Start9!';
const SENT = 'If an account uses this email address, we have sent it a link to choose a new password.';

const resetMailTo = (email: string) => (message: ReceivedEmail) =>
  message.to.includes(email) && message.subject === 'Reset your Betwixt password';
const confirmMailTo = (email: string) => (message: ReceivedEmail) =>
  message.to.includes(email) && message.subject === 'Confirm your email address for Betwixt';
const tokenIn = (message: ReceivedEmail | undefined, path: string): string => {
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=([^\\s"<]+)`).exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in ${message?.text}`);
  return decodeURIComponent(match[1]);
};

describe('password reset and email confirmation by mail', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  let alice: SignedUpUser;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  afterEach(() => jest.restoreAllMocks());
  beforeEach(async () => {
    alice = await newUser(t);
  });

  const requestReset = (email: string) => api(t, 'POST', '/api/auth/password-reset', { body: { email } });
  const reset = (token: string, password = NEW_PASSWORD) =>
    api(t, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password, confirmPassword: password },
    });
  const login = (password: string) =>
    api(t, 'POST', '/api/auth/login', { body: { emailOrUsername: alice.email, password } });
  const mailedResetToken = async () =>
    tokenIn((await inbox.waitFor(resetMailTo(alice.email))).at(-1), '/reset-password');

  it('says email is on', async () => {
    expect((await api(t, 'GET', '/api/auth/options')).body).toEqual({ emailEnabled: true });
  });

  it('mails a single-use link that sets the password and ends every session', async () => {
    const other = await login(alice.password);
    expect(await requestReset(alice.email.toUpperCase())).toMatchObject({
      status: 202,
      body: { message: SENT },
    });
    const [mail] = await inbox.waitFor(resetMailTo(alice.email));
    expect(mail?.text).toContain('within 30 minutes');
    expect(mail?.html).toContain(`<a href="${PUBLIC_URL}/reset-password?token=`);
    const token = tokenIn(mail, '/reset-password');

    expect((await reset(token)).status).toBe(200);
    expect((await login(alice.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
    for (const session of [alice.token, other.body.token as string]) {
      expect((await api(t, 'GET', '/api/auth/user', { token: session })).status).toBe(401);
    }
    const again = await reset(token, 'Another-One9!');
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'This reset link is not valid any more. Ask for a new one.' },
    });
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it('stores only a hash of the secret, and a tampered secret is refused', async () => {
    await requestReset(alice.email);
    const token = await mailedResetToken();
    const [id, secret] = token.split('.') as [string, string];
    const rows = await t.dataSource.query<{ secretHash: string }[]>(
      `SELECT "secretHash" FROM password_reset_tokens WHERE id = $1`,
      [id],
    );
    expect(rows[0]?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.secretHash).not.toContain(secret);
    const flipped = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await reset(flipped)).status).toBe(400);
    expect((await reset(token)).status).toBe(200);
  });

  it('a link expires after PASSWORD_RESET_MINUTES, and asking again retires the earlier link', async () => {
    await requestReset(alice.email);
    const first = await mailedResetToken();
    inbox.messages.length = 0;
    await requestReset(alice.email);
    const second = await mailedResetToken();
    expect((await reset(first)).status).toBe(400);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 31 * 60_000));
    expect((await reset(second)).status).toBe(400);
    jest.restoreAllMocks();
    expect((await reset(second)).status).toBe(200);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const nobody = `nobody-${Date.now()}@example.com`;
    expect(await requestReset(nobody)).toMatchObject({ status: 202, body: { message: SENT } });
    await requestReset(alice.email);
    await inbox.waitFor(resetMailTo(alice.email));
    expect(inbox.messages.filter((message) => message.to.includes(nobody))).toEqual([]);
  });

  it('a new password must follow the sign-up rules', async () => {
    await requestReset(alice.email);
    const response = await reset(await mailedResetToken(), 'short');
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('Password must be at least 8 characters');
  });

  it('mails a confirmation link at sign-up; opening it confirms the address', async () => {
    const me = () => api(t, 'GET', '/api/auth/user', { token: alice.token });
    expect((await me()).body.isEmailVerified).toBe(false);
    const [mail, ...more] = await inbox.waitFor(confirmMailTo(alice.email));
    expect(more).toEqual([]);
    const token = tokenIn(mail, '/verify-email');
    expect(
      (await api(t, 'POST', '/api/auth/email-verification/confirm', { body: { token: `${token}x` } })).status,
    ).toBe(400);
    expect((await api(t, 'POST', '/api/auth/email-verification/confirm', { body: { token } })).status).toBe(
      200,
    );
    expect((await me()).body.isEmailVerified).toBe(true);
  });

  it('sends another confirmation on request, at most once a minute, and the newest link is the one that works', async () => {
    const first = tokenIn((await inbox.waitFor(confirmMailTo(alice.email)))[0], '/verify-email');
    const resend = () => api(t, 'POST', '/api/auth/email-verification', { token: alice.token });
    expect((await resend()).status).toBe(429);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 61_000));
    expect((await resend()).status).toBe(202);
    const mails = await inbox.waitFor(
      (message) => confirmMailTo(alice.email)(message) && !message.text.includes(first),
    );
    const second = tokenIn(mails[0], '/verify-email');
    expect(
      (await api(t, 'POST', '/api/auth/email-verification/confirm', { body: { token: first } })).status,
    ).toBe(400);
    expect(
      (await api(t, 'POST', '/api/auth/email-verification/confirm', { body: { token: second } })).status,
    ).toBe(200);
  });
});

describe('without SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('says plainly that email is not set up, for a reset and for a confirmation', async () => {
    expect((await api(t, 'GET', '/api/auth/options')).body).toEqual({ emailEnabled: false });
    const user = await newUser(t);
    const reset = await api(t, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
    expect(reset.status).toBe(503);
    expect(reset.body.message).toMatch(/^Email is not set up on this server/);
    const confirm = await api(t, 'POST', '/api/auth/email-verification', { token: user.token });
    expect(confirm.status).toBe(503);
  });
});

describe('reset requests are rate-limited', () => {
  let inbox: SmtpInbox;
  let t: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL }, realAuthLimits: true });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('refuses the 11th request in a minute for one address', async () => {
    const email = `someone-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await api(t, 'POST', '/api/auth/password-reset', { body: { email } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
  });
});

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CredentialsRepository } from '../users/index.js';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import {
  BadRequestError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../../common/errors/domain-error.js';
import { MailSender, type EmailContent } from '../../common/mail/mail-sender.js';
import { AppConfig } from '../../config/app-config.js';
import { Transactor, type TxOrManager } from '../../database/transactor.js';
import { emailVerificationEmail, passwordResetEmail } from './account-emails.js';
import { AuthRepository } from './auth.repository.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionStore } from './session-store.js';

export const EMAIL_NOT_SET_UP =
  'Email is not set up on this server, so Betwixt cannot send you a link. Ask whoever runs this server for help.';
export const RESET_LINK_INVALID = 'This reset link is not valid any more. Ask for a new one.';
export const VERIFICATION_LINK_INVALID = 'This confirmation link is not valid any more. Ask for a new one.';
/** A person may ask for another confirmation email once a minute. */
const RESEND_AFTER_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `<row id>.<secret>`: the id finds the row, the secret proves the link; only the secret's hash is stored. */
function newLinkToken(id: string): { token: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${id}.${secret}`, secretHash: sha256(secret) };
}

function parseLinkToken(token: string): { id: string; secret: string } | null {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || !UUID.test(id)) return null;
  return { id, secret };
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Compares the hash of the offered secret with the stored one in constant time. */
function secretMatches(secret: string, storedHash: string | null): boolean {
  const offered = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(storedHash ?? '', 'hex');
  return stored.length === offered.length && timingSafeEqual(offered, stored);
}

/**
 * Password reset and email confirmation by mailed link (docs/security.md). Both refuse plainly when SMTP
 * is not configured. A reset link is handed to the SMTP server after the answer, so how long a reset
 * request takes does not tell whether the address has an account.
 */
@Injectable()
export class AccountEmailService {
  private readonly logger = new Logger(AccountEmailService.name);

  constructor(
    private readonly transactor: Transactor,
    private readonly accounts: AuthRepository,
    private readonly credentials: CredentialsRepository,
    private readonly config: AppConfig,
    private readonly mail: MailSender,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  get emailEnabled(): boolean {
    return this.mail.enabled;
  }

  /** Drops an account's reset links in the caller's transaction: one still in a mailbox must not revive it. */
  async dropResetTokensOf(tx: TxOrManager, userId: string): Promise<void> {
    await this.accounts.dropResetTokensOf(tx, userId);
  }

  /** Mails a reset link if a live account uses the address; the caller learns nothing either way. */
  async requestPasswordReset(email: string): Promise<void> {
    this.assertEmailEnabled();
    const user = await this.transactor.read((tx) => this.credentials.liveAccountByEmail(tx, email.trim()));
    if (!user) return;
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.PASSWORD_RESET_MINUTES * 60_000);
    const id = await this.transactor.run(async (tx) => {
      // Only the newest link works: asking again retires the ones before.
      await this.accounts.dropUnusedResetTokens(tx, user.id);
      const rowId = await this.accounts.insertResetToken(tx, user.id, expiresAt);
      const { token, secretHash } = newLinkToken(rowId);
      await this.accounts.setResetSecret(tx, rowId, secretHash);
      return token;
    });
    this.sendLater(
      user.email,
      passwordResetEmail(this.link('/reset-password', id), this.config.PASSWORD_RESET_MINUTES),
    );
  }

  /**
   * Sets the new password if the link is current and unused, uses the link up, and ends every session of
   * that person: whoever knew the old password is signed out. Mailing the link proved the address too.
   */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw resetLinkInvalid();
    const hash = await this.hasher.hash(newPassword);
    const userId = await this.transactor.run(async (tx) => {
      const row = await this.accounts.lockResetToken(tx, parsed.id, this.clock.now());
      if (!row || !secretMatches(parsed.secret, row.secretHash)) throw resetLinkInvalid();
      await this.accounts.useResetToken(tx, parsed.id, this.clock.now());
      await this.credentials.setPasswordVerified(tx, row.userId, hash);
      return row.userId;
    });
    await this.sessions.destroyAllFor(userId);
  }

  /** Mails a confirmation link to the person's address, unless it is confirmed or one went out a minute ago. */
  async sendVerification(userId: string): Promise<void> {
    this.assertEmailEnabled();
    const user = await this.transactor.read((tx) => this.credentials.verificationStateOf(tx, userId));
    if (!user || user.isEmailVerified) return;
    const ttlMs = this.config.EMAIL_VERIFICATION_HOURS * 3_600_000;
    const now = this.clock.now().getTime();
    const lastSent = user.emailVerificationExpires ? user.emailVerificationExpires.getTime() - ttlMs : null;
    if (lastSent !== null && now - lastSent < RESEND_AFTER_MS) {
      throw new TooManyRequestsError(
        'We sent you a confirmation email a moment ago. Please wait a minute before asking again.',
      );
    }
    const { token, secretHash } = newLinkToken(userId);
    await this.transactor.read((tx) =>
      this.credentials.setVerificationToken(tx, userId, secretHash, new Date(now + ttlMs)),
    );
    // Awaited (unlike a reset link): the person is signed in, so timing reveals nothing, and they learn
    // at once if their mail server refused it.
    await this.mail.send(
      user.email,
      emailVerificationEmail(this.link('/verify-email', token), this.config.EMAIL_VERIFICATION_HOURS),
    );
  }

  /** Marks the address confirmed if the link is the current one and has not expired. */
  async verifyEmail(token: string): Promise<void> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw verificationLinkInvalid();
    const row = await this.transactor.read((tx) =>
      this.credentials.verificationTokenOf(tx, parsed.id, this.clock.now()),
    );
    if (!row || !secretMatches(parsed.secret, row.emailVerificationToken)) throw verificationLinkInvalid();
    // Conditional on the same token, so a link replaced meanwhile does not count.
    const current = row.emailVerificationToken;
    await this.transactor.read((tx) => this.credentials.confirmEmail(tx, parsed.id, current));
  }

  private assertEmailEnabled(): void {
    if (!this.mail.enabled) throw new ServiceUnavailableError(EMAIL_NOT_SET_UP, 'email_not_configured');
  }

  private link(path: string, token: string): string {
    return `${this.config.publicUrl.replace(/\/$/, '')}${path}?token=${encodeURIComponent(token)}`;
  }

  private sendLater(to: string, content: EmailContent): void {
    this.mail.send(to, content).catch((error: unknown) => {
      // The address is personal data: the subject says which kind of mail failed.
      this.logger.warn({ err: error, subject: content.subject }, 'Account email not delivered');
    });
  }
}

const resetLinkInvalid = () =>
  new BadRequestError(RESET_LINK_INVALID, 'invalid_reset_link', { token: RESET_LINK_INVALID });
const verificationLinkInvalid = () =>
  new BadRequestError(VERIFICATION_LINK_INVALID, 'invalid_verification_link', {
    token: VERIFICATION_LINK_INVALID,
  });

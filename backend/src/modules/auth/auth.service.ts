import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '../../config/app-config.js';
import { BadRequestError, ConflictError } from '../../common/errors/domain-error.js';
import { violatedConstraint } from '../../database/query-errors.js';
import { Transactor, type TxOrManager } from '../../database/transactor.js';
import { CredentialsRepository, type SelfUserDto, User, UsersService } from '../users/index.js';
import { LedgerService } from '../wallet/index.js';
import { AccountBannedError, InvalidChallengeError, InvalidCredentialsError } from './auth.errors.js';
import type { SignupDto } from './dto/signup.dto.js';
import { AccountEmailService } from './account-email.service.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionStore } from './session-store.js';
import { INVALID_CODE, TwoFactorService } from './two-factor.service.js';

export const SIGNUP_BONUS = '1000.00';

export interface SignedIn {
  token: string;
  sessionId: string;
  user: SelfUserDto;
}

export type LoginOutcome =
  ({ kind: 'signed-in' } & SignedIn) | { kind: 'two-factor'; challengeToken: string };

interface ChallengeClaims {
  sub: string;
  purpose: '2fa';
}

@Injectable()
export class AuthService {
  constructor(
    private readonly transactor: Transactor,
    private readonly credentials: CredentialsRepository,
    private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly sessions: SessionStore,
    private readonly users: UsersService,
    private readonly ledger: LedgerService,
    private readonly twoFactor: TwoFactorService,
    private readonly accountEmails: AccountEmailService,
  ) {}

  /** Creates the account with its 1000.00 start recorded in the ledger, and signs it in. */
  async signup(input: SignupDto): Promise<SignedIn> {
    const birthday = new Date(input.birthday);
    if (Number.isNaN(birthday.getTime()) || birthday.getTime() > Date.now()) {
      throw new BadRequestError('Birthday must be a date in the past', 'invalid_birthday', {
        birthday: 'Birthday must be a date in the past',
      });
    }
    const passwordHash = await this.hasher.hash(input.password);
    const user = await this.transactor
      .run(async (tx) => {
        await this.assertAvailable(tx, input.email, input.username);
        return this.createAccount(tx, {
          email: input.email,
          username: input.username,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber || null,
          birthday,
          state: input.state,
          password: passwordHash,
          authProvider: 'manual',
          profileCompleted: true,
          isAdmin: this.isConfiguredAdmin(input.email),
        });
      })
      .catch((error: unknown) => {
        throw this.uniqueViolation(error) ?? error;
      });
    // Nothing waits on the address being confirmed, so a failure here must not fail the sign-up.
    if (this.accountEmails.emailEnabled)
      await this.accountEmails.sendVerification(user.id).catch(() => undefined);
    return this.startSession(user.id, 'password');
  }

  /**
   * Inserts a new account inside the caller's transaction. The starting balance arrives through the
   * ledger (a `signup_bonus` row), so balance = sum of ledger rows from day one.
   */
  async createAccount(
    tx: TxOrManager,
    fields: Omit<Partial<User>, 'id' | 'balance'> & Pick<User, 'email' | 'authProvider'>,
  ): Promise<User> {
    const created = await this.credentials.insertUser(tx, fields);
    await this.ledger.post(tx, [
      { userId: created.id, amount: SIGNUP_BONUS, type: 'signup_bonus', description: 'Welcome bonus' },
    ]);
    return created;
  }

  async login(emailOrUsername: string, password: string): Promise<LoginOutcome> {
    const identifier = emailOrUsername.trim().toLowerCase();
    const user = await this.transactor.read((tx) => this.credentials.findForLogin(tx, identifier));
    // Always verify a hash (a decoy when no account matched) so both failures take the same time.
    const valid = await this.hasher.verify(user?.password, password);
    if (!user || !valid) throw new InvalidCredentialsError();
    if (user.bannedAt) throw new AccountBannedError();
    await this.grantConfiguredAdmin(user);
    if (user.twoFactorEnabled) {
      const claims: ChallengeClaims = { sub: user.id, purpose: '2fa' };
      return { kind: 'two-factor', challengeToken: await this.jwt.signAsync(claims, { expiresIn: '5m' }) };
    }
    return { kind: 'signed-in', ...(await this.startSession(user.id, 'password')) };
  }

  /** Second login step: the challenge from step one plus a current, unused TOTP code. */
  async completeTwoFactorLogin(challengeToken: string, code: string): Promise<SignedIn> {
    let claims: ChallengeClaims;
    try {
      claims = await this.jwt.verifyAsync<ChallengeClaims>(challengeToken);
    } catch {
      throw new InvalidChallengeError();
    }
    if (claims.purpose !== '2fa') throw new InvalidChallengeError();
    if (!(await this.twoFactor.consume(claims.sub, code))) {
      throw new BadRequestError(INVALID_CODE, 'invalid_2fa_code', { code: INVALID_CODE });
    }
    const user = await this.users.findActive(claims.sub);
    if (user.bannedAt) throw new AccountBannedError();
    return this.startSession(user.id, 'password');
  }

  /** A server session plus a JWT naming it: deleting the session revokes the token. */
  async startSession(userId: string, method: string): Promise<SignedIn> {
    const session = await this.sessions.create({ userId, method });
    const token = await this.jwt.signAsync({ sub: userId, sid: session.sid });
    return { token, sessionId: session.sid, user: await this.users.selfView(userId) };
  }

  async logout(sessionId: string | null): Promise<void> {
    if (sessionId) await this.sessions.destroy(sessionId);
  }

  isConfiguredAdmin(email: string): boolean {
    return this.config.ADMIN_EMAILS.includes(email.toLowerCase());
  }

  /** ADMIN_EMAILS grants admin at sign-in; callers pass only a user whose email is trusted. */
  async grantConfiguredAdmin(user: User): Promise<void> {
    if (!user.isAdmin && this.isConfiguredAdmin(user.email)) {
      await this.transactor.read((tx) => this.credentials.makeAdmin(tx, user.id));
    }
  }

  private async assertAvailable(tx: TxOrManager, email: string, username: string): Promise<void> {
    const taken = await this.credentials.taken(tx, email, username);
    if (taken?.email) throw emailTaken();
    if (taken?.username) throw usernameTaken();
  }

  private uniqueViolation(error: unknown): ConflictError | null {
    const constraint = violatedConstraint(error);
    if (constraint === 'UQ_users_email_lower') return emailTaken();
    if (constraint === 'UQ_users_username_lower') return usernameTaken();
    return null;
  }
}

const emailTaken = () =>
  new ConflictError('An account with this email already exists', 'email_taken', {
    email: 'An account with this email already exists',
  });
const usernameTaken = () =>
  new ConflictError('This username is already taken', 'username_taken', {
    username: 'This username is already taken',
  });

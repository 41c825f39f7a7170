import { Injectable, Logger } from '@nestjs/common';
import * as client from 'openid-client';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { inTransaction } from '../../../database/in-transaction.js';
import { User } from '../../users/user.entity.js';
import { LedgerService } from '../../wallet/ledger.service.js';
import { AuthService, SIGNUP_BONUS, type SignedIn } from '../auth.service.js';

/** What must survive the round trip to the provider; kept in a signed, httpOnly, 10-minute cookie. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export type OidcFailure = 'oidc_not_configured' | 'oidc_failed' | 'email_in_use' | 'account_unavailable';

export class OidcLoginError extends Error {
  constructor(readonly reason: OidcFailure) {
    super(reason);
  }
}

/**
 * OpenID Connect sign-in (authorization code + PKCE S256, state and nonce; issuer, audience and
 * signature checked by openid-client). Users are matched by (issuer, subject) only — never by email,
 * so an identity provider cannot take over a password account that shares an address.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger(OidcService.name);
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly auth: AuthService,
  ) {}

  get redirectUri(): string {
    return `${this.config.publicUrl}/api/auth/oidc/callback`;
  }

  async start(): Promise<{ url: string; pending: PendingLogin }> {
    const configuration = await this.discover();
    const pending: PendingLogin = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, pending };
  }

  /** Completes the code exchange and signs the user in; every failure is an OidcLoginError. */
  async finish(callbackUrl: string, pending: PendingLogin | null): Promise<SignedIn> {
    if (!pending) throw new OidcLoginError('oidc_failed');
    const configuration = await this.discover();
    let claims: (client.IDToken & Record<string, unknown>) | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, new URL(callbackUrl), {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      // Many providers put email and names only in the userinfo answer; ask for it, bound to the same subject.
      claims = idToken
        ? { ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken }
        : undefined;
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : error }, 'OIDC callback refused');
      throw new OidcLoginError('oidc_failed');
    }
    if (!claims) throw new OidcLoginError('oidc_failed');
    const userId = await this.findOrCreate(claims);
    return this.auth.startSession(userId, 'oidc');
  }

  private async findOrCreate(claims: client.IDToken & Record<string, unknown>): Promise<string> {
    const issuer = claims.iss;
    const subject = claims.sub;
    const users = this.dataSource.getRepository(User);
    const existing = await users.findOne({ where: { oidcIssuer: issuer, oidcSubject: subject } });
    if (existing) {
      if (existing.bannedAt || existing.deletedAt) throw new OidcLoginError('account_unavailable');
      return existing.id;
    }
    const email =
      typeof claims.email === 'string'
        ? claims.email.trim()
        : `${subject}@${new URL(issuer).hostname}.oidc.invalid`;
    const taken = await users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getCount();
    if (taken > 0) throw new OidcLoginError('email_in_use');
    return inTransaction(this.dataSource, async (manager) => {
      const repository = manager.getRepository(User);
      const user = await repository.save(
        repository.create({
          email,
          firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
          lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
          authProvider: 'oidc',
          oidcIssuer: issuer,
          oidcSubject: subject,
          profileCompleted: false,
          isAdmin: this.auth.isConfiguredAdmin(email),
          balance: '0.00',
        }),
      );
      await this.ledger.post(manager, [
        { userId: user.id, amount: SIGNUP_BONUS, type: 'signup_bonus', description: 'Welcome bonus' },
      ]);
      return user.id;
    });
  }

  private discover(): Promise<client.Configuration> {
    if (!this.config.oidcConfigured || !this.config.OIDC_ISSUER || !this.config.OIDC_CLIENT_ID) {
      return Promise.reject(new OidcLoginError('oidc_not_configured'));
    }
    const issuer = new URL(this.config.OIDC_ISSUER);
    this.configuration ??= client
      .discovery(
        issuer,
        this.config.OIDC_CLIENT_ID,
        this.config.OIDC_CLIENT_SECRET,
        undefined,
        // Plain http only for a provider on this machine (tests, local development).
        issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = null;
        this.logger.error({ err: error instanceof Error ? error.message : error }, 'OIDC discovery failed');
        throw new OidcLoginError('oidc_failed');
      });
    return this.configuration;
  }
}

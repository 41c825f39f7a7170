import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import * as client from 'openid-client';
import { AppConfig } from '../../../config/app-config.js';
import { violatedConstraint } from '../../../database/query-errors.js';
import { Transactor } from '../../../database/transactor.js';
import { CredentialsRepository, User } from '../../users/index.js';
import { AuthService, type SignedIn } from '../auth.service.js';

/**
 * What must survive the round trip to the provider. Kept in a signed, httpOnly, SameSite=Lax cookie
 * scoped to the callback path for ten minutes rather than in a server store: app instances stay
 * stateless (any instance can finish a login another started), nothing piles up for abandoned logins,
 * and the values are bound to the browser that started the login. The signature stops tampering; the
 * values are not secrets to the user's own browser (the verifier only matters together with a code the
 * provider sends to that same browser).
 */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

type Claims = client.IDToken & Record<string, unknown>;

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
    private readonly transactor: Transactor,
    private readonly credentials: CredentialsRepository,
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
    let claims: Claims;
    try {
      // openid-client checks state, the PKCE verifier (by the provider), the ID token's signature,
      // issuer, audience, expiry and nonce; any mismatch throws.
      const tokens = await client.authorizationCodeGrant(configuration, new URL(callbackUrl), {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      // Many providers put email and names only in the userinfo answer; ask for it (bound to the same
      // subject) when the provider has one. The ID token's own claims win.
      const userInfo = configuration.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
        : {};
      claims = { ...userInfo, ...idToken };
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : error }, 'OIDC callback refused');
      throw new OidcLoginError('oidc_failed');
    }
    const user = await this.findOrCreate(claims);
    return this.auth.startSession(user.id, 'oidc');
  }

  /** The user of this (issuer, subject), created on first sign-in. Email is never used to match. */
  private async findOrCreate(claims: Claims): Promise<User> {
    const issuer = claims.iss;
    const subject = claims.sub;
    const existing = await this.findByIdentity(issuer, subject);
    const verifiedEmail = verifiedEmailOf(claims);
    if (existing) {
      if (existing.bannedAt || existing.deletedAt) throw new OidcLoginError('account_unavailable');
      // ADMIN_EMAILS applies at every sign-in, as for password users, but only to an address the
      // provider vouches for and that is still the account's own.
      if (verifiedEmail && verifiedEmail.toLowerCase() === existing.email.toLowerCase()) {
        await this.auth.grantConfiguredAdmin(existing);
      }
      return existing;
    }
    const email = usableEmail(claims.email) ?? placeholderEmail(issuer, subject);
    const taken = await this.transactor.read((tx) => this.credentials.countEmail(tx, email));
    if (taken > 0) throw new OidcLoginError('email_in_use');
    try {
      return await this.transactor.run((tx) =>
        this.auth.createAccount(tx, {
          email,
          firstName: nameOf(claims.given_name),
          lastName: nameOf(claims.family_name),
          authProvider: 'oidc',
          oidcIssuer: issuer,
          oidcSubject: subject,
          profileCompleted: false,
          // An unverified email claim could be anyone's address: it never makes an admin.
          isAdmin: verifiedEmail !== null && this.auth.isConfiguredAdmin(verifiedEmail),
        }),
      );
    } catch (error) {
      // Two first sign-ins of the same person racing: the loser finds the winner's row.
      const constraint = violatedConstraint(error);
      if (constraint === 'UQ_users_oidc_identity') {
        const winner = await this.findByIdentity(issuer, subject);
        if (winner) return winner;
      }
      if (constraint === 'UQ_users_email_lower') throw new OidcLoginError('email_in_use');
      throw error;
    }
  }

  private findByIdentity(issuer: string, subject: string): Promise<User | null> {
    return this.transactor.read((tx) => this.credentials.findByIdentity(tx, issuer, subject));
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
        // Plain http is allowed for local providers (tests, development); production issuers use https.
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email claim if it fits the column and looks like an address; otherwise none. */
function usableEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

/** The email only when the provider says it verified it (some send the flag as a string). */
function verifiedEmailOf(claims: Claims): string | null {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified ? usableEmail(claims.email) : null;
}

/** For a provider that shares no email: stable per identity, and undeliverable by design (RFC 2606). */
function placeholderEmail(issuer: string, subject: string): string {
  const digest = createHash('sha256').update(`${issuer}\n${subject}`).digest('hex').slice(0, 32);
  return `oidc-${digest}@oidc.invalid`;
}

function nameOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
}

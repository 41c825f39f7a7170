import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../../common/auth/access-policy.js';
import { AppConfig } from '../../../config/app-config.js';
import { cookieMustBeSecure, setSessionCookie } from '../auth-cookie.js';
import { OidcLoginError, OidcService, type PendingLogin } from './oidc.service.js';

const PENDING_COOKIE = 'betwixt.oidc';

/** Browser navigations of the identity-provider sign-in; every outcome is a redirect, never an error page. */
@ApiExcludeController()
@Controller()
export class OidcController {
  constructor(
    private readonly oidc: OidcService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('login')
  async login(@Res() reply: FastifyReply): Promise<void> {
    try {
      const { url, pending } = await this.oidc.start();
      void reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
        path: '/api/auth/oidc',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieMustBeSecure(reply, this.config),
        signed: true,
        maxAge: 600,
      });
      void reply.redirect(url, 302);
    } catch (error) {
      void reply.redirect(
        `/?login_error=${error instanceof OidcLoginError ? error.reason : 'oidc_failed'}`,
        302,
      );
    }
  }

  @Public()
  @Get('auth/oidc/callback')
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    void reply.clearCookie(PENDING_COOKIE, { path: '/api/auth/oidc' });
    try {
      const signedIn = await this.oidc.finish(
        `${this.config.publicUrl}${request.url}`,
        this.pending(request),
      );
      setSessionCookie(reply, this.config, signedIn.sessionId);
      void reply.redirect('/', 302);
    } catch (error) {
      void reply.redirect(
        `/?login_error=${error instanceof OidcLoginError ? error.reason : 'oidc_failed'}`,
        302,
      );
    }
  }

  private pending(request: FastifyRequest): PendingLogin | null {
    const raw = request.cookies?.[PENDING_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return null;
    try {
      const value = JSON.parse(unsigned.value) as Partial<PendingLogin>;
      return value.state && value.nonce && value.codeVerifier
        ? { state: value.state, nonce: value.nonce, codeVerifier: value.codeVerifier }
        : null;
    } catch {
      return null;
    }
  }
}

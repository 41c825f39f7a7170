import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { SESSION_COOKIE, SESSION_TTL_MS } from './session-store.js';

/**
 * Whether cookies set on this answer must be Secure: the request came over https (directly, or through a
 * proxy trusted by TRUST_PROXY that says so in X-Forwarded-Proto), or PUBLIC_URL is https.
 */
export function cookieMustBeSecure(reply: FastifyReply, config: AppConfig): boolean {
  return config.publicUrl.startsWith('https://') || reply.request.protocol === 'https';
}

/**
 * A readable twin of the session cookie that carries no secret, only "a session may exist": the page
 * asks GET /api/auth/user on the cookie path only when it is present, so signed-out visits make no call.
 */
export const SESSION_HINT_COOKIE = 'betwixt.signed-in';

/** The session cookie: httpOnly and signed; Secure whenever the app is reached over https. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, sessionId: string): void {
  const common = {
    path: '/',
    sameSite: 'lax',
    secure: cookieMustBeSecure(reply, config),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  } as const;
  void reply.setCookie(SESSION_COOKIE, sessionId, { ...common, httpOnly: true, signed: true });
  void reply.setCookie(SESSION_HINT_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  void reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

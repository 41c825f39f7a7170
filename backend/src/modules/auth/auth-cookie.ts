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

/** The session cookie: httpOnly and signed; Secure whenever the app is reached over https. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, sessionId: string): void {
  void reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieMustBeSecure(reply, config),
    signed: true,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { SESSION_COOKIE, SESSION_TTL_MS } from './session-store.js';

/** The session cookie: httpOnly and signed; Secure whenever the app is served over https. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, sessionId: string): void {
  void reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    signed: true,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

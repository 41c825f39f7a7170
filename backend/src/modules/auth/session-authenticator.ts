import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { RequestAuthenticator, type AuthUser } from '../../common/auth/auth-user.js';
import { SESSION_COOKIE } from './session-store.js';
import { SessionsRepository } from './sessions.repository.js';

export interface AccessTokenClaims {
  sub: string;
  sid: string;
}

/**
 * Who is calling: a bearer JWT naming a live session, or the session cookie. Either way the session row
 * must still exist and the account must not be banned or deleted, so revocation takes effect at once.
 */
@Injectable()
export class SessionAuthenticator extends RequestAuthenticator {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
  ) {
    super();
  }

  async authenticate(request: FastifyRequest): Promise<AuthUser | null> {
    const sid = this.sidFromBearer(request) ?? this.sidFromCookie(request);
    if (!sid) return null;
    // The live session and its user in one round trip: every authenticated request pays for this.
    const row = await this.sessions.liveSessionUser(sid);
    return row ? { id: row.id, isAdmin: row.isAdmin, sessionId: sid } : null;
  }

  private sidFromBearer(request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    try {
      // verify, not verifyAsync: with a KeyObject the check is synchronous anyway, and verifyAsync only wraps
      // it in three promise turns, on every authenticated request.
      const claims = this.jwt.verify<AccessTokenClaims>(header.slice('Bearer '.length).trim());
      return typeof claims.sid === 'string' ? claims.sid : null;
    } catch {
      return null;
    }
  }

  private sidFromCookie(request: FastifyRequest): string | null {
    const raw = request.cookies?.[SESSION_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }
}

import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { AuthUser, RequestAuthenticator } from './auth-user.js';

/** The name the access guard asks Passport for. */
export const SESSION_STRATEGY = 'betwixt-session';

/** Where the access guard leaves its app's authenticator for the strategy (see SessionStrategy). */
export const REQUEST_AUTHENTICATOR = Symbol('betwixt.requestAuthenticator');

export interface RequestWithAuthenticator extends FastifyRequest {
  [REQUEST_AUTHENTICATOR]?: RequestAuthenticator;
}

/**
 * The Passport strategy behind every authenticated route: a bearer JWT naming a live session, or the session
 * cookie, checked against the session row and the account in one query (RequestAuthenticator, provided by
 * the auth module). Passport keeps strategies in one registry per process, so a strategy bound to one app's
 * database would serve every app in the process (the integration tests run several); the strategy therefore
 * holds nothing and uses the authenticator the access guard of the request's own app hands it.
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, SESSION_STRATEGY) {
  async validate(request: RequestWithAuthenticator): Promise<AuthUser | null> {
    const authenticator = request[REQUEST_AUTHENTICATOR];
    if (!authenticator) throw new Error('SessionStrategy runs only behind the AccessGuard');
    return authenticator.authenticate(request);
  }
}

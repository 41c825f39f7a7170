import { type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, type AuthGuardAuthenticateOptions } from '@nestjs/passport';
import { ForbiddenError, UnauthorizedError } from '../errors/domain-error.js';
import { bindCallerToRequestLog } from '../logging/request-log.js';
import { ACCESS_POLICY_KEY, type AccessPolicy } from './access-policy.js';
import { RequestAuthenticator, type AuthenticatedRequest, type AuthUser } from './auth-user.js';
import {
  REQUEST_AUTHENTICATOR,
  SESSION_STRATEGY,
  type RequestWithAuthenticator,
} from './session.strategy.js';

/**
 * Global guard: public routes pass, the rest need a caller with the declared role, others are denied. The
 * caller is established by Passport's session strategy and left on the request as `authUser`.
 */
@Injectable()
export class AccessGuard extends AuthGuard(SESSION_STRATEGY) {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (policy === 'public') return true;
    if (policy === undefined) {
      this.logger.error(
        `Route ${context.getClass().name}.${context.getHandler().name} declares no access policy`,
      );
      throw new ForbiddenError();
    }
    const request = context.switchToHttp().getRequest<AuthenticatedRequest & RequestWithAuthenticator>();
    request[REQUEST_AUTHENTICATOR] = this.authenticator;
    await super.canActivate(context);
    bindCallerToRequestLog(request);
    if (policy === 'admin' && !request.authUser?.isAdmin)
      throw new ForbiddenError('Administrator access required');
    return true;
  }

  /** No Passport login session (ours is the `sessions` row); the caller goes to `request.authUser`. */
  override getAuthenticateOptions(): AuthGuardAuthenticateOptions {
    return { session: false, property: 'authUser' };
  }

  override handleRequest<User = AuthUser>(error: unknown, user: User | false | null): User {
    // Errors of the authenticator (the database down) go on to the exception filter as they are. Not
    // `instanceof Error`: errors made by Node's own modules (a refused connection) may come from another realm.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrown as the strategy gave it
    if (error !== null && error !== undefined && error !== false) throw error;
    if (!user) throw new UnauthorizedError();
    return user;
  }
}

import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ForbiddenError, UnauthorizedError } from '../errors/domain-error.js';
import { ACCESS_POLICY_KEY, type AccessPolicy } from './access-policy.js';
import { RequestAuthenticator, type AuthenticatedRequest } from './auth-user.js';

/** Global guard: public routes pass, the rest need a caller with the declared role, others are denied. */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
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
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const user = await this.authenticator.authenticate(request);
    if (!user) throw new UnauthorizedError();
    if (policy === 'admin' && !user.isAdmin) throw new ForbiddenError('Administrator access required');
    request.authUser = user;
    return true;
  }
}

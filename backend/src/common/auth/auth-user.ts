import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The caller, as established by the access guard. */
export interface AuthUser {
  id: string;
  isAdmin: boolean;
  /** The server session behind the request, so sign-out can end exactly this one. */
  sessionId: string;
}

export interface AuthenticatedRequest extends FastifyRequest {
  authUser?: AuthUser;
}

/**
 * Resolves who is calling from a request (bearer token or session cookie). Provided by the auth module;
 * declared here so the global guard does not depend on a feature module.
 */
export abstract class RequestAuthenticator {
  abstract authenticate(request: FastifyRequest): Promise<AuthUser | null>;
}

/** Injects the signed-in caller into a controller method. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.authUser) throw new Error('CurrentUser used on a route without an authenticated policy');
  return request.authUser;
});

import type { Logger } from 'pino';
import type { AuthenticatedRequest } from '../auth/auth-user.js';

/**
 * Ties the request's own log lines to the signed-in caller: Fastify's per-request logger (`request.log`,
 * which already binds `reqId`) gains `userId`, so "request completed", the exception filter's lines and
 * anything else written through it name both.
 *
 * Why not an AsyncLocalStorage holding the request, so that every service's Nest `Logger` line would carry
 * them too: on Node 20 an enabled AsyncLocalStorage runs a promise hook for every promise the process
 * creates, 5–11 % of the CPU of every request (docs/performance.md), for a handful of log lines. Code that
 * logs about a request writes through `request.log`, or passes the ids it needs as fields.
 */
export function bindCallerToRequestLog(request: AuthenticatedRequest): void {
  const userId = request.authUser?.id;
  // Fastify's loggerInstance is our pino logger (createLogger), so its request children are pino children.
  if (userId) (request.log as unknown as Logger).setBindings({ userId });
}

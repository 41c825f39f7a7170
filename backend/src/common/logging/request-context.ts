import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth-user.js';

/** The request being served, for whatever runs on its behalf (log lines above all). */
const current = new AsyncLocalStorage<AuthenticatedRequest>();

/** Everything a request runs (hooks, guards, services, queries) sees it through `currentRequest()`. */
export function bindRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => current.run(request, done));
}

export function currentRequest(): FastifyRequest | undefined {
  return current.getStore();
}

/**
 * The request id and the signed-in user's id (set by the access guard as `authUser`) for a log line
 * written while serving a request. Fastify's own request logger already carries the id as `reqId`, so
 * only lines from other loggers (`withReqId`) get it added here.
 */
export function requestLogFields(withReqId: boolean): { reqId?: string; userId?: string } {
  const request = current.getStore();
  if (!request) return {};
  const userId = request.authUser?.id;
  if (withReqId) return userId ? { reqId: request.id, userId } : { reqId: request.id };
  return userId ? { userId } : {};
}

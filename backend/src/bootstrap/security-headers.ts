import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at boot. None of ours depends on the request (no CSP nonces), yet
 * @fastify/helmet rebuilt the whole middleware, CSP parsing included, for every request: ~4% of the CPU of
 * the lightest API call. Helmet stays the source of the values; this only replays what it sets.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure instanceof Error) throw failure;
  if (failure !== undefined) throw new Error('helmet refused its options', { cause: failure });
  return headers;
}

/** Sends the security headers on every answer (pages, API, errors and 404s alike). */
export function sendSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

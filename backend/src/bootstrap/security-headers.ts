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

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries (pages, API, errors, 404s and early refusals alike): helmet's, the request
 * id (also in every 500's body, for support), and HSTS when the request arrived over https. Set in the first
 * onRequest hook, synchronously: an onSend hook per answer cost a promise and a payload pass each time.
 */
export function sendAnswerHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header('x-request-id', request.id);
    // Only an answer that arrived over https may pin https; over plain http (a LAN) it would be ignored
    // at best and lock users out of an http-only install at worst.
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}

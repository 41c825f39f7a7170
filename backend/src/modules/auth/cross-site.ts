import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import { SESSION_COOKIE } from './session-store.js';
import { errorBody } from '../../common/http/error-body.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED =
  'This request came from another website and was refused. Open Betwixt itself and try again.';

/**
 * Whether a browser says this request comes from another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither PUBLIC_URL's nor the host the request was sent to. Requests without either
 * header (non-browser clients) are not cross-site.
 */
export function isCrossSite(request: FastifyRequest, config: AppConfig): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === new URL(config.publicUrl).origin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // "null" (sandboxed frames, file:, some redirects) or garbage
  }
}

/**
 * Whether a browser navigation (a GET, which carries no Origin) was started by another site: a link or an
 * image elsewhere, by `Sec-Fetch-Site` (`same-site` too: a sibling subdomain is not us), or, from browsers
 * without it, a `Referer` from another origin. Typed addresses and bookmarks (`none`) and clients that
 * send neither header are ours.
 */
export function isForeignNavigation(request: FastifyRequest, config: AppConfig): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'cross-site' || site === 'same-site';
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  try {
    const from = new URL(referer);
    return from.origin !== new URL(config.publicUrl).origin && from.host !== request.host;
  } catch {
    return true;
  }
}

/**
 * CSRF defence beside SameSite=Lax: a POST/PUT/PATCH/DELETE that would be authenticated by the session
 * cookie alone is refused with a 403 when it comes from another site. A bearer token cannot be sent
 * cross-site by a browser without our consent (no CORS), so bearer requests are unaffected.
 */
export function refuseCrossSiteCookieRequests(fastify: FastifyInstance, config: AppConfig): void {
  // A callback hook, not an async one: it runs on every request and mostly has nothing to say.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      request.headers.authorization?.startsWith('Bearer ') ||
      !request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ||
      !isCrossSite(request, config)
    ) {
      done();
      return;
    }
    void reply
      .status(403)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(403, CROSS_SITE_REFUSED, { code: 'cross_site_request' }));
  });
}

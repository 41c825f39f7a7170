import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import { hasControlCharacter } from '../../common/http/hostile-input.js';
import type { RedisConnections } from '../../common/redis/redis-connections.js';
import type { AppConfig } from '../../config/app-config.js';
import { RedisThrottlerStorage } from './redis-throttler-storage.js';

const WINDOW_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finds the live account an identifier (email or username, any letter case) names, or null. */
export type AccountResolver = (identifier: string) => Promise<string | null>;

export function accountResolver(dataSource: DataSource): AccountResolver {
  return async (identifier) => {
    const rows = await dataSource.query<{ id: string }[]>(
      `SELECT id FROM people WHERE (lower(email) = $1 OR lower(username) = $1) AND NOT deleted LIMIT 1`,
      [identifier],
    );
    return rows[0]?.id ?? null;
  };
}

/** The same normalisation AuthService.login applies, capped so a huge body cannot make a huge key. */
function normalise(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 256) : '';
}

/** The user a 2FA challenge is for (its `sub`; the signature is checked by the handler, not here). */
function challengeSubject(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof payload.sub === 'string' && UUID.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * Which counter an attempt counts against, besides its IP's: one per account, whichever identifier names
 * it (email or username in any case, or a 2FA challenge for it), so switching identifiers gains nothing.
 * An identifier that names no account gets its own counter with the same limit, so the limiter answers a
 * made-up name exactly as it answers a real one. Sign-ups and reset requests count per email address, a
 * mailed link per link.
 */
export async function accountKey(body: unknown, resolve: AccountResolver): Promise<string> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof fields.challengeToken === 'string') {
    const subject = challengeSubject(fields.challengeToken);
    return subject ? `user:${subject}` : 'bad-challenge';
  }
  // A mailed link's token starts with the id of what it is for (a reset link, an account): one counter each.
  if (typeof fields.token === 'string') return `link:${normalise(fields.token.split('.')[0])}`;
  if (fields.emailOrUsername !== undefined) {
    const identifier = normalise(fields.emailOrUsername);
    // Control characters are refused before this runs (see hostile-input); never send them to PostgreSQL.
    const userId = identifier && !hasControlCharacter(identifier) ? await resolve(identifier) : null;
    return userId ? `user:${userId}` : `name:${identifier}`;
  }
  return `name:${normalise(fields.email)}`;
}

/**
 * Sign-in, 2FA and sign-up attempts together: at most AUTH_ATTEMPTS_PER_MINUTE (default 10) a minute from
 * one IP and as many against one account (see accountKey). The IP is the socket's, or what a proxy trusted through
 * TRUST_PROXY reports.
 * The window is a minute and nothing blocks longer, so an attacker hammering someone's account can
 * only keep them out for as long as they keep hammering, one minute at a time.
 * With REDIS_URL the counters live in Redis, shared by every instance (and refused with a 503 while Redis
 * is unreachable, see RedisThrottlerStorage); without it, in the throttler's in-memory store.
 */
export function authThrottlers(
  config: AppConfig,
  redis: RedisConnections,
  dataSource?: DataSource,
): ThrottlerModuleOptions {
  const resolve: AccountResolver = dataSource ? accountResolver(dataSource) : async () => null;
  return {
    errorMessage: 'Too many attempts. Please wait a minute and try again.',
    storage: redis.enabled ? new RedisThrottlerStorage(redis) : undefined,
    // One counter per IP and one per account across sign-in, 2FA and sign-up (the default key is per
    // route, which gave each route its own 10 attempts).
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    throttlers: [
      { name: 'ip', ttl: WINDOW_MS, limit: config.AUTH_ATTEMPTS_PER_MINUTE },
      {
        name: 'account',
        ttl: WINDOW_MS,
        limit: config.AUTH_ATTEMPTS_PER_MINUTE,
        getTracker: (request) => accountKey(request.body, resolve),
      },
    ],
  };
}

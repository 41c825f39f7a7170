import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { RedisConnections } from '../../common/redis/redis-connections.js';
import type { AppConfig } from '../../config/app-config.js';
import { RedisThrottlerStorage } from './redis-throttler-storage.js';

const WINDOW_MS = 60_000;

function accountKey(request: Record<string, unknown>): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const id = body.emailOrUsername ?? body.email ?? body.challengeToken ?? '';
  return `account:${typeof id === 'string' ? id.trim().toLowerCase().slice(0, 256) : ''}`;
}

/**
 * Sign-in and sign-up attempts: at most AUTH_ATTEMPTS_PER_MINUTE (default 10) a minute from one IP and as
 * many against one account.
 * The window is a minute and nothing blocks longer, so an attacker hammering someone's account can
 * only keep them out for as long as they keep hammering, one minute at a time.
 * With REDIS_URL the counters live in Redis, shared by every instance (and refused with a 503 while Redis
 * is unreachable, see RedisThrottlerStorage); without it, in the throttler's in-memory store.
 */
export function authThrottlers(config: AppConfig, redis: RedisConnections): ThrottlerModuleOptions {
  return {
    errorMessage: 'Too many attempts. Please wait a minute and try again.',
    storage: redis.enabled ? new RedisThrottlerStorage(redis) : undefined,
    throttlers: [
      { name: 'ip', ttl: WINDOW_MS, limit: config.AUTH_ATTEMPTS_PER_MINUTE },
      {
        name: 'account',
        ttl: WINDOW_MS,
        limit: config.AUTH_ATTEMPTS_PER_MINUTE,
        getTracker: (request) => accountKey(request),
      },
    ],
  };
}

import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../../common/auth/auth-user.js';
import { ServiceUnavailableError, TooManyRequestsError } from '../../common/errors/domain-error.js';
import { AppConfig } from '../../config/app-config.js';

const WINDOW_MS = 60_000;
const THROTTLER_NAME = 'search';

/**
 * At most SEARCHES_PER_MINUTE people searches a minute per signed-in user (docs/security.md): a search
 * answers by exact email or phone number, so unlimited searches could test a list of addresses. The
 * counter lives in the same store as the sign-in limits (Redis when REDIS_URL is set, so it holds across
 * instances). Runs after the access guard, which has established who is asking.
 */
@Injectable()
export class SearchRateLimitGuard implements CanActivate {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const userId = request.authUser?.id;
    if (!userId) return true; // the access guard refuses anonymous callers before this runs
    const limit = this.config.SEARCHES_PER_MINUTE;
    let record: Awaited<ReturnType<ThrottlerStorage['increment']>>;
    try {
      record = await this.storage.increment(
        `${THROTTLER_NAME}:user:${userId}`,
        WINDOW_MS,
        limit,
        WINDOW_MS,
        THROTTLER_NAME,
      );
    } catch (error) {
      // Fails closed like the sign-in limits (an uncounted search is an unlimited one), in search's words.
      if (!(error instanceof ServiceUnavailableError)) throw error;
      throw new ServiceUnavailableError(
        'Search is temporarily unavailable. Please try again in a minute.',
        'search_unavailable',
        error,
      );
    }
    if (record.isBlocked) {
      const seconds = Math.max(1, Math.ceil(record.timeToBlockExpire));
      http.getResponse<FastifyReply>().header('Retry-After', String(seconds));
      throw new TooManyRequestsError(
        'Too many searches. Please wait a minute and try again.',
        'search_rate_limited',
      );
    }
    return true;
  }
}

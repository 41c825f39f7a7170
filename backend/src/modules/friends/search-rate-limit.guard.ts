import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../../common/auth/auth-user.js';
import { countPerMinute } from '../../common/http/per-minute-limit.js';
import { AppConfig } from '../../config/app-config.js';

/**
 * At most SEARCHES_PER_MINUTE people searches a minute per signed-in user (docs/security.md): a search
 * answers by exact email or phone number, so unlimited searches could test a list of addresses. Runs
 * after the access guard, which has established who is asking.
 */
@Injectable()
export class SearchRateLimitGuard implements CanActivate {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const userId = http.getRequest<AuthenticatedRequest>().authUser?.id;
    if (!userId) return true; // the access guard refuses anonymous callers before this runs
    await countPerMinute(this.storage, http.getResponse<FastifyReply>(), {
      name: 'search',
      key: `user:${userId}`,
      limit: this.config.SEARCHES_PER_MINUTE,
      refused: {
        message: 'Too many searches. Please wait a minute and try again.',
        code: 'search_rate_limited',
      },
      unavailable: {
        message: 'Search is temporarily unavailable. Please try again in a minute.',
        code: 'search_unavailable',
      },
    });
    return true;
  }
}

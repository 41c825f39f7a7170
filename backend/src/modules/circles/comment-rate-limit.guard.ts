import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../../common/auth/auth-user.js';
import { countPerMinute } from '../../common/http/per-minute-limit.js';
import { AppConfig } from '../../config/app-config.js';

/** At most CIRCLE_COMMENTS_PER_MINUTE comments (new or edited) a minute per person, across instances. */
@Injectable()
export class CommentRateLimitGuard implements CanActivate {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const user = http.getRequest<AuthenticatedRequest>().authUser;
    if (!user) return false;
    await countPerMinute(this.storage, http.getResponse<FastifyReply>(), {
      name: 'circle-comment',
      key: `user:${user.id}`,
      limit: this.config.CIRCLE_COMMENTS_PER_MINUTE,
      refused: {
        message: 'You are commenting very fast. Please wait a minute and try again.',
        code: 'comment_rate_limited',
      },
      unavailable: {
        message: 'Comments cannot be posted right now. Please try again in a minute.',
        code: 'comment_unavailable',
      },
    });
    return true;
  }
}

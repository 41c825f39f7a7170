import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/app-config.js';
import { countPerMinute } from './per-minute-limit.js';

/**
 * At most LOOKUPS_PER_MINUTE lookups of a challenge or invite link a minute per client IP (the socket's,
 * or what a proxy trusted by TRUST_PROXY reports). The codes are 128 random bits, but a lookup needs no
 * sign-in, so without a limit anyone could try them as fast as the server answers.
 */
@Injectable()
export class LookupRateLimitGuard implements CanActivate {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await countPerMinute(this.storage, http.getResponse<FastifyReply>(), {
      name: 'lookup',
      key: `ip:${http.getRequest<FastifyRequest>().ip}`,
      limit: this.config.LOOKUPS_PER_MINUTE,
      refused: {
        message: 'Too many links opened. Please wait a minute and try again.',
        code: 'lookup_rate_limited',
      },
      unavailable: {
        message: 'Links cannot be opened right now. Please try again in a minute.',
        code: 'lookup_unavailable',
      },
    });
    return true;
  }
}

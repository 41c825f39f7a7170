import { DEFAULT_RETRY_AFTER_SECONDS } from '../../common/http/all-exceptions.filter.js';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/access-policy.js';
import { DrainState } from '../../common/lifecycle/drain-state.js';
import { RedisConnections } from '../../common/redis/redis-connections.js';

class HealthResponse {
  @ApiProperty({
    enum: ['ok', 'degraded', 'draining', 'unavailable'],
    description:
      'degraded: Redis is down, so sign-in and sign-up answer 503 until it is back; draining (with a 503): ' +
      'this instance is shutting down, so the load balancer should send new requests to another one; ' +
      'unavailable (with a 503): the database cannot be reached (the app reconnects by itself when it is back)',
  })
  status: 'ok' | 'degraded' | 'draining' | 'unavailable';

  @ApiPropertyOptional({ enum: ['up', 'down'], description: 'Absent while draining' })
  database?: 'up' | 'down';

  @ApiPropertyOptional({ enum: ['up', 'down'], description: 'Present when REDIS_URL is set' })
  redis?: 'up' | 'down';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisConnections,
    private readonly drain: DrainState,
  ) {}

  /**
   * 503 only when the database is down (nothing works then; the embedded server is restarted by its
   * supervisor and an external one reconnected to when it is back, so this turns `up` again by itself). A Redis outage only stops sign-in and
   * sign-up, and Redis is shared by every instance: failing the check would make a load balancer take all
   * of them out, so it is reported as `degraded` with a 200. A shutting-down instance answers 503
   * `draining` (see bootstrap/graceful-shutdown.ts).
   */
  @Public()
  @Get()
  @ApiOkResponse({ type: HealthResponse })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    if (this.drain.draining) {
      void reply.status(503);
      return { status: 'draining' };
    }
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      void reply.status(503).header('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS[503]));
      return { status: 'unavailable', database: 'down' };
    }
    if (!this.redis.enabled) return { status: 'ok', database: 'up' };
    const redis = await this.redisState();
    return { status: redis === 'up' ? 'ok' : 'degraded', database: 'up', redis };
  }

  private async redisState(): Promise<'up' | 'down'> {
    try {
      return (await this.redis.command().ping()) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}

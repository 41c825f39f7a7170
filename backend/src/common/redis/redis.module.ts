import { Global, Module } from '@nestjs/common';
import { RedisConnections } from './redis-connections.js';

/** Redis (when REDIS_URL is set) for every feature: rate limits, realtime fan-out between instances. */
@Global()
@Module({
  providers: [RedisConnections],
  exports: [RedisConnections],
})
export class RedisModule {}

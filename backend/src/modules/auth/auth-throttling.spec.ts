import { Test } from '@nestjs/testing';
import {
  getStorageToken,
  ThrottlerModule,
  ThrottlerStorageService,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
} from '@nestjs/throttler';
import { RedisConnections } from '../../common/redis/redis-connections.js';
import { loadConfig } from '../../config/app-config.js';
import { authThrottlers } from './auth-throttling.js';
import { RedisThrottlerStorage } from './redis-throttler-storage.js';

function policy(env: Record<string, string>): Exclude<ThrottlerModuleOptions, ThrottlerOptions[]> {
  const config = loadConfig(env);
  const options = authThrottlers(config, new RedisConnections(config));
  if (Array.isArray(options)) throw new Error('expected the object form of the throttler options');
  return options;
}

describe('authThrottlers', () => {
  it('limits per IP and per account to AUTH_ATTEMPTS_PER_MINUTE a minute', () => {
    const sut = policy({ AUTH_ATTEMPTS_PER_MINUTE: '7' });
    expect(sut.throttlers.map(({ name, ttl, limit }) => ({ name, ttl, limit }))).toEqual([
      { name: 'ip', ttl: 60_000, limit: 7 },
      { name: 'account', ttl: 60_000, limit: 7 },
    ]);
    expect(sut.errorMessage).toBe('Too many attempts. Please wait a minute and try again.');
  });

  it('tracks an account by its login name in any letter case and spacing', async () => {
    const account = policy({}).throttlers.find((throttler) => throttler.name === 'account');
    const track = (body: unknown) => account?.getTracker?.({ body }, undefined as never);
    await expect(Promise.resolve(track({ emailOrUsername: '  Avery@Example.com ' }))).resolves.toBe(
      'account:avery@example.com',
    );
    await expect(Promise.resolve(track({ email: 'AVERY@example.com' }))).resolves.toBe(
      'account:avery@example.com',
    );
  });

  it.each([
    ['in Redis when REDIS_URL is set', { REDIS_URL: 'redis://127.0.0.1:1' }, RedisThrottlerStorage],
    ['in memory otherwise', {}, ThrottlerStorageService],
  ])('keeps the counters %s', async (_, env, storageClass) => {
    const module = await Test.createTestingModule({
      imports: [ThrottlerModule.forRoot(policy(env))],
    }).compile();
    expect(module.get(getStorageToken())).toBeInstanceOf(storageClass);
    await module.close();
  });
});

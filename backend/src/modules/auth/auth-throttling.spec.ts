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
import { accountKey, authThrottlers } from './auth-throttling.js';
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
      'name:avery@example.com',
    );
    await expect(Promise.resolve(track({ email: 'AVERY@example.com' }))).resolves.toBe(
      'name:avery@example.com',
    );
  });

  it('counts every identifier of one account, and 2FA guesses, against the account id', async () => {
    const id = '3f2a9c1e-0b7d-4c1a-9e2f-1a2b3c4d5e6f';
    const resolve = async (identifier: string) =>
      ['avery@example.com', 'avery_s'].includes(identifier) ? id : null;
    await expect(accountKey({ emailOrUsername: 'AVERY_S ' }, resolve)).resolves.toBe(`user:${id}`);
    await expect(accountKey({ emailOrUsername: 'Avery@Example.com' }, resolve)).resolves.toBe(`user:${id}`);
    await expect(accountKey({ emailOrUsername: 'nobody' }, resolve)).resolves.toBe('name:nobody');
    const challenge = [
      'e30',
      Buffer.from(JSON.stringify({ sub: id, purpose: '2fa' })).toString('base64url'),
      'x',
    ];
    await expect(accountKey({ challengeToken: challenge.join('.'), code: '123456' }, resolve)).resolves.toBe(
      `user:${id}`,
    );
    await expect(accountKey({ challengeToken: 'garbage', code: '1' }, resolve)).resolves.toBe(
      'bad-challenge',
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

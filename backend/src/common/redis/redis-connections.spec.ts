import { loadConfig } from '../../config/app-config.js';
import { COMMAND_OPTIONS, RedisConnections, SUBSCRIBER_OPTIONS } from './redis-connections.js';

// Connections are lazy: nothing here reaches a Redis server (the integration tests use a real one).
describe('RedisConnections', () => {
  it('is disabled without REDIS_URL and says how to enable it when asked for a connection', () => {
    const sut = new RedisConnections(loadConfig({}));
    expect(sut.enabled).toBe(false);
    expect(() => sut.command()).toThrow('Redis is not configured: set REDIS_URL');
    expect(() => sut.subscriber()).toThrow('Redis is not configured: set REDIS_URL');
  });

  it('shares one command connection and gives each subscriber its own, closing all at shutdown', async () => {
    const sut = new RedisConnections(loadConfig({ REDIS_URL: 'redis://127.0.0.1:1' }));
    expect(sut.enabled).toBe(true);
    const command = sut.command();
    expect(sut.command()).toBe(command);
    const first = sut.subscriber();
    const second = sut.subscriber();
    expect(second).not.toBe(first);
    expect([command.status, first.status, second.status]).toEqual(['wait', 'wait', 'wait']);

    await sut.onApplicationShutdown();
    expect([command.status, first.status, second.status]).toEqual(['end', 'end', 'end']);
    expect(sut.command()).not.toBe(command);
    await sut.onApplicationShutdown();
  });

  it('bounds a command to about a second when Redis is unreachable, but lets subscribers wait and retry', () => {
    expect(COMMAND_OPTIONS).toMatchObject({
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
      connectTimeout: 1_000,
    });
    expect(SUBSCRIBER_OPTIONS.maxRetriesPerRequest).toBeNull();
    expect(SUBSCRIBER_OPTIONS.commandTimeout).toBeUndefined();
    for (const options of [COMMAND_OPTIONS, SUBSCRIBER_OPTIONS]) {
      expect([1, 10, 1_000_000].map((attempt) => options.retryStrategy?.(attempt))).toEqual([
        100, 1_000, 2_000,
      ]);
    }
  });
});

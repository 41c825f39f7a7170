import { ThrottlerStorageService } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { RedisConnections } from '../../src/common/redis/redis-connections.js';
import { loadConfig } from '../../src/config/app-config.js';
import {
  RedisThrottlerStorage,
  throttleKeys,
  type ThrottleRecord,
} from '../../src/modules/auth/redis-throttler-storage.js';
import { startTestRedis, type TestRedis } from '../support/redis-server.js';

/**
 * The Redis storage against the throttler's own in-memory storage: the same calls, made back to back on
 * both, must give the same answers (a real redis-server; nothing is mocked). Time is moved, never waited
 * for: the in-memory store reads `Date.now()`, the script takes the same instant instead of Redis's clock,
 * so a loaded machine cannot push a check across a window's edge.
 */
describe('RedisThrottlerStorage', () => {
  let server: TestRedis;
  let connections: RedisConnections;
  let inspect: Redis;
  /** On Redis's own clock, as the app runs it. */
  let sut: RedisThrottlerStorage;
  /** The same script at `now`, compared with the in-memory store at the same `now`. */
  let moved: RedisThrottlerStorage;
  let memory: ThrottlerStorageService;
  let now = 0;
  let keyCount = 0;
  const newKey = () => `tracker-${(keyCount += 1)}`;

  beforeAll(async () => {
    server = await startTestRedis();
    connections = new RedisConnections(loadConfig({ REDIS_URL: server.url }));
    inspect = new Redis(server.url);
    sut = new RedisThrottlerStorage(connections);
    moved = new RedisThrottlerStorage(connections, undefined, () => now);
  });
  beforeEach(() => {
    now = Date.parse('2026-11-24T12:00:00Z');
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    memory = new ThrottlerStorageService();
  });
  afterEach(() => {
    memory.onApplicationShutdown();
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await connections.onApplicationShutdown();
    inspect.disconnect();
    await server.stop();
  });

  /**
   * When not blocked, timeToBlockExpire is never positive and the guard ignores it: it counts from the last
   * block, or from time 0 once the record was dropped (a huge negative number), in both stores.
   */
  const comparable = (record: ThrottleRecord) => ({
    ...record,
    timeToBlockExpire:
      !record.isBlocked && record.timeToBlockExpire <= 0 ? 'not blocked' : record.timeToBlockExpire,
  });

  async function both(key: string, ttl: number, limit: number, blockDuration: number, name = 'ip') {
    const expected = await memory.increment(key, ttl, limit, blockDuration, name);
    const actual = await moved.increment(key, ttl, limit, blockDuration, name);
    expect(comparable(actual)).toEqual(comparable(expected));
    return actual;
  }

  it('blocks the hit beyond the limit for blockDuration without counting blocked hits, like the in-memory store', async () => {
    const key = newKey();
    const records: ThrottleRecord[] = [];
    for (let i = 0; i < 6; i++) records.push(await both(key, 60_000, 3, 60_000));
    expect(records.map((record) => [record.totalHits, record.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [4, true],
      [4, true],
    ]);
    expect(records[3]).toMatchObject({ timeToExpire: 60, timeToBlockExpire: 60 });
  });

  it('refuses while limit hits are live when blockDuration is 0, like the in-memory store', async () => {
    const key = newKey();
    const records: ThrottleRecord[] = [];
    for (let i = 0; i < 4; i++) records.push(await both(key, 30_000, 2, 0));
    expect(records.map((record) => [record.totalHits, record.isBlocked, record.timeToBlockExpire])).toEqual([
      [1, false, 0],
      [2, false, 0],
      [3, true, 30],
      [3, true, 30],
    ]);
  });

  it('lets hits expire one by one and ends a block by itself, like the in-memory store', async () => {
    const key = newKey();
    // 500 ms window, 1.5 s block.
    const started = now;
    for (let i = 0; i < 3; i++) await both(key, 500, 2, 1_500);
    now = started + 500;
    // The hits have just expired but the block has not: still refused, nothing counted.
    expect(await both(key, 500, 2, 1_500)).toMatchObject({ totalHits: 0, isBlocked: true });
    now = started + 1_499;
    expect(await both(key, 500, 2, 1_500)).toMatchObject({ totalHits: 0, isBlocked: true });
    now = started + 1_500;
    expect(await both(key, 500, 2, 1_500)).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await both(key, 500, 2, 1_500)).toMatchObject({ totalHits: 2, isBlocked: false });
  });

  it('starts afresh after a block shorter than the window, forgetting the hits still live, like the in-memory store', async () => {
    const key = newKey();
    // 1.5 s window, 500 ms block: at 1 s the block is over and the hits are not.
    const started = now;
    for (let i = 0; i < 3; i++) await both(key, 1_500, 2, 500);
    now = started + 1_000;
    expect(await both(key, 1_500, 2, 500)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('keeps each throttler name apart for the same tracker', async () => {
    const key = newKey();
    for (let i = 0; i < 3; i++) await sut.increment(key, 60_000, 2, 60_000, 'ip');
    await expect(sut.increment(key, 60_000, 2, 60_000, 'ip')).resolves.toMatchObject({ isBlocked: true });
    await expect(sut.increment(key, 60_000, 2, 60_000, 'account')).resolves.toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('leaves every key expiring within the window or the block, whichever ends last', async () => {
    const key = newKey();
    for (let i = 0; i < 4; i++) await sut.increment(key, 20_000, 3, 45_000, 'ip');
    const { record, hits } = throttleKeys(key, 'ip');
    const recordTtl = await inspect.pttl(record);
    const hitsTtl = await inspect.pttl(hits);
    expect(recordTtl).toBeGreaterThan(40_000);
    expect(recordTtl).toBeLessThanOrEqual(45_000);
    expect(hitsTtl).toBeGreaterThan(15_000);
    expect(hitsTtl).toBeLessThanOrEqual(20_000);
  });

  it('lets Redis drop the keys once window, hits and block are over', async () => {
    const key = newKey();
    for (let i = 0; i < 3; i++) await sut.increment(key, 200, 2, 300, 'ip');
    const { record, hits } = throttleKeys(key, 'ip');
    // Redis deletes a key when its expiry passes; what is checked is that each has one, and the right one.
    const [recordTtl, hitsTtl] = await Promise.all([inspect.pttl(record), inspect.pttl(hits)]);
    expect(recordTtl).toBeGreaterThan(0);
    expect(recordTtl).toBeLessThanOrEqual(300);
    expect(hitsTtl).toBeGreaterThan(0);
    expect(hitsTtl).toBeLessThanOrEqual(200);
  });

  it('admits exactly the limit out of a concurrent burst from several connections', async () => {
    const key = newKey();
    const others = new RedisConnections(loadConfig({ REDIS_URL: server.url }));
    const second = new RedisThrottlerStorage(others);
    try {
      const records = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? sut : second).increment(key, 60_000, 10, 60_000, 'ip'),
        ),
      );
      expect(records.filter((record) => !record.isBlocked)).toHaveLength(10);
      expect(records.filter((record) => !record.isBlocked).map((record) => record.totalHits)).toEqual(
        expect.arrayContaining([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      );
    } finally {
      await others.onApplicationShutdown();
    }
  });
});

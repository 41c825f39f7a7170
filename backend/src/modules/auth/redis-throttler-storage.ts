import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../../common/errors/domain-error.js';
import type { RedisConnections } from '../../common/redis/redis-connections.js';

export const THROTTLE_KEY_PREFIX = 'betwixt:throttle:';

export const ATTEMPTS_UNAVAILABLE_MESSAGE =
  'Signing in and signing up are temporarily unavailable. Please try again in a minute.';

/** What `ThrottlerStorage.increment` returns (the interface is not exported by name from the package). */
export type ThrottleRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The two Redis keys of one throttler's counter for one tracker: a hash with the record (expiresAt,
 * blockExpiresAt, isBlocked) and a sorted set of the live hits, scored by when each hit expires. The
 * `{…}` hash tag keeps both in one Redis Cluster slot, as a script touching both requires.
 */
export function throttleKeys(
  key: string,
  throttlerName: string,
  prefix = THROTTLE_KEY_PREFIX,
): { record: string; hits: string } {
  const record = `${prefix}{${throttlerName}:${key}}`;
  return { record, hits: `${record}:hits` };
}

/**
 * `ThrottlerStorageService.increment` of @nestjs/throttler 6.7 (its in-memory storage), step for step,
 * run atomically inside Redis so that instances racing on one counter never admit more than the limit:
 * hits expire one by one (a sliding window of `ttl`); with a `blockDuration` the hit beyond the limit
 * blocks the tracker for that long (hits are not counted while blocked, and the first one after the block
 * starts afresh); without one, a hit is refused while `limit` hits are live. Time is Redis's own clock,
 * the same for every instance (tests may pass their own time as ARGV[4], so they never sleep). Every write leaves the keys expiring when the last of the window, the block
 * and the hits ends, so nothing outlives them (the in-memory store's sweep).
 * Differences from the in-memory store: the record is per throttler name as well as per key (the guard's
 * keys already include the name, so this never changes an answer), and a record is dropped as soon as it
 * expires rather than at the next minutely sweep, which changes only `timeToBlockExpire` of a tracker that
 * is not blocked (never positive then, and ignored by the guard).
 */
const INCREMENT_SCRIPT = `
local recordKey, hitsKey = KEYS[1], KEYS[2]
local ttl, limit, blockDuration = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if not now then
  local clock = redis.call('TIME')
  now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
end

local stored = redis.call('HMGET', recordKey, 'expiresAt', 'blockExpiresAt', 'isBlocked')
local expiresAt = tonumber(stored[1])
local blockExpiresAt = tonumber(stored[2]) or 0
local isBlocked = stored[3] == '1'
if not expiresAt then
  -- A new record starts with no hits, as when the in-memory sweep dropped both together.
  redis.call('DEL', hitsKey)
  expiresAt = now + ttl
end

redis.call('ZREMRANGEBYSCORE', hitsKey, '-inf', now)
local totalHits = redis.call('ZCARD', hitsKey)

local function seconds(at)
  return math.ceil((at - now) / 1000)
end
local function fireHit()
  local member = redis.call('HINCRBY', recordKey, 'seq', 1)
  redis.call('ZADD', hitsKey, now + ttl, member)
  totalHits = totalHits + 1
end
local function save()
  redis.call('HSET', recordKey, 'expiresAt', expiresAt, 'blockExpiresAt', blockExpiresAt,
    'isBlocked', isBlocked and '1' or '0')
  local deadline = expiresAt
  if isBlocked and blockExpiresAt > deadline then deadline = blockExpiresAt end
  local last = redis.call('ZRANGE', hitsKey, -1, -1, 'WITHSCORES')
  if last[2] then
    local lastHit = tonumber(last[2])
    redis.call('PEXPIRE', hitsKey, math.max(1, lastHit - now))
    if lastHit > deadline then deadline = lastHit end
  end
  redis.call('PEXPIRE', recordKey, math.max(1, deadline - now))
end

local timeToExpire = seconds(expiresAt)
if timeToExpire <= 0 then
  expiresAt = now + ttl
  timeToExpire = seconds(expiresAt)
end

if blockDuration <= 0 then
  local refused = totalHits >= limit
  if not refused then fireHit() end
  local timeToBlockExpire = timeToExpire
  local first = redis.call('ZRANGE', hitsKey, 0, 0, 'WITHSCORES')
  if first[2] then timeToBlockExpire = seconds(tonumber(first[2])) end
  save()
  return { totalHits + (refused and 1 or 0), timeToExpire, refused and 1 or 0, refused and timeToBlockExpire or 0 }
end

if not isBlocked then fireHit() end
if totalHits > limit and not isBlocked then
  isBlocked = true
  blockExpiresAt = now + blockDuration
end
local timeToBlockExpire = seconds(blockExpiresAt)
if timeToBlockExpire <= 0 and isBlocked then
  isBlocked = false
  redis.call('DEL', hitsKey)
  totalHits = 0
  fireHit()
end
save()
return { totalHits, timeToExpire, isBlocked and 1 or 0, timeToBlockExpire }
`;

const COMMAND = 'betwixtThrottleIncrement';

type ThrottleReply = [totalHits: number, timeToExpire: number, isBlocked: 0 | 1, timeToBlockExpire: number];

interface WithThrottleCommand {
  [COMMAND](
    recordKey: string,
    hitsKey: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    ...now: [number] | []
  ): Promise<ThrottleReply>;
}

/**
 * The throttler's counters in Redis, shared by every app instance (see INCREMENT_SCRIPT for the rules).
 * Fails closed: when Redis cannot be reached the attempt is refused with a 503, because admitting
 * uncounted attempts would let anyone who can make Redis unavailable guess passwords without limit.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  /**
   * `now` (milliseconds since the epoch) replaces Redis's clock: only for tests, which move time instead
   * of sleeping. Unset, every instance counts on the one clock of the Redis server.
   */
  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix = THROTTLE_KEY_PREFIX,
    private readonly now?: () => number,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottleRecord> {
    const client = this.client();
    const keys = throttleKeys(key, throttlerName, this.prefix);
    let reply: ThrottleReply;
    try {
      const now: [number] | [] = this.now ? [this.now()] : [];
      reply = await client[COMMAND](keys.record, keys.hits, ttl, limit, blockDuration, ...now);
    } catch (error) {
      throw new ServiceUnavailableError(ATTEMPTS_UNAVAILABLE_MESSAGE, 'attempts_unavailable', error);
    }
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = reply;
    return { totalHits, timeToExpire, isBlocked: isBlocked === 1, timeToBlockExpire };
  }

  /** The shared command connection, taught the script once (ioredis sends EVALSHA, EVAL when unknown). */
  private client(): Redis & WithThrottleCommand {
    const client = this.redis.command() as Redis & Partial<WithThrottleCommand>;
    if (typeof client[COMMAND] !== 'function') {
      client.defineCommand(COMMAND, { numberOfKeys: 2, lua: INCREMENT_SCRIPT });
    }
    return client as Redis & WithThrottleCommand;
  }
}

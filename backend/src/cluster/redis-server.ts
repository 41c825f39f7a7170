import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface LocalRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's `redis-server` (`.ci/run` installs it when missing) on a loopback port, with no persistence:
 * the shared Redis of `npm run cluster` when REDIS_URL is not given, and each Redis-backed test file's own
 * server. Resolves once it answers PING.
 */
export async function startLocalRedis(port: number): Promise<LocalRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'betwixt-redis-'));
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([waitForPing(url), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  exited.catch(() => undefined); // a later exit is the owner's business (stop() or the test's own kill)
  return { url, stop };
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

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { newSignup } from '../../support/factories.js';

/** `node main.js` of a compiled backend, as `npm start` runs it, with its output kept for messages. */
export interface BetwixtProcess {
  child: ChildProcess;
  port: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface BetwixtPorts {
  port: number;
  pgPort: number;
}

/** The environment of `npm start` on a server: nothing from the test runner's shell leaks in. */
export function betwixtEnv(dataDir: string, ports: BetwixtPorts, extra: Record<string, string> = {}) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    PORT: String(ports.port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(ports.pgPort),
    LOG_LEVEL: 'warn',
    // Sign-ups below come from one address, far more than the per-minute limit for people.
    AUTH_ATTEMPTS_PER_MINUTE: '10000',
    ...extra,
  };
}

export function launch(build: string, env: Record<string, string>): BetwixtProcess {
  const child = spawn(process.execPath, [join(build, 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port: Number(env.PORT), stdout: () => stdout, stderr: () => stderr, exited };
}

export interface Health {
  status: number;
  database?: string;
}

export async function health(port: number): Promise<Health | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(3_000),
    });
    const body = (await response.json()) as { database?: string };
    return { status: response.status, database: body.database };
  } catch {
    return undefined; // not listening (yet), or gone
  }
}

/** Polls /api/health until `wanted` holds; fails after `deadlineMs` with what the app printed. */
export async function waitForHealth(
  app: BetwixtProcess,
  wanted: (health: Health) => boolean,
  deadlineMs: number,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let last: Health | undefined;
  while (Date.now() < deadline) {
    last = await health(app.port);
    if (last && wanted(last)) return;
    if (app.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `health never became as wanted within ${deadlineMs} ms (last: ${JSON.stringify(last)}, exit: ${String(
      app.child.exitCode,
    )})\nstdout: ${app.stdout()}\nstderr: ${app.stderr()}`,
  );
}

export const serving = (health: Health) => health.status === 200 && health.database === 'up';
export const databaseDown = (health: Health) => health.status === 503 && health.database === 'down';

/** Sends sign-ups (a ledger row each: the bonus) from `writers` clients until stopped; keeps the acknowledged. */
export function signUpContinuously(port: number, writers = 4) {
  const acknowledged: string[] = [];
  let stopped = false;
  const writer = async () => {
    while (!stopped) {
      const body = newSignup();
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5_000),
        });
        if (response.status === 201) acknowledged.push(body.username);
      } catch {
        // The app was killed under this request: not acknowledged, may or may not have committed.
      }
    }
  };
  const running = Promise.all(Array.from({ length: writers }, writer));
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

export async function signUp(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newSignup()),
    signal: AbortSignal.timeout(5_000),
  });
  return response.status;
}

export async function until(condition: () => boolean, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

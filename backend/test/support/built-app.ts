import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.js';

export interface BuiltApp {
  url: string;
  process: ChildProcess;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  /** `kill -9`: no shutdown hooks, no drain, nothing flushed. */
  crash(): Promise<void>;
  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it (`node main.js` of a build, see compileBackend), as its own process on
 * a free loopback port, with only `env` and PATH in its environment; resolves once /api/health answers 200.
 */
export async function startBuiltApp(build: string, env: Record<string, string>): Promise<BuiltApp> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(build, 'main.js')], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      running = false;
      done();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running) throw new Error(`the app exited during start-up:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (running) child.kill(name);
    await exited;
  };
  return {
    url,
    process: child,
    output: () => output,
    crash: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

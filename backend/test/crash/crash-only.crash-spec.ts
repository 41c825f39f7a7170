import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { embeddedUrl } from '../../src/database/embedded-postgres.js';
import { describeProcess } from '../../src/database/embedded/orphaned-postgres.js';
import { compileBackend } from '../support/compiled-backend.js';
import { freePort } from '../support/free-port.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import {
  betwixtEnv,
  type BetwixtPorts,
  type BetwixtProcess,
  databaseDown,
  health,
  launch,
  serving,
  signUp,
  signUpContinuously,
  until,
  waitForHealth,
} from './support/betwixt-process.js';

/**
 * Crash-only start-up (docs/operations.md, "Start-up and recovery"): the built app run as `npm start`
 * runs it, its processes killed for real, and every acknowledged write checked afterwards.
 */
jest.setTimeout(600_000);

/**
 * The promise: serving again within 10 s of `npm start` after a crash. That is 10 s of an idle machine;
 * when the machine is busier than it has cores (other test runs), the deadline stretches by as much.
 */
const restartDeadlineMs = () => 10_000 * Math.max(1, (loadavg()[0] ?? 0) / availableParallelism());
const FIRST_START_MS = 180_000; // initdb and migrations as well

let build: string;
const started: BetwixtProcess[] = [];
const folders: string[] = [];

beforeAll(async () => {
  build = await compileBackend();
});

afterEach(async () => {
  for (const app of started.splice(0)) {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  }
});

afterAll(() => {
  for (const folder of [build, ...folders]) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

async function ports(): Promise<BetwixtPorts> {
  const port = await freePort();
  let pgPort = await freePort();
  while (pgPort === port) pgPort = await freePort();
  return { port, pgPort };
}

function start(dataDir: string, at: BetwixtPorts, extra: Record<string, string> = {}): BetwixtProcess {
  const app = launch(build, betwixtEnv(dataDir, at, extra));
  started.push(app);
  return app;
}

/** The pid the embedded server wrote into its lock file. */
function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Whether a process runs (a zombie waiting for its reaper does not). */
function alive(pid: number): boolean {
  return describeProcess(pid) !== undefined;
}

/** Every acknowledged sign-up is in the database, and the money adds up. */
async function expectAcknowledgedWrites(pgPort: number, usernames: string[]): Promise<void> {
  const dataSource = new DataSource({
    ...dataSourceOptions(embeddedUrl(pgPort, 'betwixt')),
    extra: { max: 2 },
  });
  await dataSource.initialize();
  try {
    const rows = await dataSource.query<{ username: string }[]>(
      'SELECT username FROM users WHERE username = ANY($1)',
      [usernames],
    );
    expect(rows.map((row) => row.username).sort()).toEqual([...usernames].sort());
    await expectMoneyInvariants(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * One DATA_DIR taken through a series of crashes, in order (each test starts from where the one before
 * left it: an app serving). Sharing it saves an initdb and a first start per case on a small machine.
 */
describe('crash-only start-up: one DATA_DIR through a series of crashes', () => {
  let dataDir: string;
  let at: BetwixtPorts;
  let app: BetwixtProcess;

  beforeAll(async () => {
    dataDir = folder('betwixt-crash-');
    at = await ports();
    app = launch(build, betwixtEnv(dataDir, at));
    await waitForHealth(app, serving, FIRST_START_MS);
  });

  afterAll(async () => {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  });

  /** Sign-ups from several clients until `count` are acknowledged; they keep coming until stopped. */
  async function writesInFlight(count: number) {
    const writes = signUpContinuously(at.port);
    await until(() => writes.acknowledged.length >= count, FIRST_START_MS);
    return writes;
  }

  function restart(): BetwixtProcess {
    app = launch(build, betwixtEnv(dataDir, at));
    return app;
  }

  it('serves again within 10 s after the app is killed with -9, with every acknowledged write kept', async () => {
    const writes = await writesInFlight(20);
    const orphan = postmasterPid(dataDir);
    app.child.kill('SIGKILL');
    await app.exited;
    await writes.stop();
    expect(alive(orphan)).toBe(true); // the embedded server outlived its app, as after any kill -9

    const again = restart();
    await waitForHealth(again, serving, restartDeadlineMs());
    expect(again.stdout()).toContain('left running by a Betwixt that ended without stopping it');
    expect(alive(orphan)).toBe(false);
    expect(await signUp(at.port)).toBe(201);
    await expectAcknowledgedWrites(at.pgPort, writes.acknowledged);
  });

  it('restarts the embedded PostgreSQL when it is killed with -9, without restarting the app', async () => {
    const writes = await writesInFlight(10);
    const states: string[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const now = await health(at.port);
        states.push(now ? `${now.status} ${now.database ?? ''}` : 'no answer');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    process.kill(postmasterPid(dataDir), 'SIGKILL');
    await until(() => states.includes('503 down'), restartDeadlineMs());
    await waitForHealth(app, serving, restartDeadlineMs() * 3);
    watching = false;
    await watcher;
    await writes.stop();

    expect(app.child.exitCode).toBeNull();
    expect(states).not.toContain('no answer'); // the app itself kept answering throughout
    expect(app.stdout()).toContain('The embedded PostgreSQL is running again');
    expect(await signUp(at.port)).toBe(201);
    await expectAcknowledgedWrites(at.pgPort, writes.acknowledged);
  });

  it('serves again within 10 s after both the app and its PostgreSQL are killed with -9', async () => {
    const writes = await writesInFlight(10);
    const postmaster = postmasterPid(dataDir);
    app.child.kill('SIGKILL');
    process.kill(postmaster, 'SIGKILL');
    await app.exited;
    await writes.stop();

    const again = restart();
    await waitForHealth(again, serving, restartDeadlineMs());
    expect(await signUp(at.port)).toBe(201);
    await expectAcknowledgedWrites(at.pgPort, writes.acknowledged);
  });

  it('serves again when a stale postmaster.pid names a process that is now something else (a reboot)', async () => {
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    // After a reboot the pid in the lock file may belong to any process; this test runner is one.
    writeFileSync(
      join(dataDir, 'postgres', 'postmaster.pid'),
      `${process.pid}\n${join(dataDir, 'postgres')}\n0\n${at.pgPort}\n/tmp\n127.0.0.1\n0 0\nready\n`,
    );
    const again = restart();
    await waitForHealth(again, serving, restartDeadlineMs());
    expect(again.stdout()).toContain('Removed the stale');
  });

  it('leaves the server of a running app alone and says so, instead of stopping it', async () => {
    const second = start(dataDir, { port: await freePort(), pgPort: at.pgPort });
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim()).toMatch(
      /^DATA_DIR .* is in use by another running Betwixt \(process \d+\)/,
    );
    expect(second.stderr().trim().split('\n')).toHaveLength(1);
    expect((await health(at.port))?.status).toBe(200);
  });

  it('stops its PostgreSQL even when a stop runs past the hard deadline', async () => {
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    // A drain longer than the deadline: the deadline ends the process mid-drain, before the database's stop.
    const hurried = start(dataDir, at, { SHUTDOWN_DRAIN_MS: '60000', SHUTDOWN_TIMEOUT_MS: '200' });
    await waitForHealth(hurried, serving, restartDeadlineMs());
    const postmaster = postmasterPid(dataDir);
    hurried.child.kill('SIGTERM');
    expect(await hurried.exited).toBe(1);
    expect(hurried.stdout()).toContain('Shutdown deadline reached');
    await until(() => !alive(postmaster), restartDeadlineMs());

    app = restart();
    await waitForHealth(app, serving, restartDeadlineMs());
    expect(app.stdout()).not.toContain('left running by a Betwixt');
  });
});

describe('an external PostgreSQL (DATABASE_URL) that goes away and comes back', () => {
  it('keeps the app running, reports database: down meanwhile, and works again when it returns', async () => {
    // The "external" server is the embedded one of another Betwixt, stopped and started with its app.
    const serverDir = folder('betwixt-crash-server-');
    const serverPorts = await ports();
    let server = start(serverDir, serverPorts);
    await waitForHealth(server, serving, FIRST_START_MS);
    const app = start(folder('betwixt-crash-'), await ports(), {
      DATABASE_URL: embeddedUrl(serverPorts.pgPort, 'betwixt_external'),
    });
    await waitForHealth(app, serving, FIRST_START_MS);
    expect(await signUp(app.port)).toBe(201);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await waitForHealth(app, databaseDown, restartDeadlineMs());
    expect(await signUp(app.port)).toBeGreaterThanOrEqual(500);

    server = start(serverDir, serverPorts);
    await waitForHealth(server, serving, FIRST_START_MS);
    await waitForHealth(app, serving, restartDeadlineMs());
    expect(await signUp(app.port)).toBe(201);
    expect(app.child.exitCode).toBeNull();
  });
});

describe('start-up failures: one line that says what is wrong and what to do', () => {
  async function failure(env: Record<string, string>, dataDir = folder('betwixt-crash-')): Promise<string> {
    const app = start(dataDir, await ports(), env);
    expect(await app.exited).toBe(1);
    const lines = app.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('undefined');
    return lines[0] ?? '';
  }

  it('names a bad setting', async () => {
    expect(await failure({ PORT: 'eighty' })).toMatch(
      /^Invalid configuration: PORT: .*Fix the environment variable/,
    );
  });

  it('names a DATA_DIR that is not a writable folder', async () => {
    const file = join(folder('betwixt-crash-'), 'a-file');
    writeFileSync(file, '');
    expect(await failure({}, join(file, 'data'))).toMatch(
      /^DATA_DIR .*a-file\/data is not a writable folder .*set DATA_DIR/,
    );
  });

  it('names a DATABASE_URL nobody answers at', async () => {
    const url = `postgres://postgres:secret@127.0.0.1:${await freePort()}/betwixt`;
    expect(await failure({ DATABASE_URL: url })).toMatch(
      /^Cannot reach the PostgreSQL server of DATABASE_URL \(127\.0\.0\.1:\d+: ECONNREFUSED\): start it, or fix/,
    );
  });

  it('names a port that is taken, and leaves no database server behind', async () => {
    const dataDir = folder('betwixt-crash-');
    const at = await ports();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(at.port, '127.0.0.1', resolve));
    try {
      const app = start(dataDir, at);
      expect(await app.exited).toBe(1);
      expect(app.stderr().trim()).toBe(
        `Port ${at.port} is already in use (another Betwixt?): stop the program using it, or set PORT to a free port.`,
      );
      expect(readPostmasterPidIfAny(dataDir)).toBeUndefined();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('names an embedded PostgreSQL port that another program holds', async () => {
    const at = await ports();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(at.pgPort, '127.0.0.1', resolve));
    try {
      const app = start(folder('betwixt-crash-'), at);
      expect(await app.exited).toBe(1);
      expect(app.stderr().trim()).toBe(
        `Port ${at.pgPort} for the embedded PostgreSQL is in use by another program: stop it, or set EMBEDDED_PG_PORT to a free port.`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('a checkout in a folder only its owner may enter (mode 0700)', () => {
  it('as root: stops at once naming the folder and the three ways out; as anyone else: serves', async () => {
    const privateFolder = folder('betwixt-private-'); // mkdtemp makes it 0700
    const dataDir = join(privateFolder, 'checkout', '.data');
    mkdirSync(dataDir, { recursive: true });
    const app = start(dataDir, await ports());
    if (process.getuid?.() === 0) {
      expect(await app.exited).toBe(1);
      const message = app.stderr().trim();
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toContain(`cannot enter ${privateFolder}.`);
      expect(message).toContain('Run Betwixt as a normal user');
      expect(message).toContain('move the checkout');
      expect(message).toContain('set DATABASE_URL');
    } else {
      // PostgreSQL runs as this same user, who may enter the folder: nothing to refuse.
      await waitForHealth(app, serving, FIRST_START_MS);
    }
  });
});

function readPostmasterPidIfAny(dataDir: string): string | undefined {
  try {
    return readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
}

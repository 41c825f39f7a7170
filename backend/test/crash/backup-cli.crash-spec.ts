import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { embeddedUrl } from '../../src/database/embedded-postgres.js';
import { compileBackend } from '../support/compiled-backend.js';
import { freePort } from '../support/free-port.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import {
  betwixtEnv,
  launch,
  serving,
  signUpContinuously,
  until,
  waitForHealth,
  type BetwixtPorts,
  type BetwixtProcess,
} from './support/betwixt-process.js';

// Two app launches (each with its own embedded PostgreSQL), a backup and a restore: each step has its own
// deadline below, so the test's budget is their sum rather than the int tests' 60 s.
jest.setTimeout(300_000);

/** `npm run backup` and `npm run restore` as an operator runs them, on the embedded database. */
describe('backup and restore commands on the embedded database', () => {
  let build: string;
  const folders: string[] = [];
  const apps: BetwixtProcess[] = [];

  beforeAll(async () => {
    build = await compileBackend();
  });
  afterAll(async () => {
    for (const app of apps) {
      if (app.child.exitCode === null && app.child.signalCode === null) {
        app.child.kill('SIGTERM');
        await app.exited;
      }
    }
    for (const folder of [build, ...folders]) rmSync(folder, { recursive: true, force: true });
  });

  function folder(prefix: string): string {
    const path = mkdtempSync(join(tmpdir(), prefix));
    // The embedded server runs as the postgres user when the tests run as root.
    chmodSync(path, 0o755);
    folders.push(path);
    return path;
  }

  async function ports(): Promise<BetwixtPorts> {
    const port = await freePort();
    let pgPort = await freePort();
    while (pgPort === port) pgPort = await freePort();
    return { port, pgPort };
  }

  /** Runs a compiled command to its end: exit code and what it printed. */
  function command(script: string, args: string[], env: Record<string, string>) {
    const child = spawn(process.execPath, [join(build, 'cli', script), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    return new Promise<{ code: number | null; output: string }>((resolve) =>
      child.once('exit', (code) => resolve({ code, output })),
    );
  }

  it('backs up a serving app under sign-ups, and restores into a new DATA_DIR that then serves it all', async () => {
    const source = { dir: folder('betwixt-backup-a-'), at: await ports() };
    const sourceEnv = betwixtEnv(source.dir, source.at);
    const app = launch(build, sourceEnv);
    apps.push(app);
    await waitForHealth(app, serving, 60_000);
    const load = signUpContinuously(source.at.port, 3);
    await until(() => load.acknowledged.length >= 20, 60_000);
    const acknowledgedBefore = [...load.acknowledged];
    const file = join(folder('betwixt-backup-files-'), 'backup.jsonl.gz');

    const backup = await command('backup.js', [file], sourceEnv);
    const duringBackup = load.acknowledged.length;
    await until(() => load.acknowledged.length >= duringBackup + 5, 60_000);
    await load.stop();
    expect([backup.code, backup.output]).toEqual([
      0,
      expect.stringMatching(/^Backed up \d+ rows of \d+ tables/),
    ]);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);

    const target = { dir: folder('betwixt-backup-b-'), at: await ports() };
    const targetEnv = betwixtEnv(target.dir, target.at);
    const restore = await command('restore.js', [file], targetEnv);
    expect([restore.code, restore.output]).toEqual([
      0,
      expect.stringMatching(/^Restored \d+ rows of \d+ tables/),
    ]);
    const restored = launch(build, targetEnv);
    apps.push(restored);
    await waitForHealth(restored, serving, 60_000);

    const dataSource = new DataSource({
      ...dataSourceOptions(embeddedUrl(target.at.pgPort, 'betwixt')),
      extra: { max: 2 },
    });
    await dataSource.initialize();
    try {
      const rows = await dataSource.query<{ username: string }[]>(
        'SELECT username FROM users WHERE username = ANY($1)',
        [acknowledgedBefore],
      );
      expect(rows.map((row) => row.username).sort()).toEqual([...acknowledgedBefore].sort());
      await expectMoneyInvariants(dataSource);
    } finally {
      await dataSource.destroy();
    }

    // Never over a running app's data, forced or not.
    const over = await command('restore.js', [file, '--force'], targetEnv);
    expect([over.code, over.output]).toEqual([
      1,
      expect.stringContaining('Betwixt is running on this DATA_DIR'),
    ]);
  });
});

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../support/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { parseAdminArgs, setAdmin } from '../../src/cli/admin-grant.js';
import { compileBackend } from '../support/compiled-backend.js';
import { api, newUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment `npm start` would see, minus whatever the test runner's shell carries. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  return env;
}

function runCli(build: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [join(build, 'cli/admin.js'), ...args],
      { env: cleanEnv(env), timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
      },
    );
  });
}

describe('admin CLI: npm run admin -- grant|revoke <email|username>', () => {
  let t: TestApp;
  let build: string;
  beforeAll(async () => {
    [t, build] = await Promise.all([startTestApp(), compileBackend()]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  it('parses exactly one command and one account', () => {
    expect(parseAdminArgs(['grant', ' sam '])).toEqual({ command: 'grant', who: 'sam' });
    expect(parseAdminArgs(['revoke', 'sam@example.com'])).toEqual({
      command: 'revoke',
      who: 'sam@example.com',
    });
    for (const argv of [[], ['grant'], ['promote', 'sam'], ['grant', '  '], ['grant', 'a', 'b']]) {
      expect(parseAdminArgs(argv)).toBeNull();
    }
  });

  it('grants and revokes by username or email in any letter case, on the live app', async () => {
    const user = await newUser(t);
    expect(await setAdmin(t.dataSource, 'grant', user.username.toUpperCase())).toBe(
      `${user.username} is now an administrator`,
    );
    expect(await setAdmin(t.dataSource, 'grant', user.email)).toBe(
      `${user.username} is already an administrator`,
    );
    const me = await api(t, 'GET', '/api/auth/user', { token: user.token });
    expect(me.body.isAdmin).toBe(true);
    expect((await api(t, 'GET', '/api/admin/analytics', { token: user.token })).status).toBe(200);
    expect(await setAdmin(t.dataSource, 'revoke', user.email.toUpperCase())).toBe(
      `${user.username} is no longer an administrator`,
    );
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).body.isAdmin).toBe(false);
    expect((await api(t, 'GET', '/api/admin/analytics', { token: user.token })).status).toBe(403);
    await expect(setAdmin(t.dataSource, 'grant', 'nobody_at_all')).rejects.toThrow(
      'No account with email or username "nobody_at_all"',
    );
  });

  it('does not find deleted accounts', async () => {
    const user = await newUser(t);
    await api(t, 'DELETE', '/api/user/account', {
      token: user.token,
      body: { confirm: 'DELETE', password: user.password },
    });
    await expect(setAdmin(t.dataSource, 'grant', `deleted-${user.id}@deleted.invalid`)).rejects.toThrow(
      /No account/,
    );
  });

  it('runs as a command against DATABASE_URL: one line, exit codes 0, 1 and 2', async () => {
    const user = await newUser(t);
    const env = { DATABASE_URL: (t.dataSource.options as { url: string }).url };
    const granted = await runCli(build, ['grant', user.username], env);
    expect(granted).toEqual({ code: 0, stdout: `${user.username} is now an administrator`, stderr: '' });
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).body.isAdmin).toBe(true);
    const revoked = await runCli(build, ['revoke', user.email], env);
    expect(revoked).toMatchObject({ code: 0, stdout: `${user.username} is no longer an administrator` });
    expect((await api(t, 'GET', '/api/auth/user', { token: user.token })).body.isAdmin).toBe(false);
    const unknown = await runCli(build, ['grant', 'ghost_user'], env);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No account with email or username "ghost_user"',
    });
    const usage = await runCli(build, ['promote', user.username], env);
    expect(usage).toMatchObject({ code: 2, stderr: 'usage: npm run admin -- grant|revoke <email|username>' });
  });

  describe('without DATABASE_URL: the embedded server under DATA_DIR', () => {
    let dataDir: string;
    let port: number;
    let app: ChildProcess | undefined;
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'betwixt-cli-data-'));
      port = await freePort();
    });
    afterAll(async () => {
      if (app && app.exitCode === null) {
        const exited = new Promise((resolve) => app?.once('exit', resolve));
        app.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    });
    const env = () => ({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    const url = () => `postgres://postgres:betwixt-embedded@127.0.0.1:${port}/betwixt`;

    it('starts the server itself when the app is not running, and stops it afterwards', async () => {
      const result = await runCli(build, ['grant', 'ghost_user'], env());
      expect(result).toMatchObject({ code: 1, stderr: 'No account with email or username "ghost_user"' });
      const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 1000 });
      await expect(client.connect()).rejects.toThrow();
    });

    it('uses the running app’s server when the app is up, and leaves it running', async () => {
      // Stands in for `npm start`: the same bootstrap, holding the embedded server under DATA_DIR.
      const prepare = pathToFileURL(join(build, 'database/prepare-database.js')).href;
      const config = pathToFileURL(join(build, 'config/app-config.js')).href;
      const secrets = pathToFileURL(join(build, 'config/secrets.js')).href;
      const script = `
        const { prepareDatabase } = await import(${JSON.stringify(prepare)});
        const { loadConfig } = await import(${JSON.stringify(config)});
        const { resolveSecrets } = await import(${JSON.stringify(secrets)});
        const database = await prepareDatabase(resolveSecrets(loadConfig(process.env)));
        process.on('SIGTERM', () => database.stop().then(() => process.exit(0)));
        console.log('ready');
        setInterval(() => undefined, 1000);`;
      const started = spawn('node', ['--input-type=module', '-e', script], {
        env: cleanEnv(env()),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      app = started;
      await new Promise<void>((resolve, reject) => {
        started.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        started.once('exit', (code) => reject(new Error(`app stand-in exited ${String(code)}`)));
      });
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(
          `INSERT INTO users (email, username, "firstName", "lastName") VALUES ('boss@example.com', 'The_Boss', 'Bo', 'Ss')`,
        );
        const granted = await runCli(build, ['grant', 'the_boss'], env());
        expect(granted).toEqual({ code: 0, stdout: 'The_Boss is now an administrator', stderr: '' });
        const { rows } = await client.query<{ isAdmin: boolean }>(
          `SELECT "isAdmin" FROM users WHERE username = 'The_Boss'`,
        );
        expect(rows).toEqual([{ isAdmin: true }]);
      } finally {
        await client.end();
      }
      expect(started.exitCode).toBeNull();
    });
  });
});

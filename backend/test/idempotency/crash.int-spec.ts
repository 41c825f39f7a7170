import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { betBody } from '../admin/admin-helpers.js';
import { compileBackend } from '../support/compiled-backend.js';
import { newUser, type SignedUpUser } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Generous: on a loaded 2-core machine `node main.js` has needed 40 s to answer; usually 2–3 s. */
const STARTUP_LIMIT = 150_000;

/** Polls `check` until it is true; fails after `limit` ms (a bound, not a timing assertion). */
async function eventually(check: () => Promise<boolean>, what: string, limit = 30_000): Promise<void> {
  const deadline = Date.now() + limit;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `node main.js` of the compiled backend on the test database, as `npm start` runs it with DATABASE_URL. */
class RunningApp {
  private constructor(
    readonly process: ChildProcess,
    readonly url: string,
  ) {}

  static async start(build: string, t: TestApp, dataDir: string): Promise<RunningApp> {
    const port = await freePort();
    const child = spawn('node', [join(build, 'main.js')], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: t.config.jwtSecret,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const app = new RunningApp(child, `http://127.0.0.1:${port}`);
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
        return fetch(`${app.url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
      },
      'the app answers /api/health',
      STARTUP_LIMIT,
    );
    return app;
  }

  /** kill -9: no shutdown hook, no rollback sent; the database notices the connection is gone. */
  async crash(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGTERM');
    await exited;
  }

  post(path: string, user: SignedUpUser, key: string, body: unknown): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
  }
}

/**
 * The process dies between claiming an Idempotency-Key and committing the operation. The claim is part of
 * the operation's transaction, so PostgreSQL rolls both back: the retry after the restart runs the
 * operation — once — instead of answering "in progress" for ever. To stop the request at that point for
 * real, the test holds a row lock the operation needs (through its own connection), sees the request
 * waiting on it, and kills the app with SIGKILL.
 */
describe('Idempotency-Key across a crash between claim and commit', () => {
  jest.setTimeout(4 * STARTUP_LIMIT);
  let t: TestApp;
  let build: string;
  let dataDir: string;
  let locker: pg.Client;
  const running: RunningApp[] = [];

  beforeAll(async () => {
    [t, build] = await Promise.all([startTestApp(), compileBackend()]);
    dataDir = mkdtempSync(join(tmpdir(), 'betwixt-idem-crash-'));
    locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    for (const app of running) await app.stop();
    await locker?.end();
    await t?.close();
    rmSync(build, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const app = await RunningApp.start(build, t, dataDir);
    running.push(app);
    return app;
  };

  /** Another connection's transaction holding `sql`'s row lock, and whether a request now waits on it. */
  const holdLock = async (sql: string, params: unknown[]) => {
    await locker.query('BEGIN');
    await locker.query(sql, params);
  };
  const someoneWaitsOnALock = async () => {
    const { rows } = await locker.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    return (rows[0]?.n ?? 0) > 0;
  };
  const keyRows = async (key: string) => {
    const { rows } = await locker.query<{ status: number | null }>(
      `SELECT status FROM idempotency_keys WHERE key = $1`,
      [key],
    );
    return rows;
  };
  const count = async (sql: string, params: unknown[]) => {
    const { rows } = await locker.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params);
    return rows[0]?.n ?? 0;
  };

  it('a bet created by a request killed mid-transaction is created by the retry, exactly once', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const body = betBody(bob, '30.00');
    const first = await start();

    // The bet's foreign key needs a share lock on alice's row: held here, the request stops after its claim.
    await holdLock(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [alice.id]);
    const lost = first.post('/api/bets', alice, 'crash-create-1', body).then(
      (response) => response.status,
      () => 'connection lost',
    );
    await eventually(someoneWaitsOnALock, 'the request waits on the row lock');
    expect(await keyRows('crash-create-1')).toEqual([]); // claimed, but not committed: invisible
    await first.crash();
    expect(await lost).toBe('connection lost');
    await locker.query('ROLLBACK');

    const second = await start();
    const retry = await second.post('/api/bets', alice, 'crash-create-1', body);
    expect(retry.status).toBe(201);
    const created = (await retry.json()) as { id: number; status: string };
    expect(created.status).toBe('pending');
    const again = await second.post('/api/bets', alice, 'crash-create-1', body);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { id: number }).id).toBe(created.id);

    expect(await count(`SELECT id FROM bets WHERE "creatorId" = $1`, [alice.id])).toBe(1);
    expect(
      await count(`SELECT id FROM transactions WHERE "userId" = $1 AND type = 'bet_stake'`, [alice.id]),
    ).toBe(1);
    const { rows } = await locker.query<{ balance: string }>(`SELECT balance FROM users WHERE id = $1`, [
      alice.id,
    ]);
    expect(rows[0]?.balance).toBe('970.00');
    expect(await keyRows('crash-create-1')).toEqual([{ status: 201 }]);
    await expectMoneyInvariants(t.dataSource);
    await second.stop();
  });

  it('an accept killed while waiting on the bet row is applied by the retry, and a different body with that key is refused', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const app = await start();
    const created = await app.post('/api/bets', alice, 'crash-accept-create', betBody(bob, '40.00'));
    const betId = ((await created.json()) as { id: number }).id;

    await holdLock(`SELECT id FROM bets WHERE id = $1 FOR UPDATE`, [betId]);
    const lost = app.post(`/api/bets/${betId}/accept`, bob, 'crash-accept-1', { opponentPick: 'Blues' }).then(
      (response) => response.status,
      () => 'connection lost',
    );
    await eventually(someoneWaitsOnALock, 'the accept waits on the bet row');
    await app.crash();
    expect(await lost).toBe('connection lost');
    await locker.query('ROLLBACK');

    const restarted = await start();
    const retry = await restarted.post(`/api/bets/${betId}/accept`, bob, 'crash-accept-1', {
      opponentPick: 'Blues',
    });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ id: betId, status: 'active', opponentPick: 'Blues' });
    const reused = await restarted.post(`/api/bets/${betId}/accept`, bob, 'crash-accept-1', {
      opponentPick: 'Reds',
    });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(
      await count(`SELECT id FROM transactions WHERE "referenceId" = $1 AND type = 'bet_stake'`, [
        String(betId),
      ]),
    ).toBe(2);
    await expectMoneyInvariants(t.dataSource);
  });
});

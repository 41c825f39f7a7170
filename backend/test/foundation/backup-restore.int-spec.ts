import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { takeBackup } from '../../src/database/backup/backup.js';
import { RestoreRefused, restoreBackup } from '../../src/database/backup/restore.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** What the write load saw acknowledged, and whether the backup's snapshot had been taken by then. */
interface Acknowledged {
  kind: 'user' | 'bet';
  id: string;
  beforeSnapshot: boolean;
}

describe('npm run backup and npm run restore', () => {
  let t: TestApp;
  let restored: TestDatabase;
  let restoredSource: DataSource;
  const folder = mkdtempSync(join(tmpdir(), 'betwixt-backup-'));
  const file = join(folder, 'betwixt.jsonl.gz');

  beforeAll(async () => {
    t = await startTestApp();
    restored = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    if (restoredSource?.isInitialized) await restoredSource.destroy();
    await restored.drop();
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('takes a consistent backup under write load and restores it into a fresh database', async () => {
    const players: SignedUpUser[] = [];
    for (let index = 0; index < 6; index += 1) players.push(await newUser(t));
    let snapshotTaken = false;
    let stop = false;
    const acknowledged: Acknowledged[] = [];
    const record = (kind: Acknowledged['kind'], id: string) =>
      acknowledged.push({ kind, id, beforeSnapshot: !snapshotTaken });
    const signUps = async () => {
      while (!stop) record('user', (await newUser(t)).id);
    };
    const bets = async (worker: number) => {
      for (let round = 0; !stop; round += 1) {
        const creator = players[(worker + round) % players.length];
        const opponent = players[(worker + round + 1) % players.length];
        const id = await pendingBet(t, creator, opponent, '1.00');
        record('bet', String(id));
        if (round % 2 === 0) {
          const accepted = await api(t, 'POST', `/api/bets/${id}/accept`, {
            token: opponent.token,
            body: { opponentPick: 'Blues' },
          });
          expect(accepted.status).toBe(200);
        }
      }
    };
    const load = Promise.all([signUps(), signUps(), bets(0), bets(3)]);
    while (acknowledged.length < 20) await new Promise((resolve) => setImmediate(resolve));

    const summary = await takeBackup(t.databaseUrl, file, { onSnapshot: () => (snapshotTaken = true) });
    const afterBackup = acknowledged.length;
    while (acknowledged.length < afterBackup + 10) await new Promise((resolve) => setImmediate(resolve));
    stop = true;
    await load;
    const before = acknowledged.filter((write) => write.beforeSnapshot);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(acknowledged.length - before.length).toBeGreaterThanOrEqual(10);

    const loaded = await restoreBackup(restored.url, file);
    expect(loaded).toEqual({ tables: summary.tables, rows: summary.rows, takenAt: summary.takenAt });
    restoredSource = new DataSource(dataSourceOptions(restored.url, 2));
    await restoredSource.initialize();
    await expectMoneyInvariants(restoredSource);

    // Every write acknowledged before the snapshot is there; none is there twice.
    const ids = async (sql: string) =>
      new Set((await restoredSource.query<{ id: string }[]>(sql)).map((row) => String(row.id)));
    const users = await ids('SELECT id FROM users');
    const betIds = await ids('SELECT id FROM bets');
    const missing = before.filter((write) => !(write.kind === 'user' ? users : betIds).has(write.id));
    expect(missing).toEqual([]);
    // The restored database carries on: new bets get ids after the restored ones.
    const [next] = await restoredSource.query<{ id: string }[]>(
      `SELECT nextval(pg_get_serial_sequence('bets', 'id'))::text AS id`,
    );
    expect(Number(next?.id)).toBeGreaterThan(Math.max(...[...betIds].map(Number)));
  });

  it('refuses a database that holds data unless forced, and a cut-off or foreign file', async () => {
    await expect(restoreBackup(restored.url, file)).rejects.toThrow(/not empty .*--force/);
    const [{ n: users }] = await restoredSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM users',
    );

    const whole = gunzipSync(readFileSync(file)).toString('utf8');
    const cut = join(folder, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(whole.slice(0, whole.lastIndexOf('["end"'))));
    await expect(restoreBackup(restored.url, cut, { force: true })).rejects.toBeInstanceOf(RestoreRefused);
    const foreign = join(folder, 'foreign.jsonl.gz');
    writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    await expect(restoreBackup(restored.url, foreign, { force: true })).rejects.toThrow(
      /not a Betwixt backup/,
    );

    const again = await restoreBackup(restored.url, file, { force: true });
    expect(again.rows).toBeGreaterThan(0);
    const [{ n: after }] = await restoredSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM users',
    );
    expect(after).toBe(users);
    await expectMoneyInvariants(restoredSource);
  });
});

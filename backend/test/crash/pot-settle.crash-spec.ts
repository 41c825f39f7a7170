import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { embeddedUrl } from '../../src/database/embedded-postgres.js';
import { compileBackend } from '../support/compiled-backend.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { seededRandom } from '../support/seeded-random.js';
import {
  betwixtEnv,
  type BetwixtPorts,
  type BetwixtProcess,
  launch,
  serving,
  waitForHealth,
} from './support/betwixt-process.js';

jest.setTimeout(600_000);

const SEED = 20261128;
const ROUNDS = 6;

/**
 * kill -9 in the middle of settling a 20-player group pot: the settling report is one transaction (every
 * payout and the status change), so after the restart the pot is either settled with every payout, or still
 * active with none, and the ledger invariants hold either way.
 */
describe('a 20-player pot whose settling report is cut by kill -9', () => {
  let build: string;
  let dataDir: string;
  let at: BetwixtPorts;
  let app: BetwixtProcess;
  const random = seededRandom(SEED);

  beforeAll(async () => {
    build = await compileBackend();
    dataDir = mkdtempSync(join(tmpdir(), 'betwixt-pot-crash-'));
    const port = await freePort();
    let pgPort = await freePort();
    while (pgPort === port) pgPort = await freePort();
    at = { port, pgPort };
    app = launch(build, betwixtEnv(dataDir, at));
    await waitForHealth(app, serving, 180_000);
  });

  afterAll(async () => {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
    rmSync(build, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const reach = () => ({ url: `http://127.0.0.1:${at.port}` });
  const post = (user: SignedUpUser, path: string, body: unknown = {}) =>
    api(reach(), 'POST', path, { token: user.token, body });

  async function withDatabase<T>(use: (db: DataSource) => Promise<T>): Promise<T> {
    const db = new DataSource({ ...dataSourceOptions(embeddedUrl(at.pgPort, 'betwixt')), extra: { max: 2 } });
    await db.initialize();
    try {
      return await use(db);
    } finally {
      await db.destroy();
    }
  }

  it('leaves each pot settled whole or not at all', async () => {
    const creator = await newUser(reach());
    const players: SignedUpUser[] = [];
    for (let i = 0; i < 19; i++) {
      const player = await newUser(reach());
      const sent = await post(creator, '/api/friends/request', { addresseeId: player.id });
      expect((await post(player, `/api/friends/${String(sent.body.id)}/accept`)).status).toBe(200);
      players.push(player);
    }
    const outcomes = { settled: 0, unsettled: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const created = await post(creator, '/api/bets', {
        inviteeIds: players.map((player) => player.id),
        stake: '10.00',
        joinBy: new Date(Date.now() + 3_600_000).toISOString(),
        title: `Crash pot ${round}`,
        outcomes: ['Red', 'Blue', 'Green'],
        creatorPick: 'Red',
        duration: 24,
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      for (const [index, player] of players.entries()) {
        const pick = ['Red', 'Blue', 'Green'][index % 3];
        expect((await post(player, `/api/bets/${id}/join`, { pick })).status).toBe(200);
      }
      expect((await post(creator, `/api/bets/${id}/lock`)).status).toBe(200);
      for (const player of players) {
        expect((await post(player, `/api/bets/${id}/submit-result`, { result: 'Blue' })).status).toBe(200);
      }
      // The creator's report settles it: killed a few milliseconds into it, at a different point each round.
      const settling = post(creator, `/api/bets/${id}/submit-result`, { result: 'Blue' }).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 25)));
      app.child.kill('SIGKILL');
      await app.exited;
      await settling;
      app = launch(build, betwixtEnv(dataDir, at));
      await waitForHealth(app, serving, 60_000);

      const state = await withDatabase(async (db) => {
        await expectMoneyInvariants(db);
        const [bet] = await db.query<{ status: string }[]>(`SELECT status FROM bets WHERE id = $1`, [id]);
        const [paid] = await db.query<{ rows: number; total: string }[]>(
          `SELECT count(*)::int AS rows, coalesce(sum(amount), 0)::text AS total FROM transactions
            WHERE "referenceId" = $1 AND type = 'bet_payout'`,
          [String(id)],
        );
        return { status: bet?.status, paid };
      });
      if (state.status === 'completed') {
        // 200.00 to the six who picked Blue, every cent of it.
        expect(state.paid).toEqual({ rows: 6, total: '200.00' });
        outcomes.settled += 1;
      } else {
        expect(state).toEqual({ status: 'active', paid: { rows: 0, total: '0' } });
        outcomes.unsettled += 1;
        const again = await post(creator, `/api/bets/${id}/submit-result`, { result: 'Blue' });
        expect(again.body.status).toBe('completed');
        await withDatabase((db) => expectMoneyInvariants(db));
      }
    }
    expect(outcomes.settled + outcomes.unsettled).toBe(ROUNDS);
  });
});

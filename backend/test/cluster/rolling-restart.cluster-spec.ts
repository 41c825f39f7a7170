import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { freePort } from '../../src/cluster/free-port.js';
import {
  appIsBuilt,
  type ExitInfo,
  type LocalCluster,
  startCluster,
} from '../../src/cluster/local-cluster.js';
import { loadConfig } from '../../src/config/app-config.js';
import { resolveSecrets } from '../../src/config/secrets.js';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { until } from '../crash/support/betwixt-process.js';
import type { SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { createTestDatabase } from '../support/test-database.js';
import { PLAY_STAKE_CENTS, PLAY_TITLE, type Play, signUpPlayers, startPlaying } from './support/players.js';
import { ResumingStream } from './support/resuming-stream.js';
import { RetryingClient } from './support/retrying-client.js';

/**
 * `npm run cluster` under load (docs/scaling.md): the built app as 3 instances behind HAProxy (with
 * docker/haproxy.cfg) on one PostgreSQL and one Redis. 32 players bet against each other through the
 * balancer, with retries and Idempotency-Keys as a careful client sends them, and hold live streams open,
 * while every instance in turn is stopped (SIGTERM: it drains) and started again, and then one is killed
 * with -9. Afterwards every promise of the cluster is checked against the database.
 */
jest.setTimeout(300_000);

const root = resolve(__dirname, '../../..');
const PLAYERS = 32;
const INSTANCES = 3;
const SIGNUP_BONUS_CENTS = 100_000;
const REMINDER_STAKE_CENTS = 500;
/** The balancer brings a started instance back after 2 good checks a second apart (docker/haproxy.cfg). */
const BALANCER_RISE_MS = 2_500;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

let dataDir: string;
let cluster: LocalCluster | undefined;
let db: DataSource;
let client: RetryingClient;
let players: SignedUpUser[];
let streams: ResumingStream[] = [];
let play: Play;
const output: string[] = [];
const gracefulExits: ExitInfo[] = [];
let killedAt = 0;
let diedAt = 0;
let inFlightAtKill = 0;
/** Bets ending in an hour (so the reminder job picks them up) and who must be reminded of each. */
const reminded: { id: number; creatorId: string; opponentId: string; recipients: string[] }[] = [];

/** What the balancer logged: only requests that went wrong or were retried (docker/haproxy.cfg). */
const balancerLines = () => output.filter((line) => line.startsWith('balancer |'));
/** The last lines the instances and the balancer printed, for failure messages. */
const recentOutput = () => output.slice(-60).join('\n');

beforeAll(async () => {
  const began = Date.now();
  const phases: string[] = [];
  const phase = (name: string) => phases.push(`${name} ${((Date.now() - began) / 1000).toFixed(1)} s`);
  if (!appIsBuilt(root)) throw new Error('backend/dist is missing: the cluster target runs after build');
  dataDir = mkdtempSync(join(tmpdir(), 'betwixt-cluster-test-'));
  const [balancerPort = 0, ...instancePorts] = await distinctFreePorts(INSTANCES + 1);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // 32 sign-ups come from one address, far more than the per-minute limit for people.
    AUTH_ATTEMPTS_PER_MINUTE: '10000',
  };
  // As `npm run cluster` does: the secrets written once into the shared DATA_DIR, the database migrated
  // once (here a fresh one on the int tests' PostgreSQL), before any instance starts.
  resolveSecrets(loadConfig(env));
  const { url, drop } = await createTestDatabase();
  cluster = await startCluster({
    root,
    database: { url, stop: drop },
    balancer: { host: '127.0.0.1', port: balancerPort },
    instancePorts,
    env,
    log: (line) => output.push(line),
  });
  phase('cluster up');
  db = new DataSource({ ...dataSourceOptions(cluster.databaseUrl), extra: { max: 2 } });
  await db.initialize();
  client = new RetryingClient(cluster.url);

  players = await signUpPlayers(cluster.url, PLAYERS);
  streams = await Promise.all(players.map((player) => ResumingStream.open(cluster?.url ?? '', player.token)));
  await createBetsToRemind();

  phase('players signed up, streams open');
  play = startPlaying(players, client);
  await until(() => play.settled.length >= PLAYERS, 60_000);
  const [first, second, last] = cluster.instances;
  if (!first || !second || !last) throw new Error(`expected ${INSTANCES} instances`);
  for (const instance of [first, second]) {
    gracefulExits.push(await instance.stop());
    await instance.start();
    phase(`${instance.name} restarted`);
    await pause(BALANCER_RISE_MS);
  }
  // The last instance's restart and the crash overlap (it saves a restart's time on a small machine):
  // while it drains, the first one is killed, leaving one instance to serve until both are back.
  const lastStopped = last.stop();
  inFlightAtKill = client.inFlight;
  killedAt = Date.now();
  await first.kill();
  diedAt = Date.now();
  gracefulExits.push(await lastStopped);
  await Promise.all([first.start(), last.start()]);
  phase(`${last.name} restarted, ${first.name} killed -9 and started`);
  await pause(BALANCER_RISE_MS);
  await play.stop();
  phase('play stopped');

  // The reminder job runs at the start of every minute on every instance; the bets were made due for it.
  await waitFor(async () => (await remindersSent()) === reminded.length, 90_000, 'the reminders');
  phase('reminders sent');
  await waitFor(
    async () => (await undelivered()).length === 0,
    30_000,
    'every live notification',
    async () => JSON.stringify(await describeUndelivered()),
  );
  phase('streams caught up');
  const connections = streams.reduce((sum, stream) => sum + stream.connections, 0);
  console.log(
    `${phases.join('; ')}\n${play.created.length} bets created, ${play.settled.length} paid; ` +
      `${client.failedAttempts.length} failed attempts (${inFlightAtKill} in flight at the kill), ` +
      `${client.inProgressAnswers} in-progress answers; ${connections} stream connections\n` +
      `balancer: ${balancerLines().filter((line) => line.includes('"')).length} requests logged as retried ` +
      `or failed (docker/haproxy.cfg logs only those), ${balancerLines().filter((line) => line.includes('[WARNING]')).length} server state changes`,
  );
});

afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
  if (db?.isInitialized) await db.destroy();
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Four bets that end in an hour: two left pending (their opponent is reminded), two accepted (both
 * parties are). Made away from a minute's start, so the job cannot run between a create and its accept.
 */
async function createBetsToRemind(): Promise<void> {
  const second = new Date().getSeconds();
  if (second >= 55) await pause((61 - second) * 1_000);
  for (let index = 0; index < 4; index += 1) {
    const [creator, opponent] = [players[index], players[index + 4]];
    if (!creator || !opponent) throw new Error('not enough players');
    const bet = await client.call<{ id: number }>('create', 'POST', '/api/bets', {
      token: creator.token,
      key: randomUUID(),
      expect: 201,
      body: {
        opponentId: opponent.id,
        amount: (REMINDER_STAKE_CENTS / 100).toFixed(2),
        title: 'Ends within the hour',
        outcomes: ['Yes', 'No'],
        duration: 1,
        creatorPick: 'Yes',
      },
    });
    if (!bet) throw new Error(`could not create a bet to remind: ${JSON.stringify(client.failedOperations)}`);
    const accepted = index < 2;
    if (accepted) {
      const body = { opponentPick: 'No' };
      const path = `/api/bets/${bet.id}/accept`;
      await client.call('accept', 'POST', path, {
        token: opponent.token,
        key: randomUUID(),
        expect: 200,
        body,
      });
    }
    const recipients = accepted ? [creator.id, opponent.id] : [opponent.id];
    reminded.push({ id: bet.id, creatorId: creator.id, opponentId: opponent.id, recipients });
  }
}

async function remindersSent(): Promise<number> {
  const [row] = await db.query<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM bets WHERE id = ANY($1) AND "reminderSentAt" IS NOT NULL`,
    [reminded.map((bet) => bet.id)],
  );
  return row?.count ?? 0;
}

/** Notifications a player's stream should have delivered (newer than its first `ready`) and has not. */
async function undelivered(): Promise<{ userId: string; id: number }[]> {
  const expected = await notificationsAfterFirstReady();
  return expected.filter(({ userId, id }) => !streamOf(userId).received().has(id));
}

async function notificationsAfterFirstReady(): Promise<{ userId: string; id: number }[]> {
  const rows = await db.query<{ userId: string; id: number; txid: string }[]>(
    `SELECT "userId", id, txid::text AS txid FROM notifications WHERE "userId" = ANY($1) ORDER BY id`,
    [players.map((player) => player.id)],
  );
  return rows.filter(({ userId, id, txid }) => {
    const [afterTxid = 0n, afterId = 0n] = streamOf(userId).firstCursor.split('-').map(BigInt);
    return BigInt(txid) > afterTxid || (BigInt(txid) === afterTxid && BigInt(id) > afterId);
  });
}

/** The missing notifications with what their streams saw around them, for the failure message. */
async function describeUndelivered(): Promise<unknown[]> {
  const missing = (await undelivered()).slice(0, 10);
  return Promise.all(
    missing.map(async ({ userId, id }) => {
      const [row] = await db.query<unknown[]>(
        `SELECT id, type, "betId", "createdAt" FROM notifications WHERE id = $1`,
        [id],
      );
      const stream = streamOf(userId);
      return { row, stream: stream.describe() };
    }),
  );
}

function streamOf(userId: string): ResumingStream {
  const stream = streams[players.findIndex((player) => player.id === userId)];
  if (!stream) throw new Error(`no stream for ${userId}`);
  return stream;
}

async function waitFor(
  condition: () => Promise<boolean>,
  deadlineMs: number,
  what: string,
  details: () => Promise<string> = async () => '',
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${deadlineMs / 1000} s ${await details()}\n${recentOutput()}`);
    await pause(250);
  }
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

describe('the cluster through rolling restarts and a kill -9, under 32 players', () => {
  it('failed no client operation: every request succeeded or was retried to success', () => {
    expect(client.failedOperations).toEqual([]);
    expect(play.settled.length).toBe(play.created.length);
    expect(play.settled.length).toBeGreaterThan(PLAYERS);
  });

  it('drained on SIGTERM without failing a request; the kill -9 failed only requests in flight on it', () => {
    expect(gracefulExits).toEqual(Array.from({ length: INSTANCES }, () => ({ code: 0, signal: null })));
    // On the kill: on the wire at some moment between SIGKILL and the exit being seen. A process takes a
    // while to die (tens of ms on a busy machine), and until its sockets are gone, a request the balancer
    // hands it is lost with it.
    const outsideTheKill = client.failedAttempts.filter(
      (attempt) => !(attempt.started <= diedAt && attempt.ended >= killedAt),
    );
    // HTTP/1.1's keep-alive race: the client writes on an idle connection to the balancer just as the
    // balancer closes it, and the request never reaches anyone (RFC 9112 §9.3.1: a client retries it). CI
    // saw one, 2 ms long, 4 s after the kill. It is no failed drain; the retry carries the same key.
    const keepAliveRaces = outsideTheKill.filter((attempt) => attempt.outcome.includes('other side closed'));
    const notInFlightAtKill = outsideTheKill.filter((attempt) => !keepAliveRaces.includes(attempt));
    expect(keepAliveRaces.length).toBeLessThanOrEqual(2);
    // On failure: when the kill happened, and what the balancer logged (its errors only) around it.
    const context = notInFlightAtKill.length
      ? { killedAt, diedAt, balancer: balancerLines().slice(-60) }
      : {};
    expect({ notInFlightAtKill, ...context }).toEqual({ notInFlightAtKill: [] });
    expect(client.failedAttempts.length).toBeLessThanOrEqual(inFlightAtKill);
  });

  it('kept every acknowledged write: each bet once, paid to its creator, in every balance', async () => {
    const bets = await db.query<{ id: number; status: string; winnerUserId: string; creatorId: string }[]>(
      `SELECT id, status, "winnerUserId", "creatorId" FROM bets WHERE title LIKE $1 ORDER BY id`,
      [`${PLAY_TITLE} %`],
    );
    // Retried creates carried their key: no bet exists that the players were not told about.
    expect(bets.map((bet) => bet.id)).toEqual([...play.created].sort((a, b) => a - b));
    expect(bets.filter((bet) => bet.status !== 'completed' || bet.winnerUserId !== bet.creatorId)).toEqual(
      [],
    );

    const expected = new Map(players.map((player) => [player.id, SIGNUP_BONUS_CENTS]));
    const add = (userId: string, cents: number) => expected.set(userId, (expected.get(userId) ?? 0) + cents);
    for (const bet of play.settled) {
      add(bet.creatorId, PLAY_STAKE_CENTS);
      add(bet.opponentId, -PLAY_STAKE_CENTS);
    }
    // Still in escrow: the creator's stake of every bet to remind, the opponent's of the accepted ones.
    for (const bet of reminded) {
      add(bet.creatorId, -REMINDER_STAKE_CENTS);
      if (bet.recipients.length > 1) add(bet.opponentId, -REMINDER_STAKE_CENTS);
    }
    const rows = await db.query<{ id: string; cents: number }[]>(
      `SELECT id, (balance * 100)::int AS cents FROM users WHERE id = ANY($1)`,
      [players.map((player) => player.id)],
    );
    expect(new Map(rows.map((row) => [row.id, row.cents]))).toEqual(expected);
  });

  it('keeps the ledger invariants', async () => {
    await expectMoneyInvariants(db);
  });

  it('delivered every notification to its player’s live stream exactly once, across reconnections', async () => {
    const expected = await notificationsAfterFirstReady();
    expect(expected.length).toBeGreaterThan(play.settled.length * 3);
    const wrong: { userId: string; id: number; times: number }[] = [];
    for (const [index, player] of players.entries()) {
      const mine = new Set(expected.filter((row) => row.userId === player.id).map((row) => row.id));
      const received = streams[index]?.received() ?? new Map<number, number>();
      for (const id of mine)
        if (received.get(id) !== 1) wrong.push({ userId: player.id, id, times: received.get(id) ?? 0 });
      for (const [id, times] of received) if (!mine.has(id)) wrong.push({ userId: player.id, id, times });
    }
    expect(wrong).toEqual([]);
    // The streams did move: each instance's shutdown sent its streams elsewhere.
    const connections = streams.reduce((sum, stream) => sum + stream.connections, 0);
    expect(connections).toBeGreaterThan(PLAYERS);
  });

  it('sent each reminder once, to those who still had to act', async () => {
    const rows = await db.query<{ betId: number; userId: string }[]>(
      `SELECT "betId", "userId" FROM notifications WHERE type = 'bet_expiring' AND "betId" = ANY($1)`,
      [reminded.map((bet) => bet.id)],
    );
    const sent = rows.map((row) => `${row.betId}:${row.userId}`).sort();
    const wanted = reminded.flatMap((bet) => bet.recipients.map((userId) => `${bet.id}:${userId}`)).sort();
    expect(sent).toEqual(wanted);
  });
});

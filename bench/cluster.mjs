#!/usr/bin/env node
// `npm run bench:cluster`: throughput of 1, 2 and 3 instances of the built app behind HAProxy (the cluster of
// `npm run cluster`, docker/haproxy.cfg), on one embedded PostgreSQL and one Redis, driven by autocannon
// through the balancer. For each size: a read (GET /api/wallet: session check + balance) and a money write
// (POST /api/bets: a challenge, its stake, ledger row, notification and outbox rows in one transaction).
// Refuses to run on a busy machine (1-minute load >= --max-load) so the figures mean something; prints a
// Markdown table with the date, machine and load for docs/scaling.md. Not part of `npm test`.
//   node bench/cluster.mjs [--sizes 1,2,3] [--duration 10] [--connections 32] [--max-load 3] [--out file]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCluster } from '../backend/dist/cluster/local-cluster.js';
import { startLocalRedis } from '../backend/dist/cluster/redis-server.js';
import { loadConfig } from '../backend/dist/config/app-config.js';
import { resolveSecrets } from '../backend/dist/config/secrets.js';
import { prepareDatabase } from '../backend/dist/database/prepare-database.js';
import { cannon, client, signUp } from './support.mjs';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1,2,3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'max-load': { type: 'string', default: '3' },
    out: { type: 'string' },
  },
});
const SIZES = flags.sizes.split(',').map(Number);
const DURATION = Number(flags.duration);
const CONNECTIONS = Number(flags.connections);
const MAX_LOAD = Number(flags['max-load']);
// Fixed ports (this bench's own range): the balancer, then one per instance above it.
const BALANCER_PORT = 4400;
const PG_PORT = 54400;
const REDIS_PORT = 6400;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const load = () => loadavg()[0].toFixed(2);
if (loadavg()[0] >= MAX_LOAD) {
  console.error(
    `The machine is busy (1-minute load ${load()} >= ${MAX_LOAD}); figures would be noise. Try later.`,
  );
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'betwixt-bench-cluster-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(PG_PORT),
  LOG_LEVEL: 'warn',
  AUTH_ATTEMPTS_PER_MINUTE: '10000',
};
const database = await prepareDatabase(resolveSecrets(loadConfig(env)));
const redis = await startLocalRedis(REDIS_PORT);
const rows = [];
try {
  for (const size of SIZES) rows.push(await measure(size));
} finally {
  await redis.stop();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB`;
const lines = [
  `Measured ${when} UTC on ${machine}; ${CONNECTIONS} connections, ${DURATION} s per run, through HAProxy.`,
  '',
  '| instances | GET /api/wallet req/s | p50 | p99 | POST /api/bets req/s | p50 | p99 | non-2xx | load before → after |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.size} | ${row.read.rps} | ${row.read.p50} ms | ${row.read.p99} ms | ${row.write.rps} | ` +
      `${row.write.p50} ms | ${row.write.p99} ms | ${row.read.bad + row.write.bad} | ${row.loadBefore} → ${row.loadAfter} |`,
  ),
];
console.log(`\n${lines.join('\n')}`);
if (flags.out) writeFileSync(flags.out, JSON.stringify({ when, machine, rows }, null, 2));

async function measure(size) {
  const instancePorts = Array.from({ length: size }, (_, index) => BALANCER_PORT + 1 + index);
  const cluster = await startCluster({
    root,
    // Shared by every size; stopped once at the end.
    database: { url: database.url, stop: async () => undefined },
    balancer: { host: '127.0.0.1', port: BALANCER_PORT },
    instancePorts,
    env: { ...env, REDIS_URL: redis.url },
    log: (line) => {
      if (/error|fatal/i.test(line)) console.error(line);
    },
  });
  try {
    const call = client(cluster.url);
    const people = [];
    for (let index = 0; index < CONNECTIONS; index += 1) people.push(await signUp(call));
    const loadBefore = load();
    const read = summarize(await drive(cluster.url, people, { method: 'GET', path: '/api/wallet' }));
    const write = summarize(
      await drive(cluster.url, people, {
        method: 'POST',
        path: '/api/bets',
        body: (index) =>
          JSON.stringify({
            opponentId: people[(index + 1) % people.length].id,
            amount: '0.01',
            title: 'Bench challenge',
            outcomes: ['Yes', 'No'],
            duration: 168,
            creatorPick: 'Yes',
          }),
      }),
    );
    const row = { size, read, write, loadBefore, loadAfter: load() };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await cluster.stop();
  }
}

/** DURATION seconds of autocannon through the balancer; each connection is its own signed-in person. */
function drive(url, people, { method, path, body }) {
  let connection = 0;
  return cannon({
    url: `${url}${path}`,
    method,
    connections: CONNECTIONS,
    duration: DURATION,
    setupClient: (c) => {
      const index = connection++ % people.length;
      c.setHeaders({ authorization: `Bearer ${people[index].token}`, 'content-type': 'application/json' });
      if (body) c.setBody(body(index));
    },
  });
}

function summarize(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

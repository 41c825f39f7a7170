#!/usr/bin/env node
// `node bench/gc.mjs [--route /api/bets/active] [--rounds 2] [--requests 12000]`: what Node's deployed flags
// (backend/src/bootstrap/node-flags.ts) do to Betwixt alone. Betwixt is started with and without them in
// turn, each warmed up and then sent the same requests from 10 connections; it prints the time spent in GC
// per request by kind (from its own /metrics, i.e. prom-client's GC observer), the process's CPU per request
// (from /proc) and its resident memory after the run. Not part of `npm test`.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { cannon, client, cpuSeconds, signUp, startBetwixt, stopBetwixt, waitFor } from './support.mjs';

const { values: flags } = parseArgs({
  options: {
    route: { type: 'string', default: '/api/bets/active' },
    rounds: { type: 'string', default: '2' },
    requests: { type: 'string', default: '12000' },
  },
});
const METRICS_TOKEN = randomBytes(24).toString('hex');
const PORT = 3180;
const base = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(flags.requests);

async function metrics() {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const gc = {};
  for (const [, kind, seconds] of text.matchAll(
    /betwixt_nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} (\S+)/g,
  ))
    gc[kind] = Number(seconds);
  const rss = Number(/betwixt_process_resident_memory_bytes (\d+)/.exec(text)?.[1] ?? 0);
  return { gc, rss };
}

const rows = [];
for (let round = 1; round <= Number(flags.rounds); round += 1) {
  for (const deployed of [false, true]) {
    process.env.BENCH_PLAIN_NODE = deployed ? '0' : '1';
    const server = startBetwixt({
      port: PORT,
      pgPort: 54580,
      jwtSecret: randomBytes(32).toString('hex'),
      env: { METRICS_TOKEN },
    });
    try {
      await waitFor(`${base}/api/health`, server);
      const call = client(base);
      const alice = await signUp(call);
      const bob = await signUp(call);
      const bet = {
        opponentId: bob.id,
        amount: '0.01',
        title: 'GC bet',
        outcomes: ['Yes', 'No'],
        duration: 168,
        creatorPick: 'Yes',
      };
      for (let i = 0; i < 50; i += 1) {
        const { id } = await call('POST', '/api/bets', alice.token, bet);
        await call('POST', `/api/bets/${id}/accept`, bob.token, { opponentPick: 'No' });
      }
      const load = {
        url: `${base}${flags.route}`,
        connections: 10,
        headers: { authorization: `Bearer ${alice.token}` },
      };
      await cannon({ ...load, amount: 4000 });
      const before = await metrics();
      const cpuBefore = cpuSeconds(server.pid);
      await cannon({ ...load, amount: REQUESTS });
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const after = await metrics();
      const perRequest = (kind) =>
        ((((after.gc[kind] ?? 0) - (before.gc[kind] ?? 0)) / REQUESTS) * 1e6).toFixed(1);
      rows.push({
        round,
        flags: deployed ? 'deployed' : 'none',
        'CPU µs/req': ((cpu / REQUESTS) * 1e6).toFixed(0),
        'minor GC µs/req': perRequest('minor'),
        'major GC µs/req': perRequest('major'),
        'incremental µs/req': perRequest('incremental'),
        'RSS MB': (after.rss / 2 ** 20).toFixed(0),
      });
    } finally {
      await stopBetwixt(server);
    }
  }
}
console.log(`\nGET ${flags.route}, ${REQUESTS} requests after 4000 untimed, 10 connections`);
console.table(rows);

#!/usr/bin/env node
// `node bench/gc.mjs [--route /api/bets/active|create|accept|report] [--rounds 2] [--requests 12000] [--extra="<flags>"]
//  [--against <folder>]`:
// what Node's deployed flags (backend/src/bootstrap/node-flags.ts) do to Betwixt alone; with --extra, what
// those flags would add to the deployed ones; with --against, what a change of code does: backend/dist (this
// build) against another build of the backend copied to <folder> inside the repository (e.g.
// `cp -r backend/dist backend/.dist-before` before the change), both with the deployed flags. Betwixt is started with and without them in turn, each warmed
// up and then sent the same requests from 10 connections; it prints the time spent in GC per request by kind
// (from its own /metrics, i.e. prom-client's GC observer), the process's CPU per request (from /proc) and its
// resident memory after the run. Not part of `npm test`.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cannon, client, cpuSeconds, signUp, startBetwixt, stopBetwixt, waitFor } from './support.mjs';

const { values: flags } = parseArgs({
  options: {
    route: { type: 'string', default: '/api/bets/active' },
    rounds: { type: 'string', default: '2' },
    requests: { type: 'string', default: '12000' },
    extra: { type: 'string' },
    against: { type: 'string' },
  },
});
const METRICS_TOKEN = randomBytes(24).toString('hex');
const PORT = 3180;
const base = `http://127.0.0.1:${PORT}`;
const REQUESTS = Number(flags.requests);
const WARM_UP = 4000;

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

const outerFlags = process.env.BENCH_NODE_FLAGS ?? '';
const against = flags.against ? resolve(flags.against) : undefined;
const rows = [];
for (let round = 1; round <= Number(flags.rounds); round += 1) {
  for (const deployed of [false, true]) {
    // Without --extra: none against the deployed flags; with it: the deployed flags against them plus extra.
    // With --against: that build against this one, both with the deployed flags.
    process.env.BENCH_PLAIN_NODE = deployed || flags.extra || against ? '0' : '1';
    process.env.BENCH_NODE_FLAGS = `${outerFlags} ${deployed && flags.extra ? flags.extra : ''}`.trim();
    const server = startBetwixt({
      port: PORT,
      pgPort: 54580,
      jwtSecret: randomBytes(32).toString('hex'),
      env: { METRICS_TOKEN },
      ...(against && !deployed ? { build: against } : {}),
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
      // `--route create`: POST /api/bets from ten writers, each betting against its own opponent (a write
      // per request, as in bench.mjs); `--route accept`: each opponent accepts a bet made for it beforehand,
      // one per request; `--route report`: each creator reports the first result of a bet made and accepted
      // beforehand; any other route is a GET as alice.
      const usesUpBets = flags.route === 'accept' || flags.route === 'report';
      const writes = flags.route === 'create' || usesUpBets;
      const writers = [];
      if (writes)
        for (let i = 0; i < 10; i += 1)
          writers.push({ creator: await signUp(call), opponent: await signUp(call) });
      const pending = [];
      if (usesUpBets) {
        // Warm-up and timed requests, plus one spare per connection (autocannon builds each connection's
        // next request before it knows whether it will send it). Ten at a time, as the load comes.
        const wanted = WARM_UP + REQUESTS + 10;
        await Promise.all(
          writers.map(async ({ creator, opponent }, w) => {
            for (let i = w; i < wanted; i += writers.length) {
              const { id } = await call('POST', '/api/bets', creator.token, {
                ...bet,
                opponentId: opponent.id,
              });
              if (flags.route === 'report')
                await call('POST', `/api/bets/${id}/accept`, opponent.token, { opponentPick: 'No' });
              pending.push({ id, creator, opponent });
            }
          }),
        );
      }
      let sent = 0;
      const nextWrite = () => {
        if (flags.route === 'accept') {
          const { id, opponent } = pending.pop();
          return { path: `/api/bets/${id}/accept`, token: opponent.token, body: { opponentPick: 'No' } };
        }
        if (flags.route === 'report') {
          const { id, creator } = pending.pop();
          return { path: `/api/bets/${id}/submit-result`, token: creator.token, body: { result: 'Yes' } };
        }
        const { creator, opponent } = writers[sent++ % writers.length];
        return { path: '/api/bets', token: creator.token, body: { ...bet, opponentId: opponent.id } };
      };
      const load = writes
        ? {
            url: base,
            connections: 10,
            requests: [
              {
                setupRequest: (request) => {
                  const { path, token, body } = nextWrite();
                  return {
                    ...request,
                    method: 'POST',
                    path,
                    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                    body: JSON.stringify(body),
                  };
                },
              },
            ],
          }
        : {
            url: `${base}${flags.route}`,
            connections: 10,
            headers: { authorization: `Bearer ${alice.token}` },
          };
      // A refused request costs less than an answered one: any non-2xx would make the CPU figure a lie.
      const answered = (result) => {
        if (result.non2xx || result.errors)
          throw new Error(
            `${result.non2xx} non-2xx answers, ${result.errors} errors: the figures would mislead`,
          );
      };
      answered(await cannon({ ...load, amount: WARM_UP }));
      const before = await metrics();
      const cpuBefore = cpuSeconds(server.pid);
      answered(await cannon({ ...load, amount: REQUESTS }));
      const cpu = cpuSeconds(server.pid) - cpuBefore;
      const after = await metrics();
      const perRequest = (kind) =>
        ((((after.gc[kind] ?? 0) - (before.gc[kind] ?? 0)) / REQUESTS) * 1e6).toFixed(1);
      rows.push({
        round,
        run: against
          ? deployed
            ? 'this build'
            : flags.against
          : flags.extra
            ? deployed
              ? `deployed ${flags.extra}`
              : 'deployed'
            : deployed
              ? 'deployed'
              : 'none',
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
console.log(
  `\n${
    {
      create: 'POST /api/bets',
      accept: 'POST /api/bets/:id/accept',
      report: 'POST /api/bets/:id/submit-result (first report)',
    }[flags.route] ?? `GET ${flags.route}`
  }, ${REQUESTS} requests after ${WARM_UP} untimed, 10 connections`,
);
console.table(rows);

#!/usr/bin/env node
// `node bench/survivors.mjs [--route create|user|<GET path>] [--anonymous] [--requests 4000] [--top 25]` (after
// `npx nx run backend:build`):
// which of Betwixt's allocations outlive a scavenge, the young-generation GC. Betwixt is started with its
// inspector on, warmed up on the route, then V8's sampling heap profiler runs over the same number of requests
// from 10 connections, keeping only objects that survived a scavenge (`includeObjectsCollectedByMinorGC: false`,
// those later freed by a major GC included). It prints each allocation site's share with the four frames above
// it. Objects that survive go to the old generation and cost major GCs (docs/performance.md, "Figures").
// Not part of `npm test`.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { cannon, client, signUp, startBetwixt, stopBetwixt, waitFor } from './support.mjs';

const { values: flags } = parseArgs({
  options: {
    route: { type: 'string', default: 'create' },
    requests: { type: 'string', default: '4000' },
    top: { type: 'string', default: '25' },
    anonymous: { type: 'boolean', default: false },
  },
});
const PORT = 3190;
const INSPECTOR_PORT = 9339;
const app = `http://127.0.0.1:${PORT}`;

/** A minimal Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspector() {
  const [target] = await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const waiting = new Map();
  let next = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        next += 1;
        waiting.set(next, resolve);
        socket.send(JSON.stringify({ id: next, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Bytes by allocation site (the site and the four frames above it) of a sampling heap profile. */
function sites(profile) {
  const short = (url) => url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'betwixt:');
  const bySite = new Map();
  let total = 0;
  const walk = (node, stack) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const frames = [...stack, `${functionName || '(anonymous)'} ${short(url)}:${lineNumber + 1}`];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const site = frames.slice(-5).reverse().join(' <- ');
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, frames);
  };
  walk(profile.head, []);
  return { total, bySite };
}

process.env.BENCH_NODE_FLAGS =
  `${process.env.BENCH_NODE_FLAGS ?? ''} --expose-gc --inspect=127.0.0.1:${INSPECTOR_PORT}`.trim();
const betwixt = startBetwixt({ port: PORT, pgPort: 54590, jwtSecret: randomBytes(32).toString('hex') });
try {
  await waitFor(`${app}/api/health`, betwixt);
  const call = client(app);
  const pairs = [];
  for (let i = 0; i < 10; i += 1) pairs.push({ creator: await signUp(call), opponent: await signUp(call) });
  let sent = 0;
  const get = (path) => () => ({
    method: 'GET',
    path,
    headers: flags.anonymous ? {} : { authorization: `Bearer ${pairs[0].creator.token}` },
  });
  const routes = {
    create: () => {
      const { creator, opponent } = pairs[sent++ % pairs.length];
      return {
        method: 'POST',
        path: '/api/bets',
        headers: { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          opponentId: opponent.id,
          amount: '0.01',
          title: 'Survivor bet',
          outcomes: ['Yes', 'No'],
          duration: 168,
          creatorPick: 'Yes',
        }),
      };
    },
    user: get('/api/auth/user'),
  };
  const job = flags.route.startsWith('/') ? get(flags.route) : routes[flags.route];
  if (!job) throw new Error(`--route is one of ${Object.keys(routes).join(', ')} or a path to GET`);
  const run = () =>
    cannon({
      url: app,
      connections: 10,
      amount: Number(flags.requests),
      requests: [{ setupRequest: (request) => ({ ...request, ...job() }) }],
    });
  await run(); // warm-up, untimed and unsampled
  const session = await inspector();
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
  await run();
  // What the young generation still holds when the run ends has not been scavenged yet, and would count as a
  // survivor: two scavenges first (an object is promoted on its second), so only what outlived them is left.
  for (let i = 0; i < 2; i += 1)
    await session.send('Runtime.evaluate', { expression: "gc({ type: 'minor' })" });
  const { result } = await session.send('HeapProfiler.stopSampling');
  session.close();
  const { total, bySite } = sites(result.profile);
  console.log(
    `\n${flags.route}: ${(total / Number(flags.requests) / 1024).toFixed(1)} kB a request outlived a scavenge ` +
      `(sampled every 16 kB, ${flags.requests} requests after as many untimed)\n`,
  );
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(flags.top)))
    console.log(`${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${site}`);
} finally {
  await stopBetwixt(betwixt);
}

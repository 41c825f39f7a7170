import pg from 'pg';

export default async function globalTeardown() {
  // Called once per project, like the setup: the first call does it.
  if (!globalThis.__TEST_DATABASE_READY__) return;
  globalThis.__TEST_DATABASE_READY__ = false;
  if (globalThis.__EMBEDDED_PG__) return globalThis.__EMBEDDED_PG__.stop();
  // On an external server, the run's template goes; each file dropped its own database already.
  const template = process.env.TEST_DATABASE_TEMPLATE;
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!template || !adminUrl) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE false`).catch(() => undefined);
    await client.query(`DROP DATABASE IF EXISTS ${template}`);
  } finally {
    await client.end();
  }
}

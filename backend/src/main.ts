import 'reflect-metadata';
import { dirname, resolve } from 'node:path';
import { loadConfig } from './config/app-config.js';
import { resolveSecrets } from './config/secrets.js';
import { createApp } from './bootstrap/create-app.js';
import { installGracefulShutdown } from './bootstrap/graceful-shutdown.js';
import { type StartupContext, startupFailureMessage } from './bootstrap/startup-error.js';
import { prepareDatabase } from './database/prepare-database.js';
import { DEMO_PASSWORD, seedDemo } from './demo/demo-seed.js';

/** Boots the whole app: database (embedded unless DATABASE_URL), migrations, API and SPA on one port. */
async function main(): Promise<void> {
  const settings = loadConfig(process.env);
  context = {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: settings.dataDir,
    databaseUrl: settings.DATABASE_URL,
  };
  const config = resolveSecrets(settings);
  const database = await prepareDatabase(config, (message) => console.log(message));
  try {
    // This file is backend/dist/main.js; the SPA is built to frontend/dist.
    const webDistDir = resolve(dirname(process.argv[1] ?? '.'), '../../frontend/dist');
    const app = await createApp(config, { databaseUrl: database.url, webDistDir });

    installGracefulShutdown(app, {
      drainMs: config.shutdownDrainMs,
      deadlineMs: config.SHUTDOWN_TIMEOUT_MS,
      afterClose: () => database.stop(),
      beforeForcedExit: () => database.requestStop(),
    });
    if (process.argv.includes('--demo')) {
      const people = await seedDemo(app);
      console.log('Demo data is ready. Sign in as any of these (password for all: ' + DEMO_PASSWORD + '):');
      for (const person of people) console.log(`  ${person.username}${person.admin ? '  (admin)' : ''}`);
    }
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // Leave nothing running behind: the embedded server would otherwise outlive this process.
    await database.stop().catch(() => undefined);
    throw error;
  }
  console.log(`Betwixt is running at ${config.publicUrl}`);
}

/** What start-up knows so far, for the failure message (see bootstrap/startup-error.ts). */
let context: StartupContext = {};

void main().catch((error: unknown) => {
  console.error(startupFailureMessage(error, context));
  process.exit(1);
});

import 'reflect-metadata';
import { dirname, resolve } from 'node:path';
import { type AppConfig, ConfigError, loadConfig, resolveSecrets } from './config/app-config.js';
import { createApp } from './bootstrap/create-app.js';
import {
  type GracefulShutdownOptions,
  installGracefulShutdown,
  ShutdownConfigError,
  shutdownOptionsFromEnv,
} from './bootstrap/graceful-shutdown.js';
import { prepareDatabase } from './database/prepare-database.js';
import { DEMO_PASSWORD, seedDemo } from './demo/demo-seed.js';

/** Boots the whole app: database (embedded unless DATABASE_URL), migrations, API and SPA on one port. */
async function main(): Promise<void> {
  let config: AppConfig;
  let shutdown: GracefulShutdownOptions;
  try {
    config = resolveSecrets(loadConfig(process.env));
    shutdown = shutdownOptionsFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ShutdownConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await prepareDatabase(config);
  // This file is backend/dist/main.js; the SPA is built to frontend/dist.
  const webDistDir = resolve(dirname(process.argv[1] ?? '.'), '../../frontend/dist');
  const app = await createApp(config, { databaseUrl: database.url, webDistDir });

  installGracefulShutdown(app, { ...shutdown, afterClose: () => database.stop() });
  if (process.argv.includes('--demo')) {
    const people = await seedDemo(app);
    console.log('Demo data is ready. Sign in as any of these (password for all: ' + DEMO_PASSWORD + '):');
    for (const person of people) console.log(`  ${person.username}${person.admin ? '  (admin)' : ''}`);
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Betwixt is running at ${config.publicUrl}`);
}

void main().catch((error: unknown) => {
  console.error('Betwixt failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

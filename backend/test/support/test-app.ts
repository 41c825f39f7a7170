import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/bootstrap/create-app.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { resolveSecrets } from '../../src/config/secrets.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** The sign-in/sign-up limit of test apps that do not test the limits themselves. */
export const RAISED_AUTH_ATTEMPTS = '10000';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** Base URL of the running server, e.g. http://127.0.0.1:41234 */
  url: string;
  dataSource: DataSource;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app on a real HTTP port and its own fresh database. Tests talk to it with fetch, exactly
 * as a browser or a racing client would.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    webDistDir?: string;
    extraImports?: Type[];
    port?: number;
    /** Another instance's database (see `startSecondInstance`); left in place when this app closes. */
    sharedDatabaseUrl?: string;
    /**
     * Keep the real sign-in/sign-up limits (AUTH_ATTEMPTS_PER_MINUTE's default). Otherwise the test app
     * allows RAISED_AUTH_ATTEMPTS a minute, so tests can create many users from 127.0.0.1 through the
     * public API.
     */
    realAuthLimits?: boolean;
    /** Where the app's log lines go (set LOG_LEVEL in env to see them). */
    logDestination?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const database: TestDatabase = options.sharedDatabaseUrl
    ? { url: options.sharedDatabaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'betwixt-int-data-'));
  const config = resolveSecrets(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PORT: '0',
      ...(options.realAuthLimits ? {} : { AUTH_ATTEMPTS_PER_MINUTE: RAISED_AUTH_ATTEMPTS }),
      // Tests search far more than a person types; the search limit's own test sets it (env below wins).
      SEARCHES_PER_MINUTE: RAISED_AUTH_ATTEMPTS,
      ...options.env,
    }),
  );
  let app: NestFastifyApplication;
  try {
    app = await createApp(config, {
      databaseUrl: database.url,
      webDistDir: options.webDistDir,
      extraImports: options.extraImports,
      logDestination: options.logDestination,
    });
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    databaseUrl: database.url,
    url: `http://127.0.0.1:${port}`,
    dataSource: app.get(DataSource),
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app instance on the same database as `first`, as behind a load balancer: what one instance
 * writes the other reads. Close it before `first` (which drops the database).
 */
export function startSecondInstance(
  first: TestApp,
  env: Record<string, string> = {},
  options: { realAuthLimits?: boolean } = {},
): Promise<TestApp> {
  return startTestApp({
    env: { JWT_SECRET: first.config.jwtSecret, ...env },
    sharedDatabaseUrl: first.databaseUrl,
    ...options,
  });
}

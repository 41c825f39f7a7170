import 'reflect-metadata';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig, resolveSecrets } from '../config/app-config.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { embeddedUrl } from '../database/embedded-postgres.js';
import { prepareDatabase } from '../database/prepare-database.js';
import { setAdmin } from './admin-grant.js';

/**
 * npm run admin -- grant|revoke <email|username>
 * Works on the database `npm start` uses: DATABASE_URL, else the embedded server under DATA_DIR — the
 * running app's if it is up, otherwise one started for this command.
 */
async function main(): Promise<void> {
  const [command, who] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !who) {
    console.error('usage: npm run admin -- grant|revoke <email|username>');
    process.exit(2);
  }
  const config = resolveSecrets(loadConfig(process.env));
  let url = config.DATABASE_URL;
  let stop = async () => undefined as void;
  if (!url) {
    const running = embeddedUrl(config.EMBEDDED_PG_PORT, 'betwixt');
    if (await reachable(running)) url = running;
    else {
      const database = await prepareDatabase(config);
      url = database.url;
      stop = database.stop;
    }
  }
  const dataSource = new DataSource({ ...dataSourceOptions(url), extra: { max: 1 } });
  let code = 0;
  try {
    await dataSource.initialize();
    console.log(await setAdmin(dataSource, command, who));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    code = 1;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await stop();
  }
  // Explicit: the embedded server's shutdown hooks would otherwise decide the exit code.
  process.exit(code);
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

void main();

// Writes a migration with the SQL that brings the migrated schema in line with the entities.
// Usage: npm run migration:generate -w backend -- <Name>   (needs DATABASE_URL of a scratch server)
import { writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../dist/database/data-source-options.js';
import { ensureDatabase, dropDatabase, maintenanceUrl } from '../dist/database/create-database.js';

const name = process.argv[2];
const base = process.env.DATABASE_URL;
if (!name || !base) {
  console.error('usage: DATABASE_URL=postgres://... node scripts/migration-generate.mjs <Name>');
  process.exit(2);
}
const scratch = `migration_gen_${Date.now()}`;
const admin = maintenanceUrl(base);
await ensureDatabase(admin, scratch);
const url = new URL(base);
url.pathname = `/${scratch}`;
const ds = new DataSource(dataSourceOptions(url.toString()));
await ds.initialize();
await ds.runMigrations();
const log = await ds.driver.createSchemaBuilder().log();
await ds.destroy();
await dropDatabase(admin, scratch);
if (log.upQueries.length === 0) {
  console.log('Entities and migrations agree: nothing to generate.');
  process.exit(0);
}
const ts = Date.now();
const q = (s) => '`' + s.replace(/`/g, '\\`') + '`';
const up = log.upQueries.map((x) => `    await queryRunner.query(${q(x.query)});`).join('\n');
const down = log.downQueries.reverse().map((x) => `    await queryRunner.query(${q(x.query)});`).join('\n');
const file = `src/database/migrations/${ts}-${name}.ts`;
writeFileSync(
  file,
  `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${name}${ts} implements MigrationInterface {\n  name = '${name}${ts}';\n\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
);
console.log(`Wrote ${file}; add it to src/database/migrations/index.ts`);

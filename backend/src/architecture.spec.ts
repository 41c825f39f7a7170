import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';

interface ModuleGraph {
  SHARED: string[];
  moduleEdges(): Map<string, Set<string>>;
  moduleCycles(): string[][];
  mermaid(): string;
  documentedGraph(text: string): string | null;
  deepImportTarget(file: string, target: string): string | null;
  deepImports(files?: Sample[]): string[];
  migratedTables(): string[];
  entities(): Map<string, { table: string; part: string }>;
  tableOwners(): Map<string, string>;
  foreignTables(files?: Sample[]): Map<string, Set<string>>;
  ownershipTable(): string;
  publishedViews: Set<string>;
  documentedOwners(text: string): string | null;
}
/** A file as its path and text, so a test can feed a bad sample without writing it into the tree. */
type Sample = [path: string, text: string];

const root = resolve(__dirname, '../..');
const graph = createRequire(__filename)(resolve(root, 'scripts/module-graph.cjs')) as ModuleGraph;

/**
 * The boundaries between backend modules, read from their imports (scripts/module-graph.cjs), so they hold by
 * themselves instead of by review.
 */
describe('backend module boundaries', () => {
  it('shared layers (common, database, config) import no feature module', () => {
    const inward = [...graph.moduleEdges()]
      .filter(([key]) => {
        const [from, to] = key.split(' -> ');
        return graph.SHARED.includes(from ?? '') && !graph.SHARED.includes(to ?? '') && to !== 'app';
      })
      .map(([key, files]) => `${key} (${[...files].join(', ')})`);
    expect(inward).toEqual([]);
  });

  it('no two feature modules import each other, directly or through others', () => {
    // A cycle means neither module can be understood, tested or changed without the other. The last one
    // (six modules around bets) was taken apart; docs/architecture.md says how.
    expect(graph.moduleCycles()).toEqual([]);
  });

  it('docs/architecture.md shows the graph the imports make', () => {
    const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
    // If this fails after a change of imports: node scripts/module-graph.cjs --write
    expect(graph.documentedGraph(doc)).toBe(graph.mermaid());
  });
});

describe('each module behind its public surface', () => {
  const modules = resolve(root, 'backend/src/modules');

  it('no file imports another module’s internals, only its index.ts', () => {
    // The lint rule (eslint.config.mjs, module-surface) says the same where the code is written.
    expect(graph.deepImports()).toEqual([]);
  });

  it('catches a deep import, and lets an index or an own file through', () => {
    const sample = join(modules, 'admin/sample.ts');
    expect(graph.deepImportTarget(sample, join(modules, 'settings/account-deletion.service.js'))).toBe(
      'settings',
    );
    expect(
      graph.deepImportTarget(join(root, 'backend/src/app.module.ts'), join(modules, 'auth/auth.module.js')),
    ).toBe('auth');
    expect(graph.deepImportTarget(sample, join(modules, 'settings/index.js'))).toBeNull();
    expect(graph.deepImportTarget(sample, join(modules, 'admin/dto/admin.dto.js'))).toBeNull();
    expect(graph.deepImportTarget(sample, resolve(root, 'backend/src/common/clock.js'))).toBeNull();
    const bad: Sample = [
      join(modules, 'admin/sample.ts'),
      "import { SessionStore } from '../auth/session-store.js';\nimport { Clock } from '../../common/clock.js';\n",
    ];
    expect(graph.deepImports([bad])).toEqual(['modules/admin/sample.ts imports ../auth/session-store.js']);
  });
});

/**
 * Where a module still names a table another module owns, and why. Each entry is a debt, not a licence: the
 * test fails on a new one, and on one that is gone (so the list only shrinks).
 */
const FOREIGN_TABLES_ALLOWED: Record<string, string> = {
  // The balance is still a column of the account row; other modules read people through users' `people` view
  // and change the row through users' repositories.
  'wallet -> users': 'the balance, locked and updated by the ledger in the transaction that posts',
};

describe('each module owns its tables', () => {
  it('every table the migrations create has one owner', () => {
    const owners = graph.tableOwners();
    expect(graph.migratedTables().filter((table) => !owners.has(table))).toEqual([]);
    const known = [...graph.migratedTables(), ...graph.publishedViews];
    expect([...owners.keys()].filter((table) => !known.includes(table))).toEqual([]);
  });

  it('docs/architecture.md shows who owns which table', () => {
    const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
    // If this fails after a new table: node scripts/module-graph.cjs --write
    expect(graph.documentedOwners(doc)).toBe(graph.ownershipTable());
  });

  it('no module names another module’s table beyond the known list, and the list is not stale', () => {
    const found = [...graph.foreignTables().keys()].sort();
    expect(found).toEqual(Object.keys(FOREIGN_TABLES_ALLOWED).sort());
  });

  it('catches a foreign table in SQL and handed to TypeORM, and a write to a published view', () => {
    const circles = resolve(root, 'backend/src/modules/circles');
    const sql: Sample = [
      join(circles, 'sample.ts'),
      'export const q = `SELECT c.id FROM circle_bets c JOIN bets b ON b.id = c."betId"`;\n',
    ];
    const typeorm: Sample = [
      join(circles, 'sample.repository.ts'),
      'export const entries = (tx) => managerOf(tx).find(LedgerEntry, { where: { userId } });\n',
    ];
    const write: Sample = [
      join(circles, 'sample-write.ts'),
      'export const w = `UPDATE people SET username = $2 WHERE id = $1`;\n' +
        'export const d = `DELETE FROM friend_pairs WHERE "personId" = $1`;\n',
    ];
    expect([...graph.foreignTables([sql, typeorm, write]).keys()].sort()).toEqual([
      'circles -> bets',
      'circles -> friend_pairs',
      'circles -> people',
      'circles -> transactions',
    ]);
  });

  it('lets a module read another’s published view, and hold a foreign key to its rows', () => {
    const circles = resolve(root, 'backend/src/modules/circles');
    const read: Sample = [
      join(circles, 'sample.ts'),
      'export const q = `SELECT p.username FROM circle_members m JOIN people p ON p.id = m."userId"\n' +
        '  WHERE EXISTS (SELECT 1 FROM friend_pairs f WHERE f."personId" = $1)`;\n',
    ];
    const key: Sample = [
      join(circles, 'sample.entity.ts'),
      "@Entity('circle_notes')\nexport class CircleNote {\n  @ManyToOne(() => User)\n  author: unknown;\n}\n",
    ];
    expect([...graph.foreignTables([read, key]).keys()]).toEqual([]);
  });
});

/**
 * Files under modules/ that may hold a database handle besides the repositories, and why: TypeORM's DataSource,
 * EntityManager or Repository (and `@InjectRepository`), the ReadPool, or `queryIn` / `managerOf` (SQL in the
 * caller's transaction). Everything else reaches the database
 * through the Transactor and its repositories; like the list above, this one only shrinks (an entry whose file
 * no longer imports one fails too).
 */
const DATABASE_HANDLES_ALLOWED: Record<string, string> = {
  'auth/auth-throttling.ts': 'the login rate limiter resolves an account before any use case runs',
  'auth/auth.module.ts': 'hands the DataSource to that rate limiter’s factory',
  'notifications/delivery/notification-outbox.ts':
    'the outbox workers claim, finish and clean rows outside any use case (infrastructure)',
  'health/health.controller.ts': 'the readiness probe pings the database itself',
  // Repositories under their product names, exported to other modules: they hold SQL and decide nothing.
  'bets/bet-activity.recorder.ts': 'writes the bet_activities rows (bets and admin’s warnings)',
  'bets/bets-export.ts': 'reads a person’s bets and activity rows for their data export (settings)',
  'users/account-standing.ts': 'the user rows’ standing checks and locks that other modules ask for',
};

const NAMED_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g;

/**
 * The names that are a database handle, by where they are imported from. The ReadPool is the repositories'
 * read path for hot single statements; a service that held it would send SQL of its own.
 */
function isDatabaseHandle(name: string, from: string): boolean {
  if (from === 'typeorm') return /^(?:DataSource|EntityManager|Repository)$/.test(name);
  if (from === '@nestjs/typeorm') return name === 'InjectRepository';
  if (/(?:^|\/)query-in(?:\.js)?$/.test(from)) return name === 'queryIn';
  if (/(?:^|\/)transactor(?:\.js)?$/.test(from)) return name === 'managerOf';
  return /(?:^|\/)read-pool(?:\.js)?$/.test(from) && name === 'ReadPool';
}

/** The files (path under modules/) among `files` that import a database handle, repositories apart. */
function databaseHandleImports(files: Sample[]): string[] {
  const modulesDir = resolve(root, 'backend/src/modules');
  return files
    .filter(([, text]) =>
      [...text.matchAll(NAMED_IMPORT)].some(([, names, from]) =>
        (names ?? '').split(',').some((entry) => {
          // `type X`, `X as Y`: the imported name is X.
          const name = /^(?:type\s+)?(\w+)/.exec(entry.trim())?.[1] ?? '';
          return isDatabaseHandle(name, from ?? '');
        }),
      ),
    )
    .map(([path]) => relative(modulesDir, path).split('\\').join('/'))
    .filter((path) => !path.endsWith('.repository.ts'))
    .sort();
}

function moduleSources(dir: string): Sample[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): Sample[] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleSources(path);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)
      ? [[path, readFileSync(path, 'utf8')]]
      : [];
  });
}

describe('services reach the database through the Transactor', () => {
  it('no file under modules/ but a repository imports a database handle, beyond the known list', () => {
    const found = databaseHandleImports(moduleSources(resolve(root, 'backend/src/modules')));
    expect(found).toEqual(Object.keys(DATABASE_HANDLES_ALLOWED).sort());
  });

  it('catches a service that imports DataSource or EntityManager, and lets a repository or other TypeORM names through', () => {
    const friends = resolve(root, 'backend/src/modules/friends');
    const samples: Sample[] = [
      [join(friends, 'sample.service.ts'), "import { DataSource } from 'typeorm';\n"],
      [join(friends, 'other.service.ts'), "import { IsNull, type EntityManager } from 'typeorm';\n"],
      [join(friends, 'typed.ts'), "import type {\n  EntityManager,\n} from 'typeorm';\n"],
      [join(friends, 'sample.repository.ts'), "import { DataSource } from 'typeorm';\n"],
      [join(friends, 'plain.service.ts'), "import { IsNull, LessThan } from 'typeorm';\n"],
    ];
    expect(databaseHandleImports(samples)).toEqual([
      'friends/other.service.ts',
      'friends/sample.service.ts',
      'friends/typed.ts',
    ]);
  });

  it('catches a service that imports the ReadPool, queryIn, managerOf or a TypeORM Repository, and lets a repository through', () => {
    const wallet = resolve(root, 'backend/src/modules/wallet');
    const samples: Sample[] = [
      [join(wallet, 'pool.service.ts'), "import { ReadPool } from '../../database/read-pool.js';\n"],
      [
        join(wallet, 'injected.service.ts'),
        "import { InjectRepository } from '@nestjs/typeorm';\nimport { IsNull } from 'typeorm';\n",
      ],
      [join(wallet, 'typed.service.ts'), "import { IsNull, type Repository as Rows } from 'typeorm';\n"],
      [join(wallet, 'statement.service.ts'), "import { queryIn } from '../../database/query-in.js';\n"],
      [
        join(wallet, 'manager.service.ts'),
        "import { managerOf, Transactor } from '../../database/transactor.js';\n",
      ],
      [join(wallet, 'seam.service.ts'), "import { Transactor } from '../../database/transactor.js';\n"],
      [join(wallet, 'reads.repository.ts'), "import { ReadPool } from '../../database/read-pool.js';\n"],
      [join(wallet, 'module.ts'), "import { ReadPoolModule } from '../../database/read-pool.js';\n"],
      [join(wallet, 'feature.module.ts'), "import { TypeOrmModule } from '@nestjs/typeorm';\n"],
      [
        join(wallet, 'own.service.ts'),
        "import { WalletReadsRepository } from './wallet-reads.repository.js';\n",
      ],
    ];
    expect(databaseHandleImports(samples)).toEqual([
      'wallet/injected.service.ts',
      'wallet/manager.service.ts',
      'wallet/pool.service.ts',
      'wallet/statement.service.ts',
      'wallet/typed.service.ts',
    ]);
  });
});

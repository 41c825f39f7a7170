#!/usr/bin/env node
// `npm ci` installs only what package-lock.json records, and refuses a lockfile that misses an optional
// dependency of a locked package. npm leaves those out when the registry lacks a platform binary (say
// @swc/core-darwin-arm64) at the exact version the parent asks for, so the lockfile works on this machine
// and nowhere else. This check fails at once when that happens, and says how to mend it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = process.argv[2] ?? join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages ?? {};

/** Where Node would resolve `name` from the package at `from` (its own node_modules, then each parent's). */
function resolveEntry(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

const problems = [];
for (const [path, entry] of Object.entries(packages)) {
  if (entry.link) continue;
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    const where = resolveEntry(path, name);
    const owner = path === '' ? 'the root package' : `${path.replace(/^.*node_modules\//, '')}@${entry.version}`;
    if (!where) {
      problems.push(`${name}@${entry.optionalDependencies[name]} (optional dependency of ${owner}) is not in the lockfile`);
      continue;
    }
    const locked = packages[where];
    if (!locked.version || !locked.integrity) {
      problems.push(`${where} (optional dependency of ${owner}) has no ${locked.version ? 'integrity hash' : 'version'}`);
    }
  }
}

if (problems.length > 0) {
  console.error(`package-lock.json is incomplete: \`npm ci\` on a clean machine (or another platform) will refuse it.\n`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error(`
How to fix: the registry lacks these platform packages at the version the parent pins. Pin the parent
(e.g. @swc/core, nx) with -E to a version for which every platform package exists
(\`npm view <parent>@<version> optionalDependencies\`, then \`npm view <platform-package>@<version> version\`
for each), then regenerate the lockfile: \`rm -rf node_modules package-lock.json && npm install\`, and run
\`npm run check:lockfile\` again. See docs/testing.md, "Adding or upgrading a dependency".`);
  process.exit(1);
}
console.log(`package-lock.json: every optional dependency of ${Object.keys(packages).length - 1} locked packages is locked with a version and an integrity hash.`);

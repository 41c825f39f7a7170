// The lockfile check must fail, naming the package, when a platform binary goes missing from the lockfile.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const check = (lockPath) =>
  spawnSync(process.execPath, [join(here, 'check-lockfile.mjs'), lockPath], { encoding: 'utf8' });

test('the committed lockfile passes', () => {
  const result = check(join(here, '..', 'package-lock.json'));
  assert.equal(result.status, 0, result.stderr);
});

test('a lockfile missing one optional platform package fails with a message that says how to fix it', () => {
  const lock = JSON.parse(readFileSync(join(here, '..', 'package-lock.json'), 'utf8'));
  const victim = Object.keys(lock.packages).find((path) => path.startsWith('node_modules/@swc/core-darwin-arm64'));
  assert.ok(victim, 'the lockfile should hold @swc/core-darwin-arm64');
  delete lock.packages[victim];
  const path = join(mkdtempSync(join(tmpdir(), 'lockfile-check-')), 'package-lock.json');
  writeFileSync(path, JSON.stringify(lock));

  const result = check(path);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /@swc\/core-darwin-arm64@1\.16\.\d+ \(optional dependency of @swc\/core@/);
  assert.match(result.stderr, /How to fix/);
});

test('an entry without an integrity hash fails too', () => {
  const lock = JSON.parse(readFileSync(join(here, '..', 'package-lock.json'), 'utf8'));
  const victim = Object.keys(lock.packages).find((path) => path.startsWith('node_modules/@nx/nx-win32-x64-msvc'));
  assert.ok(victim, 'the lockfile should hold @nx/nx-win32-x64-msvc');
  delete lock.packages[victim].integrity;
  const path = join(mkdtempSync(join(tmpdir(), 'lockfile-check-')), 'package-lock.json');
  writeFileSync(path, JSON.stringify(lock));

  const result = check(path);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /nx-win32-x64-msvc .*has no integrity hash/);
});

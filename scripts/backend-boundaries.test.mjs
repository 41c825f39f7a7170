// The backend's module-surface rule (eslint.config.mjs, docs/architecture.md "Backend") must refuse what it
// promises to refuse: a rule that allows everything would keep `npm run lint` just as green.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import config from '../eslint.config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Only the module-surface block, with a parser that needs no type information: the check reads imports only.
const surfaceBlock = config.find((block) => block.plugins?.betwixt);
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, surfaceBlock],
});

/** The module-surface messages for `code` placed at `file` (relative to the repository). */
async function surfaceErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages
    .filter((message) => message.ruleId === 'betwixt/module-surface')
    .map((m) => m.message);
}

test('a module uses its own files, the shared layers and other modules through their index', async () => {
  const code = [
    "import { AdminRepository } from './admin.repository.js';",
    "import { Clock } from '../../common/clock.js';",
    "import { SessionStore } from '../auth/index.js';",
    "export { AdminDto } from './dto/admin.dto.js';",
    'export const used = [AdminRepository, Clock, SessionStore];',
  ].join('\n');
  assert.deepEqual(await surfaceErrors('backend/src/modules/admin/example.ts', code), []);
});

test('a module may not import, re-export or lazily load another module’s internals', async () => {
  const code = [
    "import { SessionStore } from '../auth/session-store.js';",
    "export { AccountDeletionService } from '../settings/account-deletion.service.js';",
    "export const later = () => import('../wallet/ledger.service.js');",
    'export const used = SessionStore;',
  ].join('\n');
  const errors = await surfaceErrors('backend/src/modules/admin/example.ts', code);
  assert.equal(errors.length, 3, errors.join('\n'));
  assert.match(errors[0], /modules\/auth\/index\.ts/);
  assert.match(errors[1], /modules\/settings\/index\.ts/);
  assert.match(errors[2], /modules\/wallet\/index\.ts/);
});

test('the app and the shared layers reach a module through its index too', async () => {
  const errors = await surfaceErrors(
    'backend/src/app.module.ts',
    "import { BetsModule } from './modules/bets/bets.module.js';\nexport const used = BetsModule;",
  );
  assert.equal(errors.length, 1, errors.join('\n'));
  assert.deepEqual(
    await surfaceErrors(
      'backend/src/app.module.ts',
      "import { BetsModule } from './modules/bets/index.js';\nexport const used = BetsModule;",
    ),
    [],
  );
});

test('integration tests may drive a module’s internals', async () => {
  const code =
    "import { LedgerService } from '../../src/modules/wallet/ledger.service.js';\nexport const used = LedgerService;";
  assert.deepEqual(await surfaceErrors('backend/test/wallet/example.int-spec.ts', code), []);
});

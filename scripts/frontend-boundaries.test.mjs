// The frontend's layer rule (eslint.config.mjs, docs/architecture.md "Frontend") must refuse what it promises
// to refuse: a rule that allows everything would keep `npm run lint` just as green.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import config from '../eslint.config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Only the boundaries block, with a parser that needs no type information: the check reads imports only.
const boundariesBlock = config.find((block) => block.plugins?.boundaries);
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, boundariesBlock],
});

/** The boundary messages for `code` placed at `file` (relative to the repository); the imports are real files. */
async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((message) => message.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

test('a feature may use the shared layers and its own files', async () => {
  const code = [
    "import { api } from '../../api/base-api';",
    "import { useAuth } from '../../session/use-auth';",
    "import { formatMoney } from '../../lib/money';",
    "import { BetCard } from './BetCard';",
    'export const used = [api, useAuth, formatMoney, BetCard];',
  ].join('\n');
  assert.deepEqual(await boundaryErrors('frontend/src/features/bets/Example.tsx', code), []);
});

test('a feature may not import another feature, statically or lazily', async () => {
  const code = [
    "import { BetCard } from '../bets/BetCard';",
    "export const later = () => import('../wallet/WalletPage');",
    'export const used = BetCard;',
  ].join('\n');
  const errors = await boundaryErrors('frontend/src/features/admin/Example.tsx', code);
  assert.equal(errors.length, 2, errors.join('\n'));
  assert.match(errors[0], /feature="admin".*feature="bets"/);
  assert.match(errors[1], /feature="admin".*feature="wallet"/);
});

test('a feature may not import the app layer', async () => {
  const code = "import { router } from '../../app/router';\nexport const used = router;";
  const errors = await boundaryErrors('frontend/src/features/wallet/Example.tsx', code);
  assert.equal(errors.length, 1, errors.join('\n'));
});

test('the shared layers may import neither features nor the app', async () => {
  const code = [
    "import { BetCard } from '../features/bets/BetCard';",
    "import { router } from '../app/router';",
    'export const used = [BetCard, router];',
  ].join('\n');
  const errors = await boundaryErrors('frontend/src/components/Example.tsx', code);
  assert.equal(errors.length, 2, errors.join('\n'));
});

test('the app composes features and shared layers', async () => {
  const code = [
    "import BetPage from '../features/bets/BetPage';",
    "import { PageLoader } from '../components/PageLoader';",
    'export const used = [BetPage, PageLoader];',
  ].join('\n');
  assert.deepEqual(await boundaryErrors('frontend/src/app/Example.tsx', code), []);
});

test('a file outside every layer is refused until it is given one', async () => {
  const errors = await boundaryErrors('frontend/src/widgets/Example.tsx', 'export const x = 1;');
  assert.equal(errors.length, 1, errors.join('\n'));
});

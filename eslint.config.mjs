// One flat config for the workspace: type-aware promise rules and no `any` everywhere,
// React hook rules and the frontend's layer boundaries in the frontend only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import jest from 'eslint-plugin-jest';
import playwright from 'eslint-plugin-playwright';
import globals from 'globals';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const { deepImportTarget } = createRequire(import.meta.url)('./scripts/module-graph.cjs');

// The backend's module surfaces (docs/architecture.md, "Backend"): outside modules/<name>, only its index.ts
// may be imported. The same check as backend/src/architecture.spec.ts, where the code is written.
const moduleSurface = {
  meta: {
    type: 'problem',
    messages: {
      deep: "Import '{{source}}' through modules/{{module}}/index.ts: another module's internals are its own.",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const file = context.physicalFilename;
      const owner = deepImportTarget(file, resolve(dirname(file), source.value));
      if (owner !== null)
        context.report({ node: source, messageId: 'deep', data: { source: source.value, module: owner } });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

// Our assertion helpers count as assertions in a test (expectMoneyInvariants, expectAccessible, ...).
const ASSERTIONS = ['expect', 'expect*', '*.expect*', 'assert*'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/*.cjs',
      '**/*.mjs',
      'frontend/public/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // Generated from backend/openapi.json and drift-checked by the contract target.
      'frontend/src/api/generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['backend/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Nest modules are classes with decorators only.
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    // Integration tests under backend/test drive a module's internals on purpose; the code may not.
    files: ['backend/src/**/*.ts'],
    plugins: { betwixt: { rules: { 'module-surface': moduleSurface } } },
    rules: { 'betwixt/module-surface': 'error' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The frontend's layers (docs/architecture.md, "Frontend"): app composes features; a feature uses the
    // shared layers and its own files, never another feature (what two features need moves to a shared
    // layer); the shared layers use each other and nothing above them.
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'frontend/src/app' },
        { type: 'feature', pattern: 'frontend/src/features/*', capture: ['feature'] },
        {
          type: 'shared',
          pattern: 'frontend/src/{api,components,lib,session,store,testing}',
          capture: ['layer'],
        },
      ],
    },
    rules: {
      // A new top-level folder under src must be given its layer here before it can hold code.
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'feature', 'shared'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                { dependency: { relationship: { to: 'internal' } } },
              ],
            },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
          ],
        },
      ],
    },
  },
  {
    // The generated endpoints get their tags and hand-kept behaviour in api/enhanced-api.ts: importing
    // generated.ts directly could use an endpoint before they are added. api/schemas.ts passes on its types only.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/api/enhanced-api.ts', 'frontend/src/api/schemas.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)generated$', message: 'Import the API from api/enhanced-api instead.' },
            {
              regex: '(^|/)enhanced-api$',
              importNames: ['useAuthControllerCurrentUserQuery', 'useLazyAuthControllerCurrentUserQuery'],
              message: 'Read the session with useAuth (the currentUser endpoint keeps its rules).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    // Jest's tests (unit, integration, crash, cluster, page tests): a skipped, focused or assertion-free test
    // and an un-awaited `expect(promise).resolves` fail lint, so none can pass review unseen.
    files: ['backend/src/**/*.spec.ts', 'backend/test/**/*.ts', 'frontend/src/**/*.spec.{ts,tsx}'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-disabled-tests': 'error',
      'jest/no-focused-tests': 'error',
      'jest/expect-expect': ['error', { assertFunctionNames: ASSERTIONS }],
      'jest/valid-expect': ['error', { alwaysAwait: true }],
      // Table-driven tests (the privacy matrix, crash outcomes) branch on the row they check, on purpose.
      'jest/no-conditional-expect': 'off',
    },
  },
  {
    // Playwright's journeys: the same, plus its web-first assertions awaited and no fixed sleeps (every wait is
    // on something a person would see).
    files: ['frontend/e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      'playwright/no-skipped-test': 'error',
      'playwright/no-focused-test': 'error',
      'playwright/expect-expect': ['error', { assertFunctionNames: ASSERTIONS }],
      'playwright/missing-playwright-await': 'error',
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-networkidle': 'error',
      'playwright/no-force-option': 'error',
      // A journey branches on the viewport (the phone's bottom bar, the desktop's side menu), on purpose.
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-conditional-expect': 'off',
    },
  },
);

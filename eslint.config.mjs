// One flat config for the workspace: type-aware promise rules and no `any` everywhere,
// React hook rules and the frontend's layer boundaries in the frontend only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

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
      'frontend/src/api/schema.d.ts',
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
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);

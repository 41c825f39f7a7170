// One flat config for the workspace: type-aware promise rules and no `any` everywhere,
// React hook rules in the frontend only.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
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
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);

import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'public/mockServiceWorker.js', 'coverage', '.vitest', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs['recommended-latest'],
  ...pluginQuery.configs['flat/recommended'],
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One zod: the mini build with its English messages (src/lib/zod.ts).
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^zod(/|$)', message: "Import { z } from '@/lib/zod' (zod's mini build)." }],
        },
      ],
    },
  },
  {
    files: ['src/lib/zod.ts', 'src/lib/zod-setup.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Test files share one module cache per worker (vitest.config.ts, isolate: false): a
      // mocked module would reach the files that run after. Pass a fake in as an argument.
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Modules are shared between test files: pass a fake in.' },
        {
          object: 'vi',
          property: 'doMock',
          message: 'Modules are shared between test files: pass a fake in.',
        },
      ],
    },
  },
  {
    files: ['*.js', '*.cjs', '*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);

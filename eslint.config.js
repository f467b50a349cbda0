import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'public/mockServiceWorker.js', 'coverage', '.vitest'] },
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
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      // Architecture: shared code (lib, components, config, i18n) -> features -> app.
      // Features never reach into each other's internals, and nothing shared imports a feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features/events', from: './src/features', except: ['./events'] },
            {
              target: './src/features/registrations',
              from: './src/features',
              except: ['./registrations', './events/api'],
            },
            {
              target: './src/features/session',
              from: './src/features',
              except: ['./session', './events/api'],
            },
            { target: './src/features', from: './src/app' },
            {
              target: ['./src/lib', './src/components', './src/config', './src/i18n'],
              from: ['./src/features', './src/app', './src/mocks'],
            },
            { target: './src/mocks', from: ['./src/app', './src/features', './src/components', './src/lib'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['*.js', '*.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);

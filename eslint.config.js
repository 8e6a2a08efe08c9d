import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders directly under `dir` (server modules, web features). */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Imports flow one way (STYLE.md §1): a server module reaches another only through its index.ts, and
 * every module reaches the access layer through access/index.ts; a web feature reaches another only
 * through its index.ts, and components/ and lib/ know no feature; packages never import apps, and the
 * web app and the server share only packages.
 */
const importBoundaries = [
  ...foldersOf('./apps/server/src/modules').map((name) => ({
    target: `./apps/server/src/modules/${name}/**`,
    from: './apps/server/src/modules/**',
    except: [`**/apps/server/src/modules/${name}/**`, '**/apps/server/src/modules/*/index.ts'],
    message: `Reach another module through its index.ts only (STYLE.md §1).`,
  })),
  {
    target: ['./apps/server/src/*.ts', './apps/server/src/!(modules)/**'],
    from: './apps/server/src/modules/**',
    except: ['**/apps/server/src/modules/*/index.ts'],
    message: 'Reach a module through its index.ts only (STYLE.md §1).',
  },
  {
    target: ['./apps/server/src/*.ts', './apps/server/src/!(access)/**'],
    from: './apps/server/src/access/**',
    except: ['**/apps/server/src/access/index.ts'],
    message: 'Use the access layer through access/index.ts only.',
  },
  ...foldersOf('./apps/web/src/features').map((name) => ({
    target: `./apps/web/src/features/${name}/**`,
    from: './apps/web/src/features/**',
    except: [`**/apps/web/src/features/${name}/**`, '**/apps/web/src/features/*/index.ts'],
    message: 'A feature reaches another only through its index.ts (STYLE.md §1).',
  })),
  {
    target: ['./apps/web/src/components/**', './apps/web/src/lib/**', './apps/web/src/config/**'],
    from: './apps/web/src/features/**',
    message: 'Shared web code knows no feature (STYLE.md §1).',
  },
  { target: './packages/**', from: './apps/**', message: 'Packages never import apps.' },
  { target: './apps/web/**', from: './apps/server/**', message: 'The web app and the server share only packages.' },
  { target: './apps/server/**', from: './apps/web/**', message: 'The web app and the server share only packages.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'var/**',
      'data/**',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs', 'apps/server/build.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify handlers and contract-bound callbacks are async by signature even when they do not wait.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the files an import leads to with this parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    // antd's Button is a <button> to jsx-a11y: one with only an icon needs an aria-label (issue 16 item 6).
    settings: { 'jsx-a11y': { components: { Button: 'button' } } },
    rules: { 'jsx-a11y/control-has-associated-label': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Responses read with inject().json() are untyped by nature; the assertions are the check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  prettier,
);

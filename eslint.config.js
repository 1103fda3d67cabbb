import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // PouchDB is wrapped in one module (data/replica*.ts) so it can be replaced.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'pouchdb-browser', message: 'Import the replica module instead.' }] },
      ],
    },
  },
  {
    // The web app's layers (docs/decisions/018-layers.md): shared → data → features → app. A
    // layer imports its own and those before it, never one after it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx'] } },
      'boundaries/elements': [
        { type: 'shared', pattern: 'apps/web/src/shared' },
        { type: 'data', pattern: 'apps/web/src/data' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'apps/web/src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkUnknownLocals: true,
          policies: [
            {
              from: { element: { type: 'shared' } },
              allow: { to: { element: { type: 'shared' } } },
            },
            {
              from: { element: { type: 'data' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'data'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'data'] } } } },
            },
            // Another feature only through its index.ts; a feature's own files are not checked.
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'data', 'app'] } } } },
            },
            // The router also loads a feature's page on its own (React.lazy), to split the code.
            {
              from: { element: { type: 'app' } },
              allow: {
                to: { element: { type: 'feature', fileInternalPath: ['index.ts', '*-page.tsx'] } },
              },
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/data/replica.ts', 'apps/web/src/data/replica-*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The domain runs in the browser and on the server: it sees the web platform's globals both
    // have (URL, crypto, TextEncoder) and neither Node's (tsconfig: no Node types) nor the page's.
    files: ['packages/domain/**/*.ts'],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage'],
        ...['indexedDB', 'Buffer', 'process', 'global', 'require', '__dirname'],
      ],
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', 'fastify', '@fastify/*', 'pouchdb*', 'node:*'] },
      ],
    },
  },
);

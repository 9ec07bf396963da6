// ESLint flat config. Besides the usual rules it enforces the process arrows of
// docs/ARCHITECTURE.md: renderer and shared never import electron, node: built-ins or server/main
// code; the server never imports main or renderer code; main never imports server or renderer code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const NODE_BUILTINS = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'readline',
  'stream',
  'stream/promises',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];

const noNodeOrElectron = [
  { group: ['node:*'], message: 'Renderer and shared code run without Node: no node: imports.' },
  ...NODE_BUILTINS.map((name) => ({
    group: [name],
    message: 'Renderer and shared code run without Node built-ins.',
  })),
  {
    group: ['electron', 'electron/*'],
    message: 'Only src/main/electron and src/preload use electron.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'src/server/db/migrations/**',
      '.data/**',
      '.cache/**',
      'src/shared/graphql/*.generated.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noNodeOrElectron,
            {
              group: ['**/server/**', '**/main/**', '**/preload/**'],
              message:
                'The renderer talks to the server over HTTP/GraphQL and to main through the bridge.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noNodeOrElectron,
            {
              group: ['**/server/**', '**/main/**', '**/preload/**', '**/renderer/**'],
              message: 'Shared code depends on nothing but itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'The server never imports desktop or renderer code.',
            },
            { group: ['electron', 'electron/*'], message: 'The server runs without Electron.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/renderer/**'],
              message: 'Main reaches the server over HTTP, as a child process.',
            },
            {
              group: ['electron', 'electron/*'],
              message: 'Only src/main/electron imports electron; services stay plain Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/electron/**/*.ts', 'src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/renderer/**'],
              message: 'Desktop code never imports server or renderer code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of renderer and shared code run in Node (vitest) and may read fixtures from disk;
    // they still never import electron, server or main code.
    files: ['src/renderer/**/*.test.{ts,tsx}', 'src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'Tests of renderer and shared code do not use electron.',
            },
            {
              group: ['**/main/**', '**/preload/**'],
              message: 'Renderer and shared tests never import desktop code.',
            },
          ],
        },
      ],
    },
  },
);

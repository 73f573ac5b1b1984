import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'examples/**', 'evaluators/**', 'corpus/**', 'test/fixtures/**', 'bench/results*.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Core purity: src/core imports no Node builtin, no I/O package and nothing from the adapter or
    // app folders, at any depth (`../../store/records.js` from src/core/policies included). The
    // typescript-eslint twin of no-restricted-imports, so a block that configures the base rule for
    // other files does not replace this one.
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        // Builtins by exact name (`fs`, `fs/promises`, …): as a gitignore pattern, `domain` would
        // also match a folder of that name inside a relative import.
        paths: builtinModules.map((name) => ({ name, message: 'src/core stays pure: no Node builtins; receive a port instead.' })),
        patterns: [
          {
            group: ['node:*'],
            message: 'src/core stays pure: no Node builtins; receive a port instead.',
          },
          {
            group: ['simple-git', 'better-sqlite3', 'execa', '@anthropic-ai/*', 'openai', 'pino', 'p-queue', 'commander', '@resvg/*', '@viz-js/*'],
            message: 'src/core stays pure: no I/O packages or SDKs; receive a port instead.',
          },
          {
            group: ['**/store', '**/store/**', '**/eval', '**/eval/**', '**/workspace', '**/workspace/**', '**/agents/**', '**/app/**', '**/cli/**', '**/export/**', '**/web/**', '**/process/**'],
            message: 'src/core stays pure: it imports no adapter, app or cli module; receive a port instead.',
          },
        ],
      }],
    },
  },
  {
    // Every child process starts through src/process (one-shot runProcess, process groups, tree
    // kill). src/core has its own, stricter rule, which a second no-restricted-imports would replace.
    files: ['src/**/*.ts'],
    ignores: ['src/process/**', 'src/core/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['node:child_process', 'child_process', 'execa'].map((name) => ({ name, message: 'start processes through src/process (runProcess, runProcessGroup, startDetached).' })),
      }],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'examples/**', 'evaluators/**', 'test/fixtures/**', 'bench/results*.json'] },
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
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['node:*', 'fs', 'child_process', 'simple-git', 'better-sqlite3', 'execa', '@anthropic-ai/sdk', 'openai', 'pino', '../store/*', '../eval/*', '../workspace/*', '../agents/*', '../app/*', '../cli/*'], message: 'src/core stays pure: receive ports instead.' }],
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

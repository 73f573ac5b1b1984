import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { printJson } from '../options.js';

const parseLanguage = (value: string): 'python' | 'node' => {
  if (value !== 'python' && value !== 'node') throw new InvalidArgumentError(`expected python or node, got "${value}"`);
  return value;
};

export const registerInit = (program: Command): void => {
  program
    .command('init')
    .description('write a starter .swarmrc.json, prompt.md and an evaluator template into a repository')
    .argument('[dir]', 'the repository', '.')
    .option('--evaluator <language>', 'evaluator template: python or node', parseLanguage, 'python')
    .option('--force', 'overwrite existing files')
    .option('--json', 'print the result as JSON')
    .action(async (dir: string, flags: { evaluator: 'python' | 'node'; force?: boolean; json?: boolean }) => {
      const { initProject } = await import('../../app/init-project.js');
      const result = await initProject({ dir: resolve(dir), evaluator: flags.evaluator, force: flags.force ?? false });
      if (flags.json) return printJson(result);
      for (const file of result.written) process.stdout.write(`wrote ${file}\n`);
      for (const file of result.skipped) process.stdout.write(`kept ${file} (exists; --force overwrites)\n`);
      process.stdout.write('next: edit prompt.md and the evaluator, mark code with EVOLVE-BLOCK-START/END, commit, then `swarm run`\n');
    });
};

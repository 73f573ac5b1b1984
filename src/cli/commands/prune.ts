import type { Command } from 'commander';
import { printJson } from '../options.js';
import { prune } from '../../index.js';

const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
};

export const registerPrune = (program: Command): void => {
  program
    .command('prune')
    .description('delete the swarm branches and logs of attempts not kept (running attempts are never touched; the database keeps every row)')
    .option('--run <id>', 'only this run (default: every run)')
    .option('--keep <which>', 'what to keep per run: best, top:<N>, attempt ids (a7,a9) or a mix', 'best')
    .option('--dry-run', 'say what would be deleted and delete nothing')
    .option('--json', 'print the result as JSON')
    .action(async (flags: { run?: string; keep: string; dryRun?: boolean; json?: boolean }) => {
      const result = await prune({ cwd: process.cwd(), keep: flags.keep, dryRun: flags.dryRun ?? false, ...(flags.run !== undefined ? { run: flags.run } : {}) });
      if (flags.json) return printJson(result);
      const verb = result.dryRun ? 'would delete' : 'deleted';
      process.stdout.write(`${verb} ${result.branches} branch${result.branches === 1 ? '' : 'es'} and ${formatBytes(result.logBytes)} of logs of ${result.pruned.length} attempts; kept ${result.kept.join(', ') || 'none'}\n`);
      for (const skip of result.skipped) process.stdout.write(`kept ${skip.branch} of ${skip.attempt}: ${skip.reason}\n`);
    });
};

import type { Command } from 'commander';
import { printJson } from '../options.js';
import { apply } from '../../index.js';

export const registerApply = (program: Command): void => {
  program
    .command('apply')
    .description("bring an attempt's program into your working tree as one commit, without findings.md, .swarm files or swarm trailers")
    .argument('<attempt>', 'attempt id, e.g. a7')
    .option('--branch <name>', 'commit on a new branch of this name (default: the current branch)')
    .option('--worktree', 'stage the change instead of committing it')
    .option('--json', 'print the result as JSON')
    .action(async (id: string, flags: { branch?: string; worktree?: boolean; json?: boolean }) => {
      const result = await apply({ cwd: process.cwd(), attemptId: id, ...(flags.branch !== undefined ? { branch: flags.branch } : {}), stageOnly: flags.worktree ?? false });
      if (flags.json) return printJson(result);
      const where = result.branch === null ? '' : ` on branch ${result.branch}`;
      const what = result.commit === null ? 'staged' : `committed ${result.commit.slice(0, 10)}${where}`;
      process.stdout.write(`${id}: ${what} (${result.files.length} file${result.files.length === 1 ? '' : 's'}: ${result.files.join(', ')})\n`);
    });
};

import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { SwarmError } from '../../core/domain/errors.js';
import { init, initFromOpenEvolve, installSkills, type GoalFlag } from '../../index.js';
import { printJson } from '../options.js';

const parseLanguage = (value: string): 'python' | 'node' => {
  if (value !== 'python' && value !== 'node') throw new InvalidArgumentError(`expected python or node, got "${value}"`);
  return value;
};

interface InitFlags { evaluator?: 'python' | 'node'; program?: string; speed?: string; metric?: string; minimize?: boolean; fromOpenevolve?: string; force?: boolean; skills?: boolean; json?: boolean }

const goalOf = (flags: InitFlags): GoalFlag | undefined => {
  if (flags.speed !== undefined && flags.metric !== undefined) throw new SwarmError('USAGE', '--speed and --metric name two goals; give one of them');
  if (flags.speed !== undefined) return { speed: flags.speed };
  if (flags.metric !== undefined) return { metric: flags.metric, direction: flags.minimize === true ? 'minimize' : 'maximize' };
  return undefined;
};

export const registerInit = (program: Command): void => {
  program
    .command('init')
    .description('write a starter .swarmrc.json, prompt.md and an evaluator into a repository: gated on its tests when it has some')
    .argument('[dir]', 'the repository', '.')
    .option('--evaluator <language>', 'evaluator template: python or node (default: the one that fits the project)', parseLanguage)
    .option('--program <file>', 'write the "run my program" evaluator for this file of your code (default without tests: the file with an EVOLVE-BLOCK, else a usual name such as main.py)')
    .option('--speed <command>', 'goal: the wall time of this shell command (minimized), gated on the project\'s tests')
    .option('--metric <command>', 'goal: the last number this shell command prints (maximized; --minimize to flip), gated on the project\'s tests')
    .option('--minimize', 'with --metric: lower is better')
    .option('--from-openevolve <example>', 'an OpenEvolve example directory (or its config.yaml) to translate: config, prompt, cascade, adapter')
    .option('--force', 'overwrite existing files')
    .option('--skills', 'also install the swarm skills for Claude Code and Codex into the project (swarm skills install)')
    .option('--json', 'print the result as JSON')
    .action(async (dir: string, flags: InitFlags) => {
      if (flags.fromOpenevolve !== undefined) return initOpenEvolve(flags.fromOpenevolve, dir, flags);
      const goal = goalOf(flags);
      const result = await init({
        ...(goal !== undefined ? { goal } : {}),
        dir: resolve(dir), force: flags.force ?? false,
        ...(flags.evaluator ? { evaluator: flags.evaluator } : {}), ...(flags.program !== undefined ? { program: resolve(flags.program) } : {}),
      });
      const skills = flags.skills ? await installProjectSkills(resolve(dir)) : [];
      if (flags.json) return printJson({ ...result, ...(flags.skills ? { skills } : {}) });
      const { renderInit } = await import('../render/init-summary.js');
      process.stdout.write(renderInit(result, skills));
    });
};

const installProjectSkills = async (dir: string): Promise<string[]> => {
  const changes = await installSkills({ agents: ['claude', 'codex'], scope: 'project', projectDir: dir, env: process.env, dryRun: false });
  return changes.filter((c) => c.action === 'wrote').map((c) => c.path);
};

const initOpenEvolve = async (from: string, dir: string, flags: { force?: boolean; skills?: boolean; json?: boolean }): Promise<void> => {
  const result = await initFromOpenEvolve({ from, dir, force: flags.force ?? false, ...(flags.skills ? { alsoWrite: installProjectSkills } : {}) });
  if (flags.json) return printJson(result);
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  out(`read the OpenEvolve example in ${result.source}`);
  if (result.copied.length > 0) out(`copied ${result.copied.length} files of the example`);
  for (const file of result.written) out(`wrote ${file}`);
  for (const file of result.skipped) out(`kept ${file} (exists; --force overwrites)`);
  for (const note of result.notes) out(`note: ${note}`);
  if (result.unmapped.length > 0) {
    out(`not mapped from ${result.configFile ?? 'config.yaml'}:`);
    for (const line of result.unmapped) out(`  ${line}`);
  }
  out(result.committed !== null
    ? `committed the baseline (${result.committed.slice(0, 7)}); next: \`swarm run\``
    : 'next: commit these files (git add -A && git commit -m baseline), then `swarm run`');
};

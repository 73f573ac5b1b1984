import { resolve } from 'node:path';
import type { Command } from 'commander';
import { SwarmError } from '../../core/domain/errors.js';
import { installSkills, uninstallSkills, type SkillAgent, type SkillFileChange, type SkillsOptions } from '../../index.js';
import { printJson } from '../options.js';

interface SkillsFlags {
  claude?: boolean;
  codex?: boolean;
  project?: boolean;
  user?: boolean;
  dir: string;
  dryRun?: boolean;
  json?: boolean;
}

const toOptions = (flags: SkillsFlags): SkillsOptions => {
  if (flags.project && flags.user) throw new SwarmError('USAGE', 'choose one scope: --project (this repository) or --user (your home folder)');
  const picked: SkillAgent[] = [...(flags.claude ? ['claude' as const] : []), ...(flags.codex ? ['codex' as const] : [])];
  return {
    agents: picked.length > 0 ? picked : ['claude', 'codex'],
    scope: flags.user ? 'user' : 'project',
    projectDir: resolve(flags.dir),
    env: process.env,
    dryRun: flags.dryRun ?? false,
  };
};

const VERBS: Record<SkillFileChange['action'], [now: string, dry: string]> = {
  wrote: ['wrote', 'would write'],
  unchanged: ['unchanged', 'unchanged'],
  removed: ['removed', 'would remove'],
  absent: ['not installed', 'not installed'],
};

const render = (changes: SkillFileChange[], flags: SkillsFlags): void => {
  if (flags.json) return printJson({ dryRun: flags.dryRun ?? false, files: changes });
  for (const change of changes) process.stdout.write(`${VERBS[change.action][flags.dryRun ? 1 : 0]} ${change.path}\n`);
};

/** Codex ignores a project's rules until the project is trusted: said once, where it applies. */
const trustNote = (changes: SkillFileChange[], flags: SkillsFlags): void => {
  if (flags.json || flags.user || !changes.some((change) => change.skill === 'codex-rule')) return;
  process.stderr.write('swarm: Codex reads .codex/rules/swarm.rules only in a project you trusted (its first-run question, or trust_level = "trusted" for it in ~/.codex/config.toml); `swarm skills install --codex --user` puts the rule in ~/.codex/rules for every project\n');
};

const withScopeFlags = (command: Command): Command =>
  command
    .option('--claude', 'Claude Code (.claude/skills); with neither flag, both agents')
    .option('--codex', 'Codex (.agents/skills in a project, $CODEX_HOME/skills for the user)')
    .option('--project', 'into this repository (the default)')
    .option('--user', 'into your home folder, for every project')
    .option('--dir <dir>', 'the project folder for --project', '.')
    .option('--dry-run', 'say what would change and change nothing')
    .option('--json', 'print the result as JSON');

export const registerSkills = (program: Command): void => {
  const skills = program.command('skills').description('install the swarm skills (shepherd, explorer, optimizer, reviewer) for Claude Code and Codex');
  withScopeFlags(skills.command('install').description('write the skills where claude and codex discover them (idempotent)')).action(async (flags: SkillsFlags) => {
    const changes = await installSkills(toOptions(flags));
    render(changes, flags);
    trustNote(changes, flags);
  });
  withScopeFlags(skills.command('uninstall').description("remove swarm's skills (and nothing else) from those folders")).action(async (flags: SkillsFlags) => {
    render(await uninstallSkills(toOptions(flags)), flags);
  });
};

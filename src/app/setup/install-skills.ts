import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CODEX_RULE, CODEX_RULE_FILE, codexRulesFolder } from './codex-rule.js';
import { readPackagedSkills } from './packaged-skills.js';

export type SkillAgent = 'claude' | 'codex';
export type { SkillScope } from './skill-scope.js';
import type { SkillScope } from './skill-scope.js';

export interface SkillsOptions {
  agents: readonly SkillAgent[];
  scope: SkillScope;
  /** The project folder for `project` scope. */
  projectDir: string;
  /** The environment that decides user folders (HOME, CODEX_HOME). */
  env: Record<string, string | undefined>;
  dryRun: boolean;
}

export type SkillFileAction = 'wrote' | 'unchanged' | 'removed' | 'absent';

export interface SkillFileChange {
  agent: SkillAgent;
  skill: string;
  path: string;
  action: SkillFileAction;
}

/**
 * Where each pinned CLI discovers skills (checked against claude 2.1.332 and codex 0.171.0):
 * Claude Code reads `.claude/skills/<name>/SKILL.md` in the project and `~/.claude/skills`;
 * Codex reads `.agents/skills` from the working directory up to the repository root and
 * `$CODEX_HOME/skills` (default `~/.codex/skills`).
 */
export const skillsFolder = (agent: SkillAgent, scope: SkillScope, projectDir: string, env: Record<string, string | undefined>): string => {
  const home = env.HOME ?? homedir();
  if (agent === 'claude') return scope === 'project' ? join(projectDir, '.claude', 'skills') : join(home, '.claude', 'skills');
  if (scope === 'project') return join(projectDir, '.agents', 'skills');
  return join(env.CODEX_HOME ? resolve(env.CODEX_HOME) : join(home, '.codex'), 'skills');
};

const eachTarget = (options: SkillsOptions): Array<{ agent: SkillAgent; skill: string; text: string; path: string }> => {
  const skills = readPackagedSkills();
  return options.agents.flatMap((agent) => {
    const folder = skillsFolder(agent, options.scope, options.projectDir, options.env);
    const files = skills.map((skill) => ({ agent, skill: skill.name, text: skill.text, path: join(folder, skill.name, 'SKILL.md') }));
    // Codex's sandbox refuses what `swarm spawn` does; its rule lets `swarm` commands run outside it.
    if (agent === 'codex') files.push({ agent, skill: 'codex-rule', text: CODEX_RULE, path: join(codexRulesFolder(options.scope, options.projectDir, options.env), CODEX_RULE_FILE) });
    return files;
  });
};

/** `swarm skills install`: writes every packaged skill where each CLI finds it (and Codex's rule); a second run changes nothing. */
export const installSkills = (options: SkillsOptions): SkillFileChange[] =>
  eachTarget(options).map(({ agent, skill, text, path }) => {
    const same = existsSync(path) && readFileSync(path, 'utf8') === text;
    if (!same && !options.dryRun) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    return { agent, skill, path, action: same ? 'unchanged' : 'wrote' };
  });

/** `swarm skills uninstall`: removes only swarm's own SKILL.md files and Codex rule, and their folders once empty. */
export const uninstallSkills = (options: SkillsOptions): SkillFileChange[] =>
  eachTarget(options).map(({ agent, skill, path }) => {
    if (!existsSync(path)) return { agent, skill, path, action: 'absent' };
    if (!options.dryRun) {
      rmSync(path);
      if (readdirSync(dirname(path)).length === 0) rmdirSync(dirname(path));
    }
    return { agent, skill, path, action: 'removed' };
  });

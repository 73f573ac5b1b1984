import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ClaudeCodeConfig } from './settings.js';
import { homeOf, isSet, type AccessCheck, type Env } from '../access/access-check.js';

const settingsFile = z.looseObject({ permissions: z.looseObject({ deny: z.array(z.string()).optional() }).optional() });

const WRITE_RULE = /^(Edit|Write|MultiEdit|NotebookEdit)(?:\((.*)\))?$/;
// Path patterns that cover every file of a worktree; a narrower rule (`Edit(./secrets/**)`) is the user's choice.
const EVERY_PATH = new Set(['', '*', '**', '/**', './**', '//**', '~/**']);

/** The settings files Claude Code reads for an attempt's worktree: managed, the user's, the project's (which the worktree carries). */
export const claudeSettingsFiles = (root: string, env: Env): string[] => [
  '/etc/claude-code/managed-settings.json',
  join(isSet(env.CLAUDE_CONFIG_DIR) ? (env.CLAUDE_CONFIG_DIR ?? '') : join(homeOf(env), '.claude'), 'settings.json'),
  join(root, '.claude', 'settings.json'),
  join(root, '.claude', 'settings.local.json'),
];

/** The rules of one settings file that deny writing any file (`Edit`, `Write(**)`); [] when it is absent or not JSON. */
const denyingRules = async (file: string): Promise<string[]> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = settingsFile.safeParse(value);
  const deny = parsed.success ? (parsed.data.permissions?.deny ?? []) : [];
  return deny.filter((rule) => {
    const match = WRITE_RULE.exec(rule.trim());
    return match !== null && EVERY_PATH.has((match[2] ?? '').trim());
  });
};

/** Tools named after `--disallowedTools` in agent.claudeCode.extraArgs that write files. */
const disallowedWrites = (extraArgs: readonly string[]): string[] => {
  const named: string[] = [];
  let inList = false;
  for (const arg of extraArgs) {
    if (arg === '--disallowedTools' || arg === '--disallowed-tools') inList = true;
    else if (arg.startsWith('-')) inList = false;
    else if (inList) named.push(...arg.split(/[\s,]+/).filter((tool) => WRITE_RULE.test(tool) && EVERY_PATH.has(WRITE_RULE.exec(tool)?.[2] ?? '')));
  }
  return named;
};

/**
 * What would keep Claude Code from editing an attempt's worktree: a permission mode that does not
 * let it edit in print mode, deny rules for Edit/Write in its settings files, `--disallowedTools`
 * in agent.claudeCode.extraArgs. Claude Code cannot write a file without a model: no probe.
 */
export const claudeWriteChecks = async (settings: ClaudeCodeConfig, root: string, env: Env): Promise<AccessCheck[]> => {
  const checks: AccessCheck[] = [];
  if (settings.permissionMode === 'plan') checks.push({ ok: false, detail: 'agent.claudeCode.permissionMode is "plan": Claude Code edits no file; use "acceptEdits"' });
  if (settings.permissionMode === 'default') {
    checks.push({ ok: false, detail: 'agent.claudeCode.permissionMode is "default": in print mode Claude Code refuses every edit it would ask about; use "acceptEdits"' });
  }
  for (const file of claudeSettingsFiles(root, env)) {
    const rules = await denyingRules(file);
    if (rules.length > 0) checks.push({ ok: false, detail: `${file} denies ${rules.join(', ')}: Claude Code cannot change the worktree's files; remove the rule or narrow it to the paths it should protect` });
  }
  const disallowed = disallowedWrites(settings.extraArgs);
  if (disallowed.length > 0) checks.push({ ok: false, detail: `agent.claudeCode.extraArgs disallows ${disallowed.join(', ')}: Claude Code cannot change the worktree's files` });
  if (checks.length === 0) checks.push({ ok: true, detail: `permission mode ${settings.permissionMode}, no setting denies Edit or Write (no probe: Claude Code writes only through a model)` });
  return checks;
};

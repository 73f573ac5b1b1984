import { tmpdir } from 'node:os';
import { isAbsolute, relative, resolve } from 'node:path';
import type { CodexConfig } from './settings.js';
import { runProcess } from '../../process/run-process.js';
import { homeOf, isSet, type AccessCheck, type Env } from '../access/access-check.js';
import { codexEditFailures } from './codex-stderr.js';

const PROBE_FILE = '.swarm-doctor-write-probe';

const codexHome = (env: Env): string => (isSet(env.CODEX_HOME) ? resolve(env.CODEX_HOME ?? '') : resolve(homeOf(env), '.codex'));

const isInside = (dir: string, parent: string): boolean => {
  const rel = relative(resolve(parent), dir);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The system's temporary folders codex refuses to put its sandbox helper under. */
const temporaryDirs = (env: Env): string[] => [...new Set([tmpdir(), env.TMPDIR, '/tmp'].filter((d): d is string => isSet(d)).map((d) => resolve(d)))];

/** The sandbox codex runs in: `agent.codex.sandbox`, unless `sandbox_mode` is overridden. */
const sandboxOf = (settings: CodexConfig): string => settings.configOverrides.sandbox_mode?.trim().replace(/^["']|["']$/g, '') ?? settings.sandbox;

/** Checks of the settings alone: a CODEX_HOME where the sandbox helper is refused, a sandbox that cannot write. */
export const codexSettingChecks = (settings: CodexConfig, env: Env): AccessCheck[] => {
  const checks: AccessCheck[] = [];
  const sandbox = sandboxOf(settings);
  const home = codexHome(env);
  const temp = temporaryDirs(env).find((dir) => isInside(home, dir));
  if (temp !== undefined && sandbox !== 'danger-full-access') {
    checks.push({ ok: false, detail: `codex's home ${home} is under the temporary dir ${temp}: codex refuses to create its sandbox helper there, and under --sandbox ${sandbox} no command runs and no file is written; set CODEX_HOME to a folder outside ${temp}` });
  }
  if (sandbox === 'read-only') {
    checks.push({ ok: false, detail: 'agent.codex.sandbox is "read-only": codex cannot write the worktree; use "workspace-write"' });
  }
  return checks;
};

/**
 * A file created and removed in `scratch` through codex's own sandbox (`codex sandbox`, no model):
 * what an attempt's edits will meet. Null when this codex has no such command.
 */
export const probeCodexWrite = async (binaryPath: string, settings: CodexConfig, env: Env, scratch: string): Promise<AccessCheck | null> => {
  const overrides = Object.entries(settings.configOverrides).filter(([key]) => key !== 'sandbox_mode').flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const args = ['sandbox', '-c', `sandbox_mode="${sandboxOf(settings)}"`, ...overrides, '--', 'sh', '-c', `echo probe > ${PROBE_FILE} && rm ${PROBE_FILE}`];
  const result = await runProcess(binaryPath, args, { cwd: scratch, env, extendEnv: false, timeoutMs: 30_000, isolation: 'tree' });
  if (result.exitCode === 0) return { ok: true, detail: `a file created and removed in a fresh directory through codex's ${sandboxOf(settings)} sandbox` };
  const output = `${result.stderr}\n${result.stdout}`;
  // An older codex without the `sandbox` command: nothing measured.
  if (/unrecognized subcommand|unexpected argument/i.test(output)) return null;
  const said = [...codexEditFailures(output), ...output.split('\n').map((l) => l.trim()).filter((l) => /read-only file system|cannot create|permission denied|no space left|bwrap:/i.test(l))];
  const words = [...new Set(said)].slice(0, 3).join(' / ') || `exit code ${String(result.exitCode)}`;
  return { ok: false, detail: `codex could not create a file through its sandbox (${sandboxOf(settings)}): ${words}` };
};

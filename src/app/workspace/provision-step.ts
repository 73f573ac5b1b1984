import type { SwarmConfig } from '../../config-assembly/index.js';
import type { AgentLauncher } from '../../core/ports/index.js';
import { passedEnv } from '../../core/trust/env-allow-list.js';
import { provisionWorktree, type Provisioned, type SetupFailure } from '../../workspace/provision/index.js';
import { addRedactedValues, redactLogFiles, redactSecrets } from '../project/env-secrets.js';

/** The event of an attempt's provisioning (its time is shown in `swarm show`). */
export const PROVISIONED_EVENT = 'attempt.provisioned';

/** The audit flag of an attempt whose `workspace.setup` failed (with `infrastructure`). */
export const SETUP_FAILED = 'setup-failed';

export interface ProvisionStepInput {
  config: Pick<SwarmConfig, 'workspace' | 'evaluator'>;
  root: string;
  /** The project's folder inside the repository ('' at its root). */
  subdir?: string;
  setupCacheDir: string;
  worktree: string;
  logDir: string;
  /** SWARM_* ids of the run and attempt, passed to setup commands. */
  ids: Record<string, string>;
  signal?: AbortSignal;
  /** Where `workspace.setup` runs: where the attempt's agent runs (agent.runner); absent = here. */
  setupLauncher?: AgentLauncher;
  /** Shown what setup runs and for how long (doctor and the run print it). */
  progress?: (line: string) => void;
}

/**
 * Provisions one worktree (an attempt's, the baseline's, doctor's) from the config: the one call
 * every place that makes a worktree for an evaluation goes through. Secrets of carried-in env
 * files are added to the redaction at once.
 */
export const provisionStep = async (input: ProvisionStepInput): Promise<Provisioned> => {
  const { evaluator, workspace } = input.config;
  const provisioned = await provisionWorktree({
    root: input.root,
    worktree: input.worktree,
    subdir: input.subdir ?? '',
    settings: workspace,
    env: { ...passedEnv(process.env, evaluator.passEnv), ...evaluator.env, ...input.ids },
    logDir: input.logDir,
    cacheDir: input.setupCacheDir,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.setupLauncher ? { setupLauncher: input.setupLauncher } : {}),
    ...(input.progress ? { progress: (line: string) => input.progress?.(redactSecrets(line)) } : {}),
  });
  addRedactedValues(provisioned.secrets);
  if (provisioned.setup.ran) await redactLogFiles(input.logDir);
  return provisioned;
};

/** The cause its output names (npm's reason, not "npm error Run npm help ci"), else its last three lines. */
const setupOutputText = (failure: SetupFailure): string => {
  if (failure.cause !== undefined && failure.cause !== null) return `: ${failure.cause}`;
  return failure.output.trim() === '' ? '' : `: ${failure.output.trim().split('\n').slice(-3).join(' | ')}`;
};

/** "workspace.setup failed: `npm ci` exited with code 1: npm ERR! …", redacted. */
export const setupFailureText = (failure: SetupFailure): string =>
  redactSecrets(`workspace.setup failed (an infrastructure failure, not the agent's): \`${failure.command}\` ${failure.ended}${setupOutputText(failure)}; fix the command (try it in a fresh \`git worktree add\` of the repository) or workspace.setupTimeout`);

/**
 * Why the worktree may not be evaluated as provisioned, or null: setup failed, or a linked path
 * or setup output would run the checkout's code instead of the attempt's (an infrastructure
 * failure too: the agent did nothing wrong, and a score there would not measure its code).
 */
export const provisionFailureText = (p: Provisioned): string | null => {
  if (p.setup.failure !== null) return setupFailureText(p.setup.failure);
  const refused = p.refused[0];
  if (refused === undefined) return null;
  const more = p.refused.length > 1 ? ` (and ${p.refused.slice(1).map((r) => r.path).join(', ')})` : '';
  return redactSecrets(`${refused.path} refused (an infrastructure failure, not the agent's): ${refused.reason}${more}; ${refused.fix}`);
};

/** What an event records of a provisioning: counts and times, never file contents. */
export const provisionedEventData = (p: Provisioned): Record<string, unknown> => ({
  durationMs: Math.round(p.durationMs),
  copied: p.copied.length,
  linked: p.linked,
  ...(p.missingLinks.length > 0 ? { missingLinks: p.missingLinks } : {}),
  ...(p.refused.length > 0 ? { refused: p.refused.map((r) => r.path) } : {}),
  submodules: p.submodules,
  missingSubmodules: p.missingSubmodules,
  setup: { key: p.setup.key, ran: p.setup.ran, reused: p.setup.reused, durationMs: Math.round(p.setup.durationMs), failed: p.setup.failure !== null, ...(p.setup.notCached === null ? {} : { notCached: p.setup.notCached }) },
});

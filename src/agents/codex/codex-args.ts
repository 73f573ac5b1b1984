import type { AgentTask } from '../../core/ports/index.js';
import type { CodexConfig } from './settings.js';

/**
 * Codex has no flag to append to its system prompt in `exec`; the role instructions go first in
 * the prompt, for explorers and for forks (whose parent conversation had the explorer's role).
 * The task part is passed unchanged, so the prompt `swarm show` prints is the one codex received.
 */
export const codexPrompt = (task: AgentTask): string =>
  task.systemPrompt.trim() === '' ? task.prompt : `${task.systemPrompt.trim()}\n\n---\n\n${task.prompt}`;

/**
 * Codex runs commands in a login shell by default (`bash -lc`), whose /etc/profile resets PATH and
 * drops the `swarm` shim swarm puts first on it: the bare `swarm eval` models type is then "command
 * not found". Codex's own `allow_login_shell = false` runs them in a plain shell with the PATH swarm
 * gives codex (the terminal's, which already holds pyenv/nvm shims, plus `.swarm/bin`). A user who
 * sets `allow_login_shell` in agent.codex.configOverrides decides otherwise.
 */
const shellOverrides = (settings: CodexConfig): string[] =>
  Object.hasOwn(settings.configOverrides, 'allow_login_shell') ? [] : ['-c', 'allow_login_shell=false'];

/**
 * The argv of one `codex exec --json` run in the worktree. An Optimizer forks its parent's thread
 * (`exec fork <thread_id>`, new thread id, the parent is never written to).
 */
export const codexArgs = (task: AgentTask, settings: CodexConfig, cli: { canFork: boolean } = { canFork: true }): string[] => {
  const args = ['exec', '--json', '--sandbox', settings.sandbox, '-C', task.worktree, ...shellOverrides(settings)];
  // No --add-dir for <repo>/.swarm: it holds every other attempt's worktree and the run database.
  // `swarm eval` inside the sandbox hands the evaluation to the swarm driver (eval-handoff/).
  if (task.model !== undefined) args.push('--model', task.model);
  for (const [key, value] of Object.entries(settings.configOverrides)) args.push('-c', `${key}=${value}`);
  args.push(...settings.extraArgs);
  // A codex without `exec fork` continues the parent's thread itself (`resume`): safe only because
  // the Shepherd never runs two optimizers on one parent at a time.
  if (task.forkFrom !== undefined) args.push(cli.canFork ? 'fork' : 'resume', task.forkFrom.id);
  args.push('--', codexPrompt(task));
  return args;
};

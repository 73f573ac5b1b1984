import type { AgentTask } from '../../core/ports/index.js';
import type { CodexConfig } from '../../config/resolve-config.js';

/**
 * Codex has no flag to append to its system prompt in `exec`; the role instructions go first in
 * the prompt, for explorers and for forks (whose parent conversation had the explorer's role).
 */
export const codexPrompt = (task: AgentTask): string => {
  const text = task.systemPrompt.trim() === '' ? task.prompt : `${task.systemPrompt.trim()}\n\n---\n\n${task.prompt}`;
  const bin = task.env.SWARM_BIN;
  return bin === undefined || bin === '' ? text : text.replaceAll('`swarm eval`', `\`${shellWord(bin)} eval\``);
};

/**
 * Codex runs every command in a login shell (`bash -lc`), whose /etc/profile resets PATH: the
 * `swarm` shim swarm puts first on PATH is gone there, so the prompt names it by its absolute path.
 */
const shellWord = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * The argv of one `codex exec --json` run in the worktree. An Optimizer forks its parent's thread
 * (`exec fork <thread_id>`, new thread id, the parent is never written to).
 */
export const codexArgs = (task: AgentTask, settings: CodexConfig, cli: { canFork: boolean } = { canFork: true }): string[] => {
  const args = ['exec', '--json', '--sandbox', settings.sandbox, '-C', task.worktree];
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

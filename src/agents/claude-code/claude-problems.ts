import { SELF_EVAL_COMMAND } from '../../core/attempt/self-eval-commands.js';
import type { ClaudeResult, ClaudeStream, PermissionDenial } from './claude-events.js';

const API_FIX = 'check that the model API at ANTHROPIC_BASE_URL (or Anthropic\'s, when unset) is up and reachable';

/** What to do about a model API answering with this HTTP status (or not reachable at all). */
const fixFor = (status: string): string => {
  if (status === '401' || status === '403') return 'set a valid ANTHROPIC_API_KEY, or log in to Claude Code (`claude`, then /login)';
  if (status === '429' || status === '529') return 'the API is rate-limited or overloaded: wait, or lower concurrency.agents';
  if (status === '404') return 'check agent.model and ANTHROPIC_BASE_URL';
  return API_FIX;
};

/** "HTTP 500 7 times", "HTTP 500 5 times and HTTP 502 twice", "no connection 3 times". */
const describeRetries = (byStatus: Map<string, number>): string =>
  [...byStatus].map(([status, count]) => `${status === 'connection' ? 'no connection' : `HTTP ${status}`} ${count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`}`).join(' and ');

const mostFrequent = (byStatus: Map<string, number>): string => [...byStatus].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'connection';

/**
 * Why a claude run that produced no result ended, named by its cause: a run stopped while Claude
 * Code was retrying failed model requests failed because of the API, not because it needed longer.
 */
export const stoppedReason = (stream: ClaudeStream, problem: string | null, timedOut: boolean): string => {
  const { count, byStatus } = stream.apiRetries;
  if (timedOut && count > 0) {
    return `the model API answered ${describeRetries(byStatus)} and Claude Code was still retrying when the agent timeout stopped it; ${fixFor(mostFrequent(byStatus))}`;
  }
  return problem ?? 'claude ended without a result event';
};

const NOT_LOGGED_IN = /not logged in|please run \/login/i;

/** The reason of a result with `is_error` (its `subtype` is Claude Code's, often "success": not shown). */
export const errorReason = (result: ClaudeResult, stream: ClaudeStream, problem: string | null): string => {
  const detail = result.result ?? result.errors?.join('; ') ?? problem ?? 'no details';
  if (NOT_LOGGED_IN.test(detail)) {
    return `Claude Code is not logged in and no ANTHROPIC_API_KEY reached it (${detail}); set ANTHROPIC_API_KEY, or run \`claude\` once and log in with /login`;
  }
  const status = result.api_error_status == null ? null : String(result.api_error_status);
  const { count, byStatus } = stream.apiRetries;
  if (status !== null) {
    const retried = count > 0 ? ` after Claude Code retried (${describeRetries(byStatus)})` : '';
    return `the model API answered HTTP ${status}${retried}: ${detail}; ${fixFor(status)}`;
  }
  return `claude reported an error: ${detail}`;
};

const describeDenial = (denial: PermissionDenial): string => {
  const input = denial.tool_input ?? {};
  const what = [input.command, input.file_path, input.path, input.url].find((v): v is string => typeof v === 'string');
  const shown = what === undefined ? '' : `: ${what.length > 160 ? `${what.slice(0, 159)}…` : what}`;
  return `${denial.tool_name}${shown}`;
};

/** The tool calls Claude Code refused, as `<tool>: <command or path>`. */
export const permissionDenials = (stream: ClaudeStream): string[] => stream.permissionDenials.map(describeDenial);

/** A note on refused tool calls, saying when they blocked the attempt's self-evaluation; null when none. */
export const denialNote = (denials: readonly string[], allowedCommands: readonly string[]): string | null => {
  if (denials.length === 0) return null;
  const selfEval = [SELF_EVAL_COMMAND, ...allowedCommands];
  const blocked = denials.filter((d) => d.startsWith('Bash: ') && selfEval.some((c) => d.includes(c)));
  const listed = [...new Set(denials)].slice(0, 3).join('; ');
  const head = `Claude Code refused ${denials.length} tool call(s) for want of permission (${listed}${new Set(denials).size > 3 ? '; …' : ''})`;
  const allow = 'allow more with agent.claudeCode.extraArgs ["--allowedTools", "Bash(<command>:*)"]';
  return blocked.length > 0
    ? `${head}; self-evaluation was blocked ${blocked.length} time(s): swarm allows \`${SELF_EVAL_COMMAND}\` with any arguments as a command of its own, not piped or chained; ${allow}`
    : `${head}; ${allow}`;
};

const WRITE_TOOL = /^(?:Edit|Write|MultiEdit|NotebookEdit)\b/;

/**
 * The writes Claude Code could not make, in its words: each failed write tool's error
 * (`Edit: prog.js: File is in a directory that is denied by your permission settings.`), and each
 * refused write tool the result lists when no error was seen.
 */
export const editFailures = (stream: ClaudeStream): string[] => {
  const failed = stream.failedWrites.map((write) => `${describeDenial(write.call)}: ${write.message}`);
  if (failed.length > 0) return failed;
  return permissionDenials(stream).filter((denial) => WRITE_TOOL.test(denial)).map((denial) => `${denial}: denied by Claude Code's permission settings`);
};

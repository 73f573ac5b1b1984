import { shellQuote } from '../core/text/shell-quote.js';
import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../core/ports/index.js';

// Words of only safe characters stay bare, so the wrapped command reads as the user wrote it.
const quote = (value: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : shellQuote(value));

/**
 * The shell command of evaluator.wrap around an evaluator command: an argument that is exactly
 * "{command}" becomes `sh -c <command>`; "{command}" inside an argument is replaced by the command.
 */
export const wrapCommand = (wrap: readonly string[], command: string): string =>
  wrap.map((arg) => (arg === '{command}' ? `sh -c ${quote(command)}` : quote(arg.replaceAll('{command}', command)))).join(' ');

/**
 * evaluator.runner "command": the evaluator command wrapped for another engine (srun, kubectl,
 * modal …), run by the local runner, so timeouts kill the wrapper's whole process tree as usual.
 */
export class CommandEvaluatorRunner implements EvaluatorRunner {
  constructor(private readonly wrap: readonly string[], private readonly inner: EvaluatorRunner) {}

  run(job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> {
    return this.inner.run({ ...job, command: wrapCommand(this.wrap, job.command) }, signal);
  }
}

import { surviveClosedOutput } from './closed-output.js';
import { ioFailureLine } from './io-failure.js';
import { statusJsonParts } from '../app/queries/status-json.js';

/**
 * `swarm status --json [--run <id>]` answered before commander, zod and the command table load
 * (issue 29: within 2x of `node -e 0` at 10,000 attempts). bin.cts requires it as its own
 * CommonJS bundle (dist/cli/status-json.cjs), main.ts imports it: true when it printed the report,
 * false when the full program must answer (other flags, a terminal, a run this path leaves to the
 * full report, any error: the full path names it).
 */
export const answerStatusJson = (args: readonly string[]): boolean => {
  const runId = statusJsonRunId(args);
  if (runId === null || process.stdout.isTTY === true) return false;
  let parts: Buffer[] | null;
  try {
    parts = statusJsonParts({ cwd: process.cwd(), ...(runId === undefined ? {} : { runId }) });
  } catch {
    return false;
  }
  if (parts === null) return false;
  surviveClosedOutput((error) => {
    const line = ioFailureLine(error, 'status');
    if (line === null) return false;
    process.stderr.write(`${line}\n`);
    process.exitCode = 1;
    return true;
  });
  for (const part of parts) process.stdout.write(part);
  return true;
};

/** The `--run` of `status --json [--run <id>]` (undefined: the latest run); null for any other arguments. */
export const statusJsonRunId = (args: readonly string[]): string | undefined | null => {
  if (args[0] !== 'status') return null;
  let json = false;
  let runId: string | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--json' && !json) json = true;
    else if (arg === '--run' && runId === undefined && i + 1 < args.length && !(args[i + 1] ?? '').startsWith('-')) runId = args[++i];
    else if (arg.startsWith('--run=') && runId === undefined && arg.length > 6) runId = arg.slice(6);
    else return null;
  }
  return json ? runId : null;
};

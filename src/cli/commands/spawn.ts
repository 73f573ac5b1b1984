import { InvalidArgumentError, type Command } from 'commander';
import { parseDuration } from '../../core/domain/duration.js';
import { driveSpawned, spawn, spawnDriverLines, wait } from '../../index.js';
import { formatScore } from '../../core/domain/score.js';
import { stripControl } from '../../core/text/terminal-text.js';
import { printJson } from '../options.js';

const idList = (value: string): string[] => {
  const ids = value.split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (ids.length === 0 || ids.some((id) => !/^a\d+$/.test(id))) throw new InvalidArgumentError(`expected attempt ids like a12,a15, got "${value}"`);
  return ids;
};

const durationOf = (value: string): number => {
  const ms = parseDuration(value);
  if (ms === null || ms <= 0) throw new InvalidArgumentError(`expected a duration such as 90s, 30m or 2h, got "${value}"`);
  return ms;
};

const roleOf = (value: string): 'explorer' | 'optimizer' => {
  if (value !== 'explorer' && value !== 'optimizer') throw new InvalidArgumentError(`expected explorer or optimizer, got "${value}"`);
  return value;
};

interface SpawnFlags { parent?: string[]; parents?: string[]; baseline?: boolean; role: 'explorer' | 'optimizer'; context?: string; backend?: string; informedBy?: string[]; resetBreaker?: boolean; json?: boolean }

export const registerSpawn = (program: Command): void => {
  program
    .command('spawn')
    .description('start one attempt in the background (the agent-Shepherd\'s verb) and print its id at once')
    .option('--parent <id>', 'start from this attempt', idList)
    .option('--parents <ids>', 'merge these attempts (first is the git parent)', idList)
    .option('--baseline', 'start from the baseline')
    .requiredOption('--role <role>', 'explorer or optimizer', roleOf)
    .option('--context <text>', 'a short neutral context line for the agent (facts, never the idea to try)')
    .option('--backend <name>', 'agent backend for this attempt (default agent.backend)')
    .option('--informed-by <ids>', 'other attempts shown to the agent', idList)
    .option('--reset-breaker', 'count the run\'s circuit breaker afresh, once the cause of its trip is fixed')
    .option('--json', 'print the result as JSON')
    .action(async (flags: SpawnFlags) => {
      const { SwarmError } = await import('../../core/domain/errors.js');
      const sources = [flags.parent, flags.parents, flags.baseline ? 'baseline' : undefined].filter((s) => s !== undefined);
      if (sources.length !== 1) throw new SwarmError('USAGE', 'choose exactly one of --parent <id>, --parents <ids> and --baseline');
      const result = await spawn({
        cwd: process.cwd(),
        parents: flags.baseline ? 'baseline' : (flags.parent ?? flags.parents ?? []),
        role: flags.role,
        context: flags.context ?? '',
        ...(flags.backend !== undefined ? { backend: flags.backend } : {}),
        informedBy: flags.informedBy ?? [],
        resetBreaker: flags.resetBreaker ?? false,
      });
      if (flags.json) return printJson(result);
      process.stdout.write(`${result.id}\n`);
    });

  program
    .command('wait')
    .description('block until spawned attempts finish and print their results (default: every attempt of the latest run finished since the last wait returned, after waiting for the running ones)')
    .argument('[attempts...]', 'attempt ids')
    .option('--any', 'return as soon as one of them finishes')
    .option('--all', 'wait for all of them (the default)')
    .option('--since <attempt>', 'without ids: report the attempts finished after this one instead of after the last wait')
    .option('--timeout <duration>', 'give up after this long, e.g. 30m (default 30m)', durationOf)
    .option('--json', 'print the result as JSON')
    .action(async (ids: string[], flags: { any?: boolean; all?: boolean; since?: string; timeout?: number; json?: boolean }) => {
      const result = await wait({ cwd: process.cwd(), ids, any: flags.any ?? false, timeoutMs: flags.timeout ?? 30 * 60_000, ...(flags.since === undefined ? {} : { since: flags.since }) });
      if (flags.json) printJson(result);
      else {
        for (const a of result.attempts) {
          const what = a.status === 'scored' ? formatScore(a.score) : a.status === 'running' ? 'running' : `${a.status}: ${a.reason ?? ''}`;
          process.stdout.write(stripControl(`${a.id} ${a.role} from ${a.parents.join('+')}: ${what}${a.hypothesis ? ` (${a.hypothesis})` : ''}`) + '\n');
        }
        if (result.timedOut) process.stderr.write(`swarm: timed out; attempts still running (swarm wait again)\n`);
        if (result.driverGone) process.stderr.write('swarm: the driver of these attempts is gone; `swarm spawn` or `swarm run` recovers the run\n');
      }
      if (result.timedOut || result.driverGone) process.exitCode = 1;
    });

  program
    .command('__drive-spawned', { hidden: true })
    .description('the background driver of swarm spawn (started by it)')
    .action(async () => {
      const lines = await spawnDriverLines();
      const idle = Number(process.env.SWARM_SPAWN_IDLE_MS ?? '');
      // Only until ready does the spawn that started this driver read its stdout.
      let ready = false;
      await driveSpawned({
        cwd: process.cwd(),
        idleMs: Number.isFinite(idle) && idle > 0 ? idle : 10_000,
        onReady: (info) => {
          ready = true;
          process.stdout.write(`${lines.ready} ${info.runId} ${info.baselineId}\n`);
        },
        onFailed: (message) => {
          if (!ready) process.stdout.write(`${lines.failed}: ${message.split('\n')[0] ?? ''}\n`);
          process.stderr.write(`swarm spawn driver: ${message}\n`);
        },
      });
    });
};

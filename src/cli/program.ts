import { Command, CommanderError } from 'commander';
import { exitCodeFor, isSwarmError } from '../core/domain/errors.js';
import { agentBackendNames } from '../index.js';
import { surviveClosedOutput } from './closed-output.js';
import { ioFailureLine } from './io-failure.js';
import { registerAgentJob } from './commands/agent-job.js';
import { registerApply } from './commands/apply.js';
import { registerCheckout } from './commands/checkout.js';
import { registerDashboard } from './commands/dashboard.js';
import { registerDoctor } from './commands/doctor.js';
import { registerEval } from './commands/eval.js';
import { registerGraph } from './commands/graph.js';
import { registerHeldOut } from './commands/heldout.js';
import { registerInit } from './commands/init.js';
import { registerPlot } from './commands/plot.js';
import { registerReport } from './commands/report.js';
import { registerReview } from './commands/review.js';
import { registerNominate } from './commands/nominate.js';
import { registerPrune } from './commands/prune.js';
import { registerRun } from './commands/run.js';
import { registerShow } from './commands/show.js';
import { registerSkills } from './commands/skills.js';
import { registerSpawn } from './commands/spawn.js';
import { registerStatus } from './commands/status.js';

/** The command table; `version` is swarm's version, read by the entry (src/cli/main.ts). */
const buildProgram = async (version: string): Promise<Command> => {
  // `run --help` lists the backends: the registry (a chunk of its own) is read before the table is built.
  const backends = await agentBackendNames();
  const program = new Command('swarm')
    .description('Search for better programs with a swarm of coding agents, scored by your evaluator.')
    .version(version, '-V, --version')
    .showHelpAfterError('(run `swarm --help` for usage)')
    .exitOverride();
  for (const register of [
    registerInit, (p: Command) => registerRun(p, backends), registerStatus, registerShow, registerGraph, registerPlot, registerReport, registerDashboard, registerEval,
    registerCheckout, registerReview, registerHeldOut, registerApply, registerPrune, registerNominate, registerSpawn, registerDoctor, registerSkills, registerAgentJob,
  ]) {
    register(program);
  }
  return program;
};

/** The command being run (`run`, `graph`, ...), for messages. */
const commandName = (): string => process.argv.slice(2).find((arg) => !arg.startsWith('-')) ?? 'swarm';

let reported = false;
/** An I/O failure is told once, whichever of the stream's error event and the command's rejection comes first. */
const reportOnce = (line: string): void => {
  if (reported) return;
  reported = true;
  // stderr may be the full or closed one: nothing more can be said then.
  try {
    process.stderr.write(`${line}\n`);
  } catch {
    // ignored
  }
};

/** The one place that turns errors into messages and exit codes (0 ok, 1 problems, 2 usage/config, 130 interrupted). */
export const main = async (version: string): Promise<void> => {
  surviveClosedOutput((error) => {
    const line = ioFailureLine(error, commandName());
    if (line === null) return false;
    reportOnce(line);
    process.exitCode = 1;
    return true;
  });
  try {
    await (await buildProgram(version)).parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    const ioLine = ioFailureLine(error, commandName());
    if (ioLine !== null) {
      reportOnce(ioLine);
      process.exitCode = 1;
      return;
    }
    if (isSwarmError(error)) {
      process.stderr.write(`swarm: ${error.message}\n`);
    } else {
      process.stderr.write(`swarm: unexpected error (a bug; please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exitCode = exitCodeFor(error);
  }
};


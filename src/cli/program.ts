import { Command, CommanderError } from 'commander';
import { exitCodeFor, isSwarmError } from '../core/domain/errors.js';
import { surviveClosedOutput } from './closed-output.js';
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
const buildProgram = (version: string): Command => {
  const program = new Command('swarm')
    .description('Search for better programs with a swarm of coding agents, scored by your evaluator.')
    .version(version, '-V, --version')
    .showHelpAfterError('(run `swarm --help` for usage)')
    .exitOverride();
  for (const register of [
    registerInit, registerRun, registerStatus, registerShow, registerGraph, registerPlot, registerReport, registerDashboard, registerEval,
    registerCheckout, registerReview, registerHeldOut, registerApply, registerPrune, registerNominate, registerSpawn, registerDoctor, registerSkills,
  ]) {
    register(program);
  }
  return program;
};

/** The one place that turns errors into messages and exit codes (0 ok, 1 problems, 2 usage/config, 130 interrupted). */
export const main = async (version: string): Promise<void> => {
  surviveClosedOutput();
  try {
    await buildProgram(version).parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
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


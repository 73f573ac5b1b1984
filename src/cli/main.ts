#!/usr/bin/env node
import { readFileSync } from 'node:fs';
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

const version = (): string => {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const match = /"version"\s*:\s*"([^"]+)"/.exec(text);
  return match?.[1] ?? '0.0.0';
};

const program = new Command('swarm')
  .description('Search for better programs with a swarm of coding agents, scored by your evaluator.')
  .version(version(), '-V, --version')
  .showHelpAfterError('(run `swarm --help` for usage)')
  .exitOverride();

registerInit(program);
registerRun(program);
registerStatus(program);
registerShow(program);
registerGraph(program);
registerPlot(program);
registerReport(program);
registerDashboard(program);
registerEval(program);
registerCheckout(program);
registerReview(program);
registerHeldOut(program);
registerApply(program);
registerPrune(program);
registerNominate(program);
registerSpawn(program);
registerDoctor(program);
registerSkills(program);

/** The one place that turns errors into messages and exit codes (0 ok, 1 problems, 2 usage/config, 130 interrupted). */
const main = async (): Promise<void> => {
  surviveClosedOutput();
  try {
    await program.parseAsync(process.argv);
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

await main();

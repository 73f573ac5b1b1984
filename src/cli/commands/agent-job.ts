import type { Command } from 'commander';
import { runAgentJob } from '../../index.js';

/**
 * `swarm agent-job <spec>`: what an anthropic or openai agent's batch job runs (agent.runner
 * "slurm"); the driver writes the spec. Hidden from the help: nobody types it.
 */
export const registerAgentJob = (program: Command): void => {
  program
    .command('agent-job <spec>', { hidden: true })
    .description("run an API agent's tool loop inside its batch job (written by the driver)")
    .action(async (spec: string) => {
      // scancel sends SIGTERM: the loop stops, and its outcome so far is still written.
      const stop = new AbortController();
      const onSignal = (): void => stop.abort();
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
      try {
        await runAgentJob({ spec, signal: stop.signal });
      } finally {
        process.off('SIGTERM', onSignal);
        process.off('SIGINT', onSignal);
      }
    });
};

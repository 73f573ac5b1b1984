import type { EvalJob, EvalOutcome, EvaluatorRunner } from '../core/ports/index.js';
import { canceledBeforeStart } from './eval-outcome.js';
import { GpuLocks } from './gpu-locks.js';

/**
 * Bounds the evaluations of every swarm process of a repository together (the run's own, agents'
 * `swarm eval`, `swarm review`, `swarm heldout`) to `count` at a time: each job holds one of
 * `count` lock files under `dir` while it runs, taken over when its owner died.
 */
export const boundedAcrossProcesses = (inner: EvaluatorRunner, slots: { dir: string; count: number }): EvaluatorRunner => {
  const locks = new GpuLocks(slots.dir, Array.from({ length: slots.count }, (_, i) => String(i)), 100, 'slot');
  return {
    run: async (job: EvalJob, signal: AbortSignal): Promise<EvalOutcome> => {
      const slot = await locks.acquire(signal);
      if (slot === null) return canceledBeforeStart(job);
      try {
        return await inner.run(job, signal);
      } finally {
        locks.release(slot);
      }
    },
  };
};

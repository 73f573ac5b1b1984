import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { ensureSlurm, jobState, waitFor } from '../support/slurm.js';

/** Cases against the one test cluster; run from slurm.test.ts, one file so no two use it at once. */
export const slurmSlotsCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('the test cluster\'s one node', () => {
    it('runs 8 one-CPU jobs at once, whatever the CPUs of this machine (agents as jobs need the slots)', async () => {
      ensureSlurm();
      const ids: string[] = [];
      try {
        for (let i = 0; i < 8; i++) {
          ids.push(execFileSync('sbatch', ['--parsable', '--job-name=slots-check', '--cpus-per-task=1', '--time=5', '--output=/dev/null', '--wrap=sleep 240'], { encoding: 'utf8' }).trim());
        }
        await waitFor('8 one-CPU jobs running at once', () => ids.every((id) => jobState(id) === 'RUNNING'), 60_000);
        expect(ids.map(jobState)).toEqual(ids.map(() => 'RUNNING'));
      } finally {
        if (ids.length > 0) execFileSync('scancel', ids);
      }
    }, 90_000);
  });
};

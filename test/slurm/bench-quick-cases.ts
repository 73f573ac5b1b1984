import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run bench` is a claim the notes cite; code it calls changed under it once and the whole
 * bench stopped at its eval-runners section (a runner factory's new signature) without any test
 * noticing. The quick bench runs every section with small sizes (mostly sleeping agents and
 * evaluators, about 40 s of CPU) and writes no results file; its figures are not judged here,
 * only that each section ran and printed its table. It runs here, with the other users of the
 * test cluster, because its eval-runners section submits jobs holding the cluster's fake GPUs.
 */
export const benchQuickCases = (): void => {
  describe.skipIf(!inject('systemTools').slurm)('npm run bench --quick', () => {
    it('runs every section to its end and prints the figures table', async () => {
      const { stdout, stderr } = await run(process.execPath, ['bench/run-bench.mjs', '--quick'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 540_000 });
      expect(stderr).toMatch(/\] done in \d+ s/);
      // One figure of each section, by the label the table prints.
      const sections = [
        'orchestration overhead per attempt, median', 'slot utilization, async schedule', 'swarm status --json, 2000 attempts / node -e 0',
        'growth run: driver peak RSS', 'swarm graph --format png, 1000 attempts',
        // The dashboard section looks for /usr/bin/chromium (Debian's) and says it skipped elsewhere.
        ...(existsSync('/usr/bin/chromium') ? ['swarm dashboard: navigation to the first attempts row'] : []),
        'slurm runner, submit to start of a 1 s job', 'agent-bound, 4 agents x 1 s, async', 'many agents, 8: agents sleeping at once',
        'attempt prepare with setup reused, against a bare worktree', 'large repository: prepare, warm pool', 'swarm run / git floor loop',
      ];
      for (const label of sections) expect(stdout, label).toMatch(new RegExp(`^ {2}${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.* \\d`, 'm'));
    }, 600_000);
  });
};

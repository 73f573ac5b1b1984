import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SwarmStore } from '../../../src/store/swarm-store.js';
import { heldOut, runSearch, status, type RunSearchResult } from '../../../src/index.js';
import { renderStatus } from '../../../src/cli/render/status-table.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// The held-out evaluator: another measure of the same program (value − 100), with a marker that
// must never reach an agent, a findings.md entry or a commit (built at run time: the script
// itself is committed).
const HELD_OUT = `const { execFileSync } = require('node:child_process');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
const marker = ['HELDOUT', 'MARKER'].join('-');
console.log(marker + ' seen by the evaluator');
console.log(JSON.stringify({ score: out.value - 100, feedback: marker + ' feedback' }));
`;

const statusShape = z.object({
  best: z.object({ id: z.string(), score: z.number() }),
  attempts: z.array(z.object({ id: z.string(), score: z.number().nullable(), status: z.string() })),
  heldOut: z.array(z.object({ id: z.string(), score: z.number().nullable(), heldOut: z.number().nullable(), valid: z.boolean() })),
});

describe('held-out evaluation of finalists', () => {
  let repo: ToyRepo;
  let run: RunSearchResult;
  const progress: string[] = [];

  beforeAll(async () => {
    repo = createToyRepo(
      { evaluator: { heldOut: { command: 'node heldout.js', finalists: 2 }, protect: ['evaluate.js', 'heldout.js'] }, budget: { attempts: 4 }, shepherd: { initialExplorers: 2, waveSize: 2 } },
      { 'heldout.js': HELD_OUT },
    );
    run = await runSearch({ cwd: repo.dir, report: (line) => progress.push(line) });
  }, 180_000);

  afterAll(() => repo.cleanup());

  it('scores the best two attempts held-out when the run ends, and status shows both scores', async () => {
    expect(run).toMatchObject({ status: 'finished', problem: null });
    const full = await status({ cwd: repo.dir });
    const report = statusShape.parse(full);
    const best = [...report.attempts].filter((a) => a.status === 'scored').sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).slice(0, 2);
    expect(report.heldOut.map((h) => h.id).sort()).toEqual(best.map((a) => a.id).sort());
    for (const h of report.heldOut) {
      expect(h.valid).toBe(true);
      expect(h.heldOut).toBeCloseTo((h.score ?? 0) - 100, 9);
    }
    expect(progress.join('\n')).toMatch(new RegExp(`^held-out ${report.best.id}: score = \\S+ · held-out \\S+$`, 'm'));
    // What `swarm status` prints of it.
    const text = renderStatus(full, { color: false, now: Date.now() });
    expect(text).toMatch(new RegExp(`^  ${report.best.id}  score \\S+  held-out -\\d`, 'm'));
  });

  it('never shows the held-out evaluation to agents, findings.md or commits', () => {
    const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'), { mustExist: true });
    try {
      const run = store.latestRun();
      const attempts = store.listAttempts(run!.id);
      expect(attempts.some((a) => store.listEvaluations(a.id).some((e) => e.kind === 'held-out' && e.stdoutTail.includes('HELDOUT-MARKER')))).toBe(true);
      for (const attempt of attempts) expect(attempt.prompt ?? '').not.toContain('HELDOUT-MARKER');
    } finally {
      store.close();
    }
    expect(repo.git('log', '--all', '-p')).not.toContain('HELDOUT-MARKER');
    expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  });

  it('swarm heldout scores a named attempt on demand, once per commit', async () => {
    const signal = new AbortController().signal;
    const first = await heldOut({ cwd: repo.dir, attempts: ['a1'], signal });
    const scores = z.array(z.object({ attempt: z.literal('a1'), score: z.number(), heldOut: z.number(), valid: z.literal(true) })).length(1).parse(first);
    expect(scores[0]?.heldOut).toBeCloseTo((scores[0]?.score ?? 0) - 100, 9);
    expect(await heldOut({ cwd: repo.dir, attempts: ['a1'], signal })).toEqual(first);
    const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'), { mustExist: true });
    try {
      expect(store.listEvaluations('a1').filter((e) => e.kind === 'held-out')).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});

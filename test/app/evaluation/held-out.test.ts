import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SwarmStore } from '../../../src/store/swarm-store.js';
import { runSearch, type RunSearchResult } from '../../../src/index.js';
import { createToyRepo, runCli, type ToyRepo } from '../../support/toy-repo.js';

// The held-out evaluator: another measure of the same program (value − 100), with a marker that
// must never reach an agent, a findings.md entry or a commit (built at run time: the script
// itself is committed).
const HELD_OUT = `const { execFileSync } = require('node:child_process');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
const marker = ['HELDOUT', 'MARKER'].join('-');
console.log(marker + ' seen by the evaluator');
console.log(JSON.stringify({ score: out.value - 100, feedback: marker + ' feedback' }));
`;

const status = z.object({
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
    const report = status.parse(JSON.parse((await runCli(repo.dir, ['status', '--json'])).stdout));
    const best = [...report.attempts].filter((a) => a.status === 'scored').sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).slice(0, 2);
    expect(report.heldOut.map((h) => h.id).sort()).toEqual(best.map((a) => a.id).sort());
    for (const h of report.heldOut) {
      expect(h.valid).toBe(true);
      expect(h.heldOut).toBeCloseTo((h.score ?? 0) - 100, 9);
    }
    expect(progress.join('\n')).toMatch(new RegExp(`^held-out ${report.best.id}: score = \\S+ · held-out \\S+$`, 'm'));
    const text = (await runCli(repo.dir, ['status'])).stdout;
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
    const first = await runCli(repo.dir, ['heldout', 'a1', '--json']);
    expect(first.code).toBe(0);
    const scores = z.array(z.object({ attempt: z.string(), score: z.number(), heldOut: z.number() })).parse(JSON.parse(first.stdout));
    expect(scores[0]?.heldOut).toBeCloseTo((scores[0]?.score ?? 0) - 100, 9);
    await runCli(repo.dir, ['heldout', 'a1']);
    const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'), { mustExist: true });
    try {
      expect(store.listEvaluations('a1').filter((e) => e.kind === 'held-out')).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});

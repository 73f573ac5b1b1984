import { describe, expect, it } from 'vitest';
import { DIGEST_RUNS, formatProjectDigest, type RunDigest } from '../../../src/core/memory/project-digest.js';

const run = (id: string, createdAt: number, extra: Partial<RunDigest> = {}): RunDigest => ({
  id, createdAt, status: 'finished', stopReason: 'attempt budget reached (4)', metric: 'loss', direction: 'minimize', baseline: 10,
  best: { id: 'a3', score: 7.5 }, counts: { scored: 3, invalid: 1, failed: 0 }, worked: [], didNot: [], importedFrom: [], ...extra,
});

describe('formatProjectDigest', () => {
  it('says what worked by how much, what did not, newest run first, and keeps only the newest runs', () => {
    const text = formatProjectDigest([
      run('r1', 1_000, { didNot: [{ id: 'a2', hypothesis: 'bigger\u001b[31m batch\nsize', score: null, gain: null, outcome: 'infeasible:latency<=5' }] }),
      run('r2', 2_000, { worked: [{ id: 'a9', hypothesis: 'cache the table', score: 7.5, gain: 2.5, outcome: 'scored' }], importedFrom: ['r1/a3'] }),
    ]);
    expect(text.indexOf('## Run r2')).toBeLessThan(text.indexOf('## Run r1'));
    expect(text).toContain('- Objective: minimize loss; baseline 10; best a3 loss = 7.5, 2.5 better than the baseline.');
    expect(text).toContain('  - a9: cache the table → 7.5 (+2.5 vs baseline)');
    expect(text).toContain('- Started from r1/a3.');
    // Agent-written text is one line without control sequences.
    expect(text).toContain('  - a2: bigger batch size → infeasible:latency<=5');
    const many = formatProjectDigest(Array.from({ length: DIGEST_RUNS + 2 }, (_, i) => run(`r${i + 1}`, i)));
    expect(many).not.toContain('## Run r1 ');
    expect(many).toContain(`## Run r${DIGEST_RUNS + 2} `);
  });
});

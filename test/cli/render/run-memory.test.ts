import { describe, expect, it } from 'vitest';
import { renderStatus } from '../../../src/cli/render/status-table.js';
import { row, statusReport } from '../../export/graph-fixtures.js';

/** How `swarm status` shows a run started with `--from` (the import itself: test/app/run/memory-e2e.test.ts). */
describe('status of a run that imported attempts', () => {
  const report = {
    ...statusReport([
      row('a1', { role: 'baseline', operator: 'baseline', wave: 0, score: 87 }),
      row('a2', { operator: 'import', wave: 0, parents: ['a1'], score: 93, flags: ['imported:r1/a4'] }),
      row('a3', { parents: ['a2'], score: 90 }),
    ], 'a2'),
    imports: [{ id: 'a2', from: 'r1/a4', fromScore: -7 }],
  };
  const text = renderStatus(report, { color: false, now: 20_000, width: 160 });

  it('names each import and where it came from, with its score there', () => {
    expect(text).toContain('imported: a2 ← r1/a4 (-7 there)');
  });

  it('the role column names the operator of an import, not the explorer it is stored as', () => {
    expect(text).toMatch(/^. a2 +0 +import /m);
    expect(text).toMatch(/^. a3 +1 +explorer /m);
  });
});

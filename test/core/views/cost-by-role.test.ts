import { describe, expect, it } from 'vitest';
import { costByRole } from '../../../src/core/views/cost-by-role.js';

describe('costByRole', () => {
  it('sums each role\'s attempts in the order roles first spent, leaving out roles that spent nothing', () => {
    const rows = [
      { role: 'baseline', costUsd: 0 },
      { role: 'optimizer', costUsd: 0.25 },
      { role: 'explorer', costUsd: 0.5 },
      { role: 'optimizer', costUsd: 0.125 },
      { role: 'merger', costUsd: 0 },
    ];
    expect(costByRole(rows)).toEqual([
      { role: 'optimizer', costUsd: 0.375 },
      { role: 'explorer', costUsd: 0.5 },
    ]);
    expect(costByRole([])).toEqual([]);
  });
});

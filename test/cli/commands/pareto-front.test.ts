import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/toy-repo.js';

// The behaviour of the Pareto front (status, graph, plot, report): test/app/attempt/pareto-front-e2e.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'swarm-plot-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('swarm plot --x/--y', () => {
  it('refuses one axis without the other: a usage error, exit 2', async () => {
    const half = await runCli(dir, ['plot', '--x', 'cost']);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('give both --x and --y');
    expect(half.stdout).toBe('');
  });
});

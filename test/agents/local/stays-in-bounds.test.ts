import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalAgent } from '../../../src/agents/local/local-agent.js';
import { createRng, type Rng } from '../../../src/core/domain/random.js';
import { createTempWorktree, type TempWorktree } from './temp-worktree.js';

/**
 * Property: over generated Python programs, the local agent changes only tunable numbers. A line
 * is a list of parts: fixed text (names, index and slice bounds, range() counts, strings,
 * comments), which must come back byte for byte, and tunable numbers, which may change.
 */
type Part = { fixed: string } | { tunable: string };

const num = (rng: Rng): string => (rng.next() < 0.5 ? String(1 + rng.int(40)) : (rng.next() * 10).toFixed(1 + rng.int(3)));
const small = (rng: Rng): string => String(rng.int(4));

/** Fragments the agent must leave alone, each one expression. */
const STRUCTURAL: Array<(rng: Rng) => string> = [
  (r) => `xs[${small(r)}]`,
  (r) => `xs[-${1 + r.int(3)}]`,
  (r) => `xs[${small(r)}:${2 + r.int(5)}]`,
  (r) => `grid[${small(r)}][${small(r)}]`,
  (r) => `bounds[${r.int(2)}]`,
  (r) => `pts[i + ${1 + r.int(3)}]`,
  (r) => `f(x)[${small(r)}]`,
  (r) => `m[:, ${small(r)}]`,
  (r) => `len(range(${1 + r.int(30)}))`,
  (r) => `sum(range(${small(r)}, ${4 + r.int(9)}, ${1 + r.int(2)}))`,
  (r) => `len("${num(r)} points")`,
  (r) => `float('${num(r)}')`,
  (r) => `len(f"{x:.${1 + r.int(5)}f}")`,
  (r) => `len(r"\\d${small(r)}")`,
];

const tunableParts = (rng: Rng): Part[] => {
  switch (rng.int(3)) {
    case 0:
      return [{ tunable: num(rng) }];
    case 1:
      return [{ fixed: 'sum([' }, { tunable: num(rng) }, { fixed: ', ' }, { tunable: num(rng) }, { fixed: '])' }];
    default:
      return [{ fixed: 'np.clip(x, ' }, { tunable: num(rng) }, { fixed: ', ' }, { tunable: num(rng) }, { fixed: ')' }];
  }
};

/** One assignment mixing tunable and structural fragments, sometimes with a numeric comment. */
const generateLine = (rng: Rng, index: number): Part[] => {
  const terms: Part[][] = [];
  const count = 1 + rng.int(3);
  for (let k = 0; k < count; k += 1) terms.push(rng.next() < 0.5 ? tunableParts(rng) : [{ fixed: rng.pick(STRUCTURAL)(rng) }]);
  const parts: Part[] = [{ fixed: `v${index} = ` }];
  terms.forEach((term, k) => parts.push(...(k === 0 ? [] : [{ fixed: rng.pick([' + ', ' * ', ' - ']) }]), ...term));
  if (rng.next() < 0.3) parts.push({ fixed: `  # ${num(rng)} and xs[${small(rng)}]` });
  return parts;
};

const loopLine = (rng: Rng): Part[] => [{ fixed: `for _ in range(${1 + rng.int(500)}):` }];

const render = (lines: Part[][]): string => lines.map((parts) => parts.map((p) => ('fixed' in p ? p.fixed : p.tunable)).join('')).join('\n');

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The line with every tunable as "any number": fixed text must match exactly. */
const shapeOf = (parts: Part[]): RegExp =>
  new RegExp(`^${parts.map((p) => ('fixed' in p ? escape(p.fixed) : '-?\\d+(?:\\.\\d*)?(?:e[+-]?\\d+)?')).join('')}$`);

const generateProgram = (seed: number): { lines: Part[][]; text: string } => {
  const rng = createRng(seed);
  const body: Part[][] = [];
  const count = 4 + rng.int(8);
  // A loop gets a `pass` body, so the generated program stays valid Python.
  for (let i = 0; i < count; i += 1) body.push(...(rng.next() < 0.2 ? [loopLine(rng), [{ fixed: '    pass' }]] : [generateLine(rng, i)]));
  const lines: Part[][] = [
    [{ fixed: 'import numpy as np' }],
    [{ fixed: 'X0 = 3' }],
    [{ fixed: '# EVOLVE-BLOCK-START' }],
    ...body,
    [{ fixed: '# EVOLVE-BLOCK-END' }],
    [{ fixed: 'N_FIXED = 26' }],
    [{ fixed: '' }],
  ];
  return { lines, text: render(lines) };
};

let temp: TempWorktree;
beforeEach(async () => {
  temp = await createTempWorktree();
});
afterEach(async () => {
  await temp.cleanup();
});

describe('local agent stays in bounds (property over generated programs)', () => {
  it('never changes an index or slice bound, a range() count, a string or a comment, nor a file outside solutionFiles', async () => {
    let changedLines = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const program = generateProgram(seed);
      const best = generateProgram(1000 + seed).text;
      await temp.write('initial_program.py', program.text);
      // OpenEvolve keeps its best program beside the initial one, markers and all.
      await temp.write('best_program.py', best);
      await temp.write('openevolve_output/best/best_program.py', best);
      const sampling = seed % 2 === 0 ? 'sample' : 'mutate';
      const agent = createLocalAgent({ explorerSampling: sampling, explorerMutations: 4 });
      const outcome = await agent.run(temp.task('explorer', { seed, solutionFiles: ['initial_program.py'] }), new AbortController().signal);
      const after = (await readFile(join(temp.worktree, 'initial_program.py'), 'utf8')).split('\n');
      const tunables = program.lines.some((parts) => parts.some((p) => 'tunable' in p));
      expect(outcome.status, `seed ${seed}: ${outcome.error ?? ''}`).toBe(tunables ? 'completed' : 'failed');
      expect(after, `seed ${seed}`).toHaveLength(program.lines.length);
      program.lines.forEach((parts, i) => {
        expect(after[i], `seed ${seed}, line ${i + 1}`).toMatch(shapeOf(parts));
        if (after[i] !== render([parts])) changedLines += 1;
      });
      expect(await readFile(join(temp.worktree, 'best_program.py'), 'utf8'), `seed ${seed}`).toBe(best);
      expect(await readFile(join(temp.worktree, 'openevolve_output/best/best_program.py'), 'utf8')).toBe(best);
    }
    // The property is not vacuous: the agent did change tunable numbers.
    expect(changedLines).toBeGreaterThan(40);
  });

  it('without solutionFiles, evolves every file with EVOLVE-BLOCKs (best_program.py included)', async () => {
    const program = generateProgram(7);
    await temp.write('initial_program.py', program.text);
    await temp.write('best_program.py', program.text);
    const outcome = await createLocalAgent({ explorerSampling: 'sample' }).run(temp.task('explorer'), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    expect(await readFile(join(temp.worktree, 'best_program.py'), 'utf8')).not.toBe(program.text);
  });

  it('evolves a named solution file without markers as a whole, still leaving indices and counts alone', async () => {
    const text = 'STEP = 0.25\nfor i in range(10):\n    xs[i + 1] = xs[i] * 1.5\nlabel = "run 3"\n';
    await temp.write('solver.py', text);
    await temp.write('other.py', '# EVOLVE-BLOCK-START\nK = 4.5\n# EVOLVE-BLOCK-END\n');
    const outcome = await createLocalAgent({ explorerSampling: 'sample' }).run(temp.task('explorer', { solutionFiles: ['solver.py'] }), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    const after = await readFile(join(temp.worktree, 'solver.py'), 'utf8');
    expect(after).toMatch(/^STEP = [\d.e+-]+\nfor i in range\(10\):\n {4}xs\[i \+ 1\] = xs\[i\] \* [\d.e+-]+\nlabel = "run 3"\n$/);
    expect(after).not.toBe(text);
    expect(await readFile(join(temp.worktree, 'other.py'), 'utf8')).toBe('# EVOLVE-BLOCK-START\nK = 4.5\n# EVOLVE-BLOCK-END\n');
  });

  it('fails with the fix when no file matches solutionFiles', async () => {
    await temp.write('initial_program.py', generateProgram(3).text);
    const outcome = await createLocalAgent().run(temp.task('explorer', { solutionFiles: ['src/missing.py'] }), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toContain('no file in');
    expect(outcome.error).toContain('matches task.solutionFiles (src/missing.py); correct task.solutionFiles');
  });
});

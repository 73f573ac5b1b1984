import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalAgent } from '../../../src/agents/local/local-agent.js';
import { createTempWorktree, type TempWorktree } from './temp-worktree.js';

const PROGRAM = [
  'const fixed = 100;',
  '// EVOLVE-BLOCK-START',
  'const SPACING = 0.5;',
  'const COUNT = 6;',
  'const OFFSET = -0.25;',
  'const label = "ring 3";',
  '// EVOLVE-BLOCK-END',
  'const also = 7;',
  '',
].join('\n');
const NUMBERS = /-?\d+(\.\d+)?/g;

let temp: TempWorktree;
beforeEach(async () => {
  temp = await createTempWorktree();
});
afterEach(async () => {
  await temp.cleanup();
});

const read = (rel: string): Promise<string> => readFile(join(temp.worktree, rel), 'utf8');

describe('local agent, explorer', () => {
  it('changes only numeric literals inside EVOLVE-BLOCK regions', async () => {
    await temp.write('program.js', PROGRAM);
    await temp.write('other.js', 'const z = 0.5;\n');
    await temp.write('node_modules/dep/index.js', '// EVOLVE-BLOCK-START\nconst q = 1;\n// EVOLVE-BLOCK-END\n');
    const outcome = await createLocalAgent().run(temp.task('explorer'), new AbortController().signal);

    expect(outcome.status).toBe('completed');
    const after = await read('program.js');
    const lines = after.split('\n');
    expect(lines[0]).toBe('const fixed = 100;');
    expect(lines[5]).toBe('const label = "ring 3";');
    expect(lines[7]).toBe('const also = 7;');
    expect(after.replace(NUMBERS, 'N')).toBe(PROGRAM.replace(NUMBERS, 'N'));
    const changed = [2, 3, 4].filter((i) => lines[i] !== PROGRAM.split('\n')[i]);
    expect(changed).toHaveLength(3);
    expect(Number.isInteger(Number(/COUNT = (.*);/.exec(after)?.[1]))).toBe(true);
    expect(Number(/OFFSET = (.*);/.exec(after)?.[1])).toBeLessThan(0);
    expect(await read('other.js')).toBe('const z = 0.5;\n');
    expect(await read('node_modules/dep/index.js')).toContain('const q = 1;');

    expect(outcome.summary).toBe('re-randomized 3 constants in program.js (lines 3, 4, 5)');
    expect(outcome.hypothesis).toMatch(/^moving the constants at program\.js:3 \(0\.5 -> [\d.]+\), .* improves the score$/);
    expect(outcome.usage).toEqual({ inputTokens: 0, outputTokens: 0, costUsd: 0 });
    expect(outcome.session).toBeUndefined();
    expect(outcome.transcriptPath).toBe(join(temp.logDir, 'transcript.md'));
    expect(await readFile(join(temp.logDir, 'transcript.md'), 'utf8')).toContain('re-randomized program.js:3: 0.5 -> ');
  });

  it('appends a findings.md entry, creating the workspace header when missing', async () => {
    await temp.write('program.js', PROGRAM);
    await createLocalAgent({ explorerMutations: 1 }).run(temp.task('explorer'), new AbortController().signal);
    const findings = await read('findings.md');
    expect(findings).toMatch(/^# Findings\n\nFactual log of what was tried in this lineage and what it scored\.\n\n### a1 — local explorer\n- hypothesis: moving the constant at program\.js:\d from \S+ to \S+ improves the score\n- changes: program\.js:\d \S+ -> \S+\n- result: not scored/);

    await createLocalAgent().run(temp.task('explorer', { seed: 12 }), new AbortController().signal);
    const again = await read('findings.md');
    expect(again.startsWith(findings)).toBe(true);
    expect(again.match(/### a1 — local explorer/g)).toHaveLength(2);
    expect(again.slice(findings.length)).toMatch(/^\n### a1 — local explorer\n/);
    expect(again.match(/# Findings/g)).toHaveLength(1);
  });

  it('is deterministic for a seed', async () => {
    await temp.write('program.js', PROGRAM);
    await createLocalAgent().run(temp.task('explorer', { seed: 5 }), new AbortController().signal);
    const first = await read('program.js');
    await temp.write('program.js', PROGRAM);
    await createLocalAgent().run(temp.task('explorer', { seed: 5 }), new AbortController().signal);
    expect(await read('program.js')).toBe(first);
    await temp.write('program.js', PROGRAM);
    await createLocalAgent().run(temp.task('explorer', { seed: 6 }), new AbortController().signal);
    expect(await read('program.js')).not.toBe(first);
  });

  it('mutates regions across several files and comment styles', async () => {
    await temp.write('a/solve.py', 'x = 1\n# EVOLVE-BLOCK-START\nRATE = 0.25  # was 0.3\n# EVOLVE-BLOCK-END\n');
    await temp.write('b/query.sql', '-- EVOLVE-BLOCK-START\nSELECT 42 LIMIT 10;\n-- EVOLVE-BLOCK-END\n');
    const outcome = await createLocalAgent({ explorerMutations: 3 }).run(temp.task('explorer'), new AbortController().signal);
    expect(outcome.summary).toBe('re-randomized 3 constants in a/solve.py (line 3), b/query.sql (line 2)');
    expect(await read('a/solve.py')).toMatch(/^x = 1\n# EVOLVE-BLOCK-START\nRATE = [\d.]+ {2}# was 0\.3\n/);
  });

  it('fails with a how-to message when no EVOLVE-BLOCK exists', async () => {
    await temp.write('program.js', 'const a = 1;\n');
    const outcome = await createLocalAgent().run(temp.task('explorer'), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toBe(
      `no EVOLVE-BLOCK regions found in ${temp.worktree}; mark the code to evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments`,
    );
    expect(await read('program.js')).toBe('const a = 1;\n');
  });

  it('fails when the regions hold no numbers, and when aborted before starting', async () => {
    await temp.write('program.js', '// EVOLVE-BLOCK-START\nconst a = b;\n// EVOLVE-BLOCK-END\n');
    const empty = await createLocalAgent().run(temp.task('explorer'), new AbortController().signal);
    expect(empty.error).toMatch(/hold no numeric literals/);

    await temp.write('program.js', PROGRAM);
    const controller = new AbortController();
    controller.abort();
    const aborted = await createLocalAgent().run(temp.task('explorer'), controller.signal);
    expect(aborted).toMatchObject({ status: 'failed', error: 'aborted' });
    expect(await read('program.js')).toBe(PROGRAM);
  });

  it('rejects bad options as configuration errors', () => {
    expect(() => createLocalAgent({ explorerMutations: 0 })).toThrow(/explorerMutations/);
    expect(() => createLocalAgent({ stepScale: -1 })).toThrow(/stepScale/);
  });
});

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { createLocalAgent } from '../../../src/agents/local/local-agent.js';
import { attemptId } from '../../../src/core/domain/ids.js';
import { GitWorkspace } from '../../../src/workspace/index.js';
import { createTempWorktree, type TempWorktree } from './temp-worktree.js';

/** The target repository's reader of files at a commit, as the run hands it to agents. */
const readerOf = async (dir: string) => {
  const workspace = await GitWorkspace.open(dir);
  return (commit: string, relPath: string) => workspace.readFileAt(commit, relPath);
};

const SCORER = fileURLToPath(new URL('./fixtures/score-constant.mjs', import.meta.url));
const EVAL_ARGV = [process.execPath, SCORER];
const program = (a: string): string => `// EVOLVE-BLOCK-START\nconst A = ${a};\n// EVOLVE-BLOCK-END\nconsole.log(A);\n`;
const constantOf = (text: string): number => Number(/const A = (.*);/.exec(text)?.[1]);

let temp: TempWorktree;
beforeEach(async () => {
  temp = await createTempWorktree();
});
afterEach(async () => {
  await temp.cleanup();
});

const read = (rel: string): Promise<string> => readFile(join(temp.worktree, rel), 'utf8');
const transcript = (): Promise<string> => readFile(join(temp.logDir, 'transcript.md'), 'utf8');
const countFile = (): string => join(temp.root, 'evaluations');
/** How often the eval command ran (with COUNT_FILE set to countFile()). */
const evaluations = async (): Promise<number> => (existsSync(countFile()) ? (await readFile(countFile(), 'utf8')).split('\n').filter(Boolean).length : 0);

describe('local agent, optimizer', () => {
  it('without a recorded parent score, evaluates the parent first, then keeps only steps that improve', async () => {
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 6, evalArgv: EVAL_ARGV });
    const outcome = await agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'value', COUNT_FILE: countFile() } }), new AbortController().signal);

    expect(outcome.status).toBe('completed');
    expect(await evaluations()).toBe(1 + 6);
    const log = await transcript();
    expect(log).toContain("evaluated the parent's program: 0.5");
    expect(log).not.toContain('recorded score');
    const kept = [...log.matchAll(/score ([\d.]+): improved, kept/g)].map((m) => Number(m[1]));
    const restored = [...log.matchAll(/score ([\d.]+): no gain, restored/g)].map((m) => Number(m[1]));
    expect(kept.length + restored.length).toBe(6);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    const final = constantOf(await read('program.js'));
    expect(final).toBe(kept.at(-1));
    expect(restored.every((score) => score <= final)).toBe(true);
    expect(outcome.summary).toMatch(/^tuned \d+ constants? in program\.js \(line 2\) in small steps, score 0\.5 -> [\d.]+ \(maximize\)$/);
    const findings = await read('findings.md');
    expect(findings).toContain('### a1 — local optimizer');
    expect(findings).toMatch(/- result: scores seen: 0\.5 \(start\), .*; final [\d.]+\n/);
    expect(findings).toContain(`- changes: program.js:2 0.5 -> ${final}\n`);
  });

  it("starts from the parent's recorded score and spends no evaluation on the parent", async () => {
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 4, evalArgv: EVAL_ARGV });
    const parentScore = { score: 0.5, direction: 'maximize' as const };
    const outcome = await agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'value', COUNT_FILE: countFile() }, parentScore }), new AbortController().signal);

    expect(outcome.status).toBe('completed');
    expect(await evaluations()).toBe(4);
    const log = await transcript();
    expect(log).toContain("parent's recorded score: 0.5 (not re-evaluated)");
    expect(log).not.toContain("evaluated the parent's program");
    const kept = [...log.matchAll(/score ([\d.]+): improved, kept/g)].map((m) => Number(m[1]));
    const restored = [...log.matchAll(/score ([\d.]+): no gain, restored/g)].map((m) => Number(m[1]));
    expect(kept.length + restored.length).toBe(4);
    // Against the recorded 0.5: a step is kept only when it beats it.
    expect(kept.every((score) => score > 0.5)).toBe(true);
    expect(restored.every((score) => score <= Math.max(0.5, ...kept))).toBe(true);
    expect(await read('findings.md')).toMatch(/- result: scores seen: 0\.5 \(start, recorded\), /);
  });

  it('keeps the first valid step when the recorded parent has no valid score', async () => {
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 2, evalArgv: EVAL_ARGV });
    const parentScore = { score: null, direction: 'maximize' as const };
    const outcome = await agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'peak', COUNT_FILE: countFile() }, parentScore }), new AbortController().signal);
    expect(await evaluations()).toBe(2);
    const log = await transcript();
    expect(log).toContain("parent's recorded score: invalid (not re-evaluated)");
    // Any valid score beats no score: the first step is kept, whatever its score.
    expect(log).toMatch(/step 1: tried .*; score -[\d.]+: improved, kept/);
    expect(outcome.summary).toMatch(/^tuned 1 constant in program\.js \(line 2\) in small steps, score — -> -[\d.]+ \(maximize\)$/);
  });

  it('ignores a recorded parent score when no eval command is configured', async () => {
    await temp.write('program.js', program('0.5'));
    const parentScore = { score: 0.5, direction: 'maximize' as const };
    const outcome = await createLocalAgent({ optimizerSteps: 2 }).run(temp.task('optimizer', { parentScore }), new AbortController().signal);
    const log = await transcript();
    expect(log).toContain('no eval command configured');
    expect(log).not.toContain('recorded score');
    expect(outcome.summary).toMatch(/\(not evaluated: no eval command\)$/);
  });

  it('respects a minimize direction', async () => {
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 6, evalArgv: EVAL_ARGV });
    await agent.run(temp.task('optimizer', { env: { SCORE_DIRECTION: 'minimize' } }), new AbortController().signal);
    expect(constantOf(await read('program.js'))).toBeLessThan(0.5);
  });

  it('restores the program when no step improves it', async () => {
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 3, evalArgv: EVAL_ARGV });
    const outcome = await agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'peak' } }), new AbortController().signal);
    expect(await read('program.js')).toBe(program('0.5'));
    expect(outcome.summary).toBe('none of 3 small steps improved the parent (score 0); program unchanged');
    expect((await transcript()).match(/no gain, restored/g)).toHaveLength(3);
  });

  it('treats a failing eval command as no gain and records why', async () => {
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 2, evalArgv: EVAL_ARGV });
    const outcome = await agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'garbage' } }), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    expect(await read('program.js')).toBe(program('0.5'));
    expect(await transcript()).toContain('eval failed: eval command printed no usable JSON (exit code 3): Traceback: something broke');
  });

  it('takes unevaluated small steps when no eval command is configured', async () => {
    await temp.write('program.js', program('0.5'));
    const outcome = await createLocalAgent({ optimizerSteps: 3 }).run(temp.task('optimizer'), new AbortController().signal);
    expect(await transcript()).toContain('no eval command configured');
    const a = constantOf(await read('program.js'));
    expect(a).not.toBe(0.5);
    expect(Math.abs(a - 0.5)).toBeLessThan(0.3);
    expect(outcome.summary).toBe('nudged 1 constant in program.js (line 2) in small steps (not evaluated: no eval command)');
  });

  const commitInspiration = async (a: string): Promise<string> => {
    const git = (...args: string[]) => execa('git', args, { cwd: temp.worktree });
    await git('init', '-q');
    await git('config', 'user.email', 't@example.com');
    await git('config', 'user.name', 't');
    await temp.write('program.js', program(a));
    await git('add', '-A');
    await git('commit', '-qm', 'inspiration');
    return (await git('rev-parse', 'HEAD')).stdout.trim();
  };

  it('moves constants towards an inspiration read from its commit, keeping only steps that improve', async () => {
    const commit = await commitInspiration('0.9');
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 6, evalArgv: EVAL_ARGV });
    const inspirations = [{ attemptId: attemptId('a7'), commit, score: 0.9 }, { attemptId: attemptId('a8'), commit: '0000000000000000000000000000000000000000', score: null }];
    const outcome = await agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'value' }, inspirations, readFileAt: await readerOf(temp.worktree) }), new AbortController().signal);

    expect(outcome.status).toBe('completed');
    const log = await transcript();
    expect(log).toMatch(/inspiration skipped: a8 \(00000000\) has no readable program\.js/);
    expect(log).toContain('inspirations: a7 (score 0.9); some steps move constants towards those that score better than the program');
    const borrowed = [...log.matchAll(/tried from a7: program\.js:2 ([\d.]+) -> ([\d.]+); score [\d.]+: (improved, kept|no gain, restored)/g)];
    expect(borrowed.length).toBeGreaterThan(0);
    // Every borrowed step moves the constant 30–100 % of the way towards 0.9.
    for (const [, from, to] of borrowed) {
      const [start, end] = [Number(from), Number(to)];
      expect(Math.abs(end - 0.9)).toBeLessThanOrEqual(0.7 * Math.abs(start - 0.9) + 1e-9);
      expect(Math.sign(end - start)).toBe(Math.sign(0.9 - start));
    }
    expect(constantOf(await read('program.js'))).toBeGreaterThan(0.5);
  });

  it('never moves towards an inspiration that scores worse than the program', async () => {
    const commit = await commitInspiration('0.2');
    await temp.write('program.js', program('0.5'));
    const agent = createLocalAgent({ optimizerSteps: 6, evalArgv: EVAL_ARGV });
    const inspirations = [{ attemptId: attemptId('a7'), commit, score: 0.2 }];
    await agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'value' }, inspirations, readFileAt: await readerOf(temp.worktree) }), new AbortController().signal);
    const log = await transcript();
    expect(log).toContain('inspirations: a7 (score 0.2);');
    expect(log.match(/; score [\d.]+: (improved, kept|no gain, restored)/g)).toHaveLength(6);
    expect(log).not.toContain('tried from a7');
  });

  it('on abort during an evaluation restores the unevaluated change and fails with "aborted"', async () => {
    await temp.write('program.js', program('0.5'));
    const mark = join(temp.root, 'mark');
    const controller = new AbortController();
    const agent = createLocalAgent({ optimizerSteps: 4, evalArgv: EVAL_ARGV });
    const running = agent.run(temp.task('optimizer', { env: { SCORE_MODE: 'hang-after-first', MARK_FILE: mark } }), controller.signal);
    while (!existsSync(mark)) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(constantOf(await read('program.js'))).not.toBe(0.5);
    controller.abort();
    const outcome = await running;
    expect(outcome).toMatchObject({ status: 'failed', error: 'aborted' });
    expect(await read('program.js')).toBe(program('0.5'));
    expect(await transcript()).toContain('aborted during step 1');
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { doctor as runDoctor, evaluate, show as runShow, status as runStatus, type AttemptDetail, type DoctorReport, type EvalHereResult, type RunSearchResult, type StatusReport } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';

/**
 * Issue 27, item 5: a larger repository with two swarm projects, `packages/opt` and
 * `packages/tune`, each with its own config, prompt, evaluator and program. The evaluator reads a
 * file of its own folder by a relative path, so it only works with that folder as its working
 * directory, in the checkout as in every worktree. `opt`'s evaluator also reads a gitignored data
 * file that only its own `.worktreeinclude` (patterns relative to `packages/opt`) carries in.
 */
const program = (a: number): string => `// EVOLVE-BLOCK-START
const a = ${a.toFixed(1)};
const b = 2.0;
// EVOLVE-BLOCK-END
console.log(JSON.stringify({ value: -((a - 3) ** 2) - ((b + 1) ** 2) }));
`;

const EVALUATOR = `const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const offset = Number(readFileSync('offset.txt', 'utf8'));
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value + offset, cwd_ok: 1 }));
`;

/** `opt`'s evaluator: also needs the gitignored data/bonus.txt (ENOENT, no score, without it). */
const EVALUATOR_OPT = EVALUATOR.replace("const out =", "const bonus = Number(readFileSync('data/bonus.txt', 'utf8'));\nconst out =").replace('out.value + offset', 'out.value + offset + bonus');

const config = (attempts: number): string => JSON.stringify({
  task: { prompt: 'prompt.md', solutionFiles: ['prog.js'] },
  evaluator: { command: 'node evaluate.js', protect: ['evaluate.js', 'offset.txt'], timeout: '60s' },
  budget: { attempts },
  concurrency: { agents: 2, evaluations: 2 },
  shepherd: { initialExplorers: 2, waveSize: 2 },
}, null, 2);

const attemptRow = z.object({ id: z.string(), status: z.string(), score: z.number().nullable() });

describe('projects in a subdirectory of a larger repository (issue 27, item 5)', () => {
  let root: string;
  let opt: string;
  let tune: string;
  let doctor: DoctorReport;
  let run: RunSearchResult;
  let otherRun: RunSearchResult;
  let status: StatusReport;
  let show: AttemptDetail;
  let evaluation: EvalHereResult;
  let dirtyDoctor: DoctorReport;
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, encoding: 'utf8' });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'swarm-monorepo-'));
    opt = join(root, 'packages', 'opt');
    tune = join(root, 'packages', 'tune');
    for (const [dir, offset] of [[opt, 0], [tune, 100]] as const) {
      mkdirSync(join(dir, 'src'), { recursive: true });
      writeFileSync(join(dir, 'prog.js'), program(1));
      writeFileSync(join(dir, 'evaluate.js'), dir === opt ? EVALUATOR_OPT : EVALUATOR);
      writeFileSync(join(dir, 'offset.txt'), String(offset));
      writeFileSync(join(dir, 'prompt.md'), `Make the score of ${dir.endsWith('opt') ? 'opt' : 'tune'} high.\n`);
      writeFileSync(join(dir, '.swarmrc.json'), config(4));
    }
    // The rest of the repository: a root program with its own EVOLVE-BLOCK the projects must leave alone.
    writeFileSync(join(root, 'prog.js'), program(9));
    writeFileSync(join(root, 'README.md'), 'a monorepo\n');
    // opt's data folder: ignored by the project's .gitignore, carried by the project's .worktreeinclude.
    writeFileSync(join(opt, '.gitignore'), 'data/\n');
    writeFileSync(join(opt, '.worktreeinclude'), '# relative to packages/opt\ndata/\n');
    mkdirSync(join(opt, 'data'));
    writeFileSync(join(opt, 'data', 'bonus.txt'), '0');
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'monorepo');
    // Run from a folder below the project: the nearest .swarmrc.json above it is the project's.
    doctor = await runDoctor({ cwd: join(opt, 'src') });
    evaluation = await evaluate({ cwd: join(opt, 'src'), signal: new AbortController().signal });
    ({ result: run } = await runApi(join(opt, 'src')));
    status = await runStatus({ cwd: opt });
    show = await runShow({ cwd: opt, attemptId: 'a2' });
    // The other project, through --config relative to the working directory (the repository root).
    ({ result: otherRun } = await runApi(root, { configFile: 'packages/tune/.swarmrc.json', overrides: { attempts: 3 } }));
    // An evaluator edited but not committed: doctor names it by its repository path.
    writeFileSync(join(tune, 'evaluate.js'), `${EVALUATOR}// tuned\n`);
    dirtyDoctor = await runDoctor({ cwd: tune });
    git('checkout', '--', 'packages/tune/evaluate.js');
  }, 400_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const attempts = (dir: string): Array<z.infer<typeof attemptRow>> => {
    const db = new Database(join(dir, '.swarm', 'swarm.db'), { readonly: true });
    try {
      return z.array(attemptRow).parse(db.prepare('SELECT id, status, score FROM attempts ORDER BY seq').all());
    } finally {
      db.close();
    }
  };

  /** Each problem as doctor prints it: `✗ <problem>: <fix>` (a problem fails doctor: exit 1). */
  const problems = (report: DoctorReport): string[] => (report.project?.problems ?? []).map((p) => `${p.problem}: ${p.fix}`);

  it('doctor reads the project\'s config from a folder below it', () => {
    expect(doctor.config).toBe(join(opt, '.swarmrc.json'));
    expect(doctor.configured).toBe('local');
    expect(doctor.backends.find((b) => b.backend === 'local')?.ok).toBe(true);
    expect(doctor.project?.root).toBe(opt);
    expect(problems(doctor)).toEqual([]);
    expect(doctor.project?.baseline).toMatchObject({ ok: true, score: -13 });
  });

  it('doctor names an uncommitted evaluator of a project in a subfolder, with the fix', () => {
    const found = problems(dirtyDoctor).join('\n');
    expect(found).toContain('packages/tune/evaluate.js (the evaluator) has uncommitted changes');
    expect(found).toContain('commit it (in packages/tune): git add evaluate.js');
  });

  it('swarm eval scores the checkout with the project folder as the evaluator\'s working directory', () => {
    expect(evaluation).toMatchObject({ valid: true, score: -13 });
  });

  it('runs with .swarm/ beside the config: the baseline and the attempts score in the project folder of each worktree', () => {
    expect(run).toMatchObject({ runId: 'r1', status: 'finished', problem: null });
    expect(existsSync(join(opt, '.swarm', 'swarm.db'))).toBe(true);
    expect(existsSync(join(root, '.swarm'))).toBe(false);
    const rows = attempts(opt);
    expect(rows[0]).toMatchObject({ id: 'a1', status: 'scored', score: -13 });
    expect(rows.filter((r) => r.status === 'scored').length).toBe(rows.length);
    expect(rows.length).toBe(5);
    // Every score above needed data/bonus.txt, which only the project's .worktreeinclude carries in; no commit holds it.
    const branches = git('for-each-ref', '--format=%(refname:short)', 'refs/heads/swarm/').trim().split('\n');
    for (const branch of branches) expect(git('ls-tree', '-r', '--name-only', branch)).not.toContain('data/bonus.txt');
  });

  it('agents change only the project\'s files; findings.md lives in the project folder', () => {
    const branches = git('for-each-ref', '--format=%(refname:short)', 'refs/heads/swarm/').trim().split('\n');
    const changed = new Set(branches.flatMap((branch) => git('diff', '--name-only', 'main', branch).trim().split('\n').filter((f) => f !== '')));
    expect([...changed].sort()).toEqual(expect.arrayContaining(['packages/opt/findings.md', 'packages/opt/prog.js']));
    for (const file of changed) expect(file.startsWith('packages/opt/') || file.startsWith('packages/tune/'), file).toBe(true);
    expect(readFileSync(join(root, 'prog.js'), 'utf8')).toBe(program(9));
  });

  it('status and show answer from the project folder', () => {
    expect(status.run.id).toBe('r1');
    expect(status.attempts.find((a) => a.id === 'a1')).toMatchObject({ wave: 0, role: 'baseline', status: 'scored', score: -13 });
    expect(show.attempt.id).toBe('a2');
    expect(show.branch).toBe('swarm/r1/a2');
    expect(show.diffStat?.paths.some((path) => /prog\.js$/.test(path))).toBe(true);
  });

  it('a second project of the same repository keeps its own state and branches: no collision', () => {
    expect(otherRun).toMatchObject({ runId: 'r2', status: 'finished', problem: null });
    const rows = attempts(tune);
    expect(rows[0]).toMatchObject({ id: 'a1', status: 'scored', score: 87 });
    expect(rows.filter((r) => r.status === 'scored').length).toBe(rows.length);
    expect(attempts(opt).length).toBe(5);
    const runs = git('for-each-ref', '--format=%(refname:short)', 'refs/heads/swarm/').trim().split('\n').map((b) => b.split('/')[1]);
    expect(new Set(runs)).toEqual(new Set(['r1', 'r2']));
  });
});

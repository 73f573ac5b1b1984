import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { isSwarmError, runSearch, status as runStatus, type StatusReport } from '../../../src/index.js';
import { thrownBy } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

// The same program scored 100 higher: an evaluator changed between two runs.
const SHIFTED_EVALUATOR = `const { execFileSync } = require('node:child_process');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value + 100, feedback: 'value ' + out.value }));
`;

const statusOf = async (repo: ToyRepo, run: string): Promise<StatusReport> => runStatus({ cwd: repo.dir, runId: run });

describe('memory across runs', () => {
  it('--from imports the best attempts, measures them again with a changed evaluator, and the digest reaches explorers', async () => {
    const repo = createToyRepo({ budget: { attempts: 4 }, shepherd: { policy: 'greedy', memory: true } });
    repos.push(repo);
    expect(await runSearch({ cwd: repo.dir })).toMatchObject({ status: 'finished', problem: null });
    const memoryFile = join(repo.dir, '.swarm', 'memory.md');
    expect(existsSync(memoryFile)).toBe(true);
    const digest = readFileSync(memoryFile, 'utf8');
    expect(digest).toContain('## Run r1');
    expect(digest).toMatch(/baseline -13; best a\d+ score = /);

    const first = await statusOf(repo, 'r1');
    const ranked = first.attempts.filter((a) => a.role !== 'baseline' && a.status === 'scored' && a.score !== null).sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    expect(ranked.length).toBeGreaterThan(1);
    writeFileSync(join(repo.dir, 'evaluate.js'), SHIFTED_EVALUATOR);
    repo.git('commit', '-qam', 'evaluator: shifted by 100');
    const head = repo.git('rev-parse', 'HEAD').trim();

    const progress: string[] = [];
    const second = await runSearch({ cwd: repo.dir, newRun: true, from: { fromRun: 'r1', top: 2 }, overrides: { attempts: 4 }, report: (line) => progress.push(line) });
    expect(second).toMatchObject({ runId: 'r2', status: 'finished', problem: null });
    expect(progress.join('\n')).toMatch(/imported r1\/a\d+ as a\d+/);
    const status = await statusOf(repo, 'r2');
    const imports = status.imports ?? [];
    expect(imports.map((i) => i.from)).toEqual(ranked.slice(0, 2).map((a) => `r1/${a.id}`));
    for (const imported of imports) {
      const row = status.attempts.find((a) => a.id === imported.id);
      const source = ranked.find((a) => `r1/${a.id}` === imported.from);
      expect(row?.operator).toBe('import');
      expect(row?.flags).toContain(`imported:${imported.from}`);
      // Measured again by the changed evaluator, not copied.
      expect(row?.score).toBeCloseTo((source?.score ?? 0) + 100, 9);
      expect(imported.fromScore).toBe(source?.score);
    }
    expect(status.baseline?.score).toBe(-13 + 100);
    expect(status.best?.score).toBeGreaterThanOrEqual((ranked[0]?.score ?? 0) + 100);
    // Children of an import carry the new evaluator: none is invalid for a protected file.
    expect(status.attempts.some((a) => a.flags.includes('protected-violation'))).toBe(false);
    // How `swarm status` renders the imports and the role column: test/cli/render/run-memory.test.ts.
    // The backends line counts an import under the backend that made it in r1.
    expect(status.backends?.map((b) => b.name)).toEqual(['local']);
    for (const imported of imports) expect(status.attempts.find((a) => a.id === imported.id)?.backend).toBe('local');

    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true, fileMustExist: true });
    const run = db.prepare("SELECT base_commit AS base FROM runs WHERE id = 'r2'").get() as { base: string };
    const prompts = db.prepare("SELECT prompt FROM attempts WHERE run_id = 'r2' AND role = 'explorer' AND operator != 'import' AND prompt IS NOT NULL").all() as Array<{ prompt: string }>;
    db.close();
    expect(run.base).toBe(head);
    expect(prompts.length).toBeGreaterThan(0);
    for (const { prompt } of prompts) expect(prompt).toContain('# Memory of earlier runs');
    expect(readFileSync(memoryFile, 'utf8')).toMatch(/## Run r2[\s\S]*Started from r1\/a\d+, r1\/a\d+[\s\S]*## Run r1/);

    // An unknown --from run is refused as a usage error (the CLI's exit 2: test/cli/commands/run-memory.test.ts).
    const unknown = await thrownBy(runSearch({ cwd: repo.dir, newRun: true, from: { fromRun: 'r9', top: 3 } }));
    expect(isSwarmError(unknown) && unknown.code).toBe('USAGE');
    expect(unknown instanceof Error && unknown.message).toContain('--from r9: no earlier run with that id');
    expect((await statusOf(repo, 'r2')).run.status).toBe('finished');
  }, 300_000);
});

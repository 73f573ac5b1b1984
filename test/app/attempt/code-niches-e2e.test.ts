import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runSearch, show } from '../../../src/index.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

interface Row {
  id: string;
  role: string;
  head_commit: string | null;
  code_signature_json: string | null;
}

const read = <T>(repo: ToyRepo, sql: string): T[] => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};

/** The toy program's two constants at a commit, read with git, not with swarm's code. */
const constants = (repo: ToyRepo, commit: string): [number, number] => {
  const text = repo.git('show', `${commit}:prog.js`);
  return [Number(/const a = ([^;]+);/.exec(text)?.[1]), Number(/const b = ([^;]+);/.exec(text)?.[1])];
};

const way = (now: number, then: number, site: string): string[] => (now === then ? [] : [`${site}${now > then ? '+' : '-'}`]);

describe('code signatures', () => {
  it('records for every attempt which constants moved which way from the baseline, and swarm keeps niches by them', async () => {
    const repo = createToyRepo({ budget: { attempts: 10 }, shepherd: { codeNiches: true, initialExplorers: 4, waveSize: 3 } });
    repos.push(repo);
    const run = await runSearch({ cwd: repo.dir, overrides: { policy: 'swarm' } });
    expect(run).toMatchObject({ status: 'finished', problem: null });
    const rows = read<Row>(repo, 'SELECT id, role, head_commit, code_signature_json FROM attempts ORDER BY seq');
    const baseline = rows.find((r) => r.role === 'baseline');
    const searchers = rows.filter((r) => r.role !== 'baseline' && r.head_commit !== null);
    expect(baseline?.head_commit).toBeTruthy();
    expect(searchers.length).toBeGreaterThanOrEqual(8);
    const [a0, b0] = constants(repo, baseline?.head_commit ?? '');
    for (const row of searchers) {
      const [a, b] = constants(repo, row.head_commit ?? '');
      const sites = [...way(a, a0, '1:1.1'), ...way(b, b0, '1:2.1')];
      // Every audited attempt has one, including an optimizer that kept nothing (its parent's files are compared too).
      expect(JSON.parse(row.code_signature_json ?? 'null'), row.id).toEqual(sites.length === 0 ? {} : { 'prog.js': sites });
    }
    const moved = searchers.find((r) => r.code_signature_json !== '{}');
    // What `swarm show` reports (its rendering: test/export/show-attempt.test.ts): the sites that moved, as read with git.
    const shown = await show({ cwd: repo.dir, attemptId: moved?.id ?? 'a2' });
    const [a, b] = constants(repo, moved?.head_commit ?? '');
    expect(shown.codeSignature).toBe(`prog.js ${[...way(a, a0, '1:1.1'), ...way(b, b0, '1:2.1')].join(' ')}`);
    expect(shown.codeSignature).toMatch(/^prog\.js 1:[12]\.1[+-]/);
    const rationales = read<{ rationale: string }>(repo, 'SELECT rationale FROM waves WHERE number > 1').map((w) => w.rationale).join('\n');
    expect(rationales).toMatch(/code prog\.js 1:1\.1[+-]/);
    expect(rationales).not.toMatch(/lineage a\d+/);
  }, 120_000);
});

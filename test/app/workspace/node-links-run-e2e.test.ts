import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { status } from '../../../src/index.js';
import { runApi } from '../../support/api-run.js';
import { NODE_LINK_SCENARIOS } from '../../support/node-link-projects.js';
import { makeProject } from './project-repos.js';
import { doctorFindings } from './doctor-findings.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Two agent attempts after the baseline, one at a time: the fixture agent breaks the package in a2 and improves it in a3. */
const BASE = {
  agent: { backend: 'command', command: { argv: ['node', 'agent.js'] } },
  budget: { attempts: 2 },
  concurrency: { agents: 1, evaluations: 1 },
  shepherd: { policy: 'random', initialExplorers: 1, waveSize: 1 },
};

interface AttemptRow {
  id: string;
  status: string;
  score: number | null;
}

const attemptsOf = async (dir: string): Promise<AttemptRow[]> => (await status({ cwd: dir })).attempts.map((a) => ({ id: a.id, status: a.status, score: a.score }));

const provisionedSetups = (dir: string): Array<{ id: string; ran: boolean; reused: boolean }> => {
  const db = new Database(join(dir, '.swarm', 'swarm.db'), { readonly: true });
  const rows = db.prepare("SELECT attempt_id AS id, data_json AS data FROM events WHERE type = 'attempt.provisioned' ORDER BY id").all() as Array<{ id: string; data: string }>;
  db.close();
  return rows.map((row) => ({ id: row.id, ...(JSON.parse(row.data) as { setup: { ran: boolean; reused: boolean } }).setup }));
};

describe.each(NODE_LINK_SCENARIOS)('a package the tests require through $name', (scenario) => {
  it('linked from the checkout it is refused (it resolves into the checkout); built per worktree by setup and cached, a broken attempt is invalid and a good one scores its own code', async () => {
    // npm link's global folder stays in the test's temp dirs.
    const prefix = realpathSync(mkdtempSync(join(tmpdir(), 'swarm-npm-prefix-')));
    cleanups.push(() => rmSync(prefix, { recursive: true, force: true }));
    const env = { npm_config_prefix: prefix };
    const evaluator = { command: 'node test.js', protect: ['test.js', 'agent.js'], timeout: '60s', env };
    const repo = makeProject(scenario.files, { ...BASE, evaluator, workspace: { link: ['node_modules'] } });
    cleanups.push(repo.cleanup);
    repo.sh(`npm_config_prefix=${prefix} sh -c '${scenario.install}'`);
    // As npm writes it: relative, into the checkout's own package folder.
    expect(repo.sh('readlink node_modules/sorty').trim()).toBe(scenario.packageDir === 'sorty' ? '../sorty' : '../packages/sorty');

    const linked = await doctorFindings(repo.dir);
    expect(linked.baseline?.ok ?? false).toBe(false);
    const refused = linked.problems.find((p) => /^(node_modules|\.venv) it would run/.test(p)) ?? '';
    expect(refused).toMatch(/^node_modules it would run your checkout's code, not the attempt's: node_modules: sorty \(node_modules link \(npm link, a workspace or a file: dependency\)\) → \S+\/sorty/);

    repo.configure({ ...BASE, evaluator, workspace: { setup: scenario.setup } });
    // doctor builds node_modules once in its worktree and caches it...
    const built = await doctorFindings(repo.dir);
    expect(built.baseline, built.progress.join('\n')).toMatchObject({ ok: true, score: 1 });
    // ...and every attempt's worktree gets it from the cache, its links relative to that worktree.
    const { result, lines } = await runApi(repo.dir);
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const attempts = await attemptsOf(repo.dir);
    expect(attempts.find((a) => a.id === 'a1')).toMatchObject({ status: 'scored', score: 1 });
    expect(attempts.find((a) => a.id === 'a2')).toMatchObject({ status: 'invalid' });
    expect(attempts.find((a) => a.id === 'a3')).toMatchObject({ status: 'scored', score: 2 });
    const setups = provisionedSetups(repo.dir);
    expect(setups.length).toBeGreaterThanOrEqual(3);
    expect(setups.every((s) => !s.ran && s.reused), JSON.stringify(setups)).toBe(true);
  }, 240_000);
});

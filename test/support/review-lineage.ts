import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SwarmStore } from '../../src/store/swarm-store.js';
import type { ToyRepo } from './toy-repo.js';

// The toy program's value plus noise drawn from the seed AND the program text: a program change
// that does nothing for the value still moves its scores, as real noise does.
export const NOISY_EVAL = `const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
const digest = createHash('sha256').update(process.env.SWARM_SEED + ':' + readFileSync('prog.js', 'utf8')).digest();
const noise = digest.readUInt32BE(0) / 2 ** 32 - 0.5;
console.log(JSON.stringify({ score: out.value + noise }));
`;

// The toy program with its two constants and its comment far enough apart that a revert of one
// change applies cleanly beside the others (git conflicts on adjacent lines).
export const PROGRAM = `// EVOLVE-BLOCK-START
const a = 1.0;
const pad1 = 0;
const pad2 = 0;
const pad3 = 0;
const pad4 = 0;
const b = 2.0;
const pad5 = 0;
const pad6 = 0;
const pad7 = 0;
const pad8 = 0;
// EVOLVE-BLOCK-END
console.log(JSON.stringify({ value: -((a - 3) ** 2) - ((b + 1) ** 2) + pad1 + pad2 + pad3 + pad4 + pad5 + pad6 + pad7 + pad8 }));
`;

/**
 * A real lineage a1 (baseline) → a2 (essential: a = 3, +4) → a3 (useless: a comment) → a4 (its
 * change to `b` conflicts with nothing, and a2's revert is clean), recorded in a real store the way
 * a run records it: the agent's commit is the evaluated head, the findings entry the branch tip.
 */
export const buildLineage = (repo: ToyRepo): void => {
  const git = repo.git;
  const head = (): string => git('rev-parse', 'HEAD').trim();
  const step = (edit: () => void, message: string): { head: string; tip: string } => {
    edit();
    appendFileSync(join(repo.dir, 'findings.md'), `- ${message} (agent's note)\n`);
    git('add', '-A');
    git('commit', '-q', '-m', message);
    const evaluated = head();
    appendFileSync(join(repo.dir, 'findings.md'), `- ${message} | score recorded\n`);
    git('commit', '-q', '-am', `findings: ${message}`);
    return { head: evaluated, tip: head() };
  };
  const base = head();
  const edit = (from: string, to: string) => (): void => {
    const file = join(repo.dir, 'prog.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
  };
  const baseline = step(() => writeFileSync(join(repo.dir, 'findings.md'), '# findings\n'), 'baseline');
  const essential = step(edit('const a = 1.0;', 'const a = 3.0;'), 'set a to 3');
  const useless = step(edit('// EVOLVE-BLOCK-END', '// tidied up\n// EVOLVE-BLOCK-END'), 'tidy a comment');
  const last = step(edit('const b = 2.0;', 'const b = 0.0;'), 'set b to 0');
  const store = SwarmStore.open(join(repo.dir, '.swarm', 'swarm.db'));
  try {
    const run = store.createRun({ description: 'toy', metric: 'score', direction: 'maximize', baseCommit: base, baseBranch: 'main', configJson: '{}', attemptBudget: 4, ownerPid: process.pid });
    let parent: string | null = null;
    for (const [role, commits, seed] of [['baseline', baseline, 1], ['explorer', essential, 2], ['optimizer', useless, 3], ['optimizer', last, 4]] as const) {
      const attempt = store.createAttempt({ runId: run.id, wave: 0, role, operator: 'explore', backend: 'local', seed, context: null, parents: parent === null ? [] : [parent], informedBy: [], paths: (id) => ({ branch: `swarm/${run.id}/${id}`, logDir: join(repo.dir, '.swarm', 'logs', id) }) });
      store.updateAttempt(attempt.id, { status: 'scored', phase: 'done', headCommit: commits.head, tipCommit: commits.tip, score: 0, valid: true });
      store.addEvaluation(attempt.id, 'official', { metrics: {}, score: 0, valid: true, reason: null, feedback: null, instances: null, artifacts: null, exitCode: 0, signal: null, timedOut: false, durationMs: 1, stdoutTail: '', stderrTail: '', jobId: null, stage: 'main', seed, commit: commits.head });
      parent = attempt.id;
    }
    store.updateRun(run.id, { status: 'finished', ownerPid: null });
  } finally {
    store.close();
  }
};


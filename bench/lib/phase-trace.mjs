import { median } from './stats.mjs';

/** Which life-cycle step a child process belongs to, by its git subcommand (see trace-spawn.mjs). */
const STEP_OF = {
  'worktree add': 'prepare',
  'worktree remove': 'release',
  'worktree prune': 'release',
  'fast-import': 'record',
  reset: 'record',
  clean: 'record',
  add: 'commit',
  commit: 'commit',
  'rev-parse HEAD': 'commit',
  'diff --numstat': 'commit',
  'diff --cached': 'commit',
  show: 'checks',
  'ls-tree': 'checks',
  'diff --name-only': 'checks',
  'cat-file': 'checks',
};

const stepOf = (argv) => {
  if (!argv.startsWith('git ')) return 'evaluate';
  // `git -c key=value ... <subcommand> <first argument>`
  const words = argv.slice(4).split(' ');
  while (words[0] === '-c') words.splice(0, 2);
  const [command = '', first = ''] = words;
  return STEP_OF[`${command} ${first}`] ?? STEP_OF[command] ?? 'other git';
};

export const STEPS = ['prepare', 'agent', 'commit', 'checks', 'evaluate', 'record', 'releaseAndPlan'];

/**
 * Where every millisecond of an attempt goes, from the attempt timeline (store, run log, file
 * times) and the spawn trace of the same run: the life cycle is cut at the agent's start and end,
 * the end of the commit's git calls, the evaluator's start and end, and the attempt's finish;
 * the pieces add up to the life cycle. Per step also the git processes started in it and their ms.
 */
export const phaseTrace = (rows, spawns) =>
  rows
    .filter((r) => r.lifecycleMs !== null && r.phases.prepare !== null && r.phases.commitAndChecks !== null && r.agentMs !== null)
    .map((r) => {
      const end = r.createdAt + r.lifecycleMs;
      const inside = spawns.filter((s) => s.start >= r.createdAt && s.start < end).map((s) => ({ ...s, step: stepOf(s.argv) }));
      const agentEnd = r.createdAt + r.phases.prepare + r.agentMs;
      const commits = inside.filter((s) => s.step === 'commit' && s.start >= agentEnd);
      const commitEnd = commits.length === 0 ? agentEnd : Math.max(...commits.map((s) => s.end));
      const commit = Math.min(r.phases.commitAndChecks, commitEnd - agentEnd);
      const steps = {
        prepare: r.phases.prepare,
        agent: r.agentMs,
        commit,
        checks: r.phases.commitAndChecks - commit,
        evaluate: r.evalMs,
        record: r.phases.record,
        releaseAndPlan: r.phases.releaseAndPlan,
      };
      const git = {};
      for (const s of inside.filter((x) => x.git)) {
        const entry = (git[s.step] ??= { calls: 0, ms: 0 });
        entry.calls += 1;
        entry.ms += s.end - s.start;
      }
      return { id: r.id, role: r.role, lifecycleMs: r.lifecycleMs, steps, git };
    });

/** Medians per step over the traced attempts (explorers), with the git calls of each step. */
export const summarizePhaseTrace = (traced) => {
  const steps = Object.fromEntries(STEPS.map((step) => [step, median(traced.map((t) => t.steps[step]).filter((v) => v !== null))]));
  const gitSteps = [...new Set(traced.flatMap((t) => Object.keys(t.git)))];
  const git = Object.fromEntries(gitSteps.map((step) => [step, { calls: median(traced.map((t) => t.git[step]?.calls ?? 0)), ms: median(traced.map((t) => t.git[step]?.ms ?? 0)) }]));
  return { attempts: traced.length, lifecycleMedianMs: median(traced.map((t) => t.lifecycleMs)), stepsMedianMs: steps, git };
};

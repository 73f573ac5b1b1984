// Turns the benchmark's runs into the tables of docs/policies.md (markdown), per task and per
// seed group: tuning seeds (what the policies were adjusted on) and held-out seeds (the claims).
import { bootstrapMedian, median, pairedAgainst } from './statistics.mjs';

export const SEED_GROUPS = [
  { name: 'tuning', label: 'tuning seeds 1–10', from: 1, to: 10 },
  { name: 'held-out', label: 'held-out seeds 11–20', from: 11, to: 20 },
];

const fmt = (value, digits = 3) => (value === null || value === undefined || Number.isNaN(value) ? '—' : Number.isInteger(value) ? String(value) : value.toFixed(digits));

/** One row per policy: the figures the docs print. */
export const summarizeGroup = (runs, policies) => {
  const sign = (runs[0]?.direction ?? 'maximize') === 'maximize' ? 1 : -1;
  const greedy = runs.filter((r) => r.policy === 'greedy');
  return policies
    .map((policy) => {
      const mine = runs.filter((r) => r.policy === policy && r.best !== null).sort((a, b) => a.seed - b.seed);
      if (mine.length === 0) return null;
      const bests = mine.map((r) => r.best);
      const successes = mine.filter((r) => r.success);
      return {
        policy,
        seeds: mine.map((r) => r.seed),
        runs: mine.length,
        medianBest: median(bests),
        interval: bootstrapMedian(bests, { seed: 17 }),
        vsGreedy: policy === 'greedy' ? null : pairedAgainst(mine, greedy, sign),
        successes: successes.length,
        medianEvaluationsToSuccess: successes.length > mine.length / 2 ? median(mine.map((r) => r.evaluationsToSuccess ?? Number.POSITIVE_INFINITY)) : null,
        medianAttemptsToSuccess: successes.length > mine.length / 2 ? median(mine.map((r) => r.attemptsToSuccess ?? Number.POSITIVE_INFINITY)) : null,
        medianEvaluations: median(mine.map((r) => r.evaluations)),
        medianAttempts: median(mine.map((r) => r.attempts)),
        medianAgentSeconds: median(mine.map((r) => r.agentSeconds)),
        medianLineagesAlive: median(mine.map((r) => r.lineagesAlive)),
        bests,
      };
    })
    .filter((row) => row !== null);
};

const SEARCH_POLICIES = new Set(['swarm', 'evolve', 'rsi']);

/**
 * Issue 18's goal on a task for one seed group's rows (of summarizeGroup), as one line: whether it
 * is met and by which policy, with the figures that decide it. Null when the task states no goal.
 * Counts are over the seeds that ran; fewer than 10 seeds cannot meet a count "of 10".
 */
export const goalVerdict = (goal, rows) => {
  if (!goal) return null;
  if (goal.solve) {
    // Greedy and random are the comparison ("greedy and random for comparison"), not candidates.
    const search = rows.filter((r) => SEARCH_POLICIES.has(r.policy));
    if (search.length === 0) return null;
    const most = Math.max(...search.map((r) => r.successes));
    const winners = search.filter((r) => r.successes === most && most >= goal.solve.solved && r.runs >= 10);
    const figures = rows.map((r) => `\`${r.policy}\` ${r.successes}/${r.runs}`).join(', ');
    return `goal (a search policy solves >= ${goal.solve.solved} of 10 seeds; greedy and random for comparison): ${winners.length > 0 ? `met by ${winners.map((r) => `\`${r.policy}\``).join(', ')}` : 'not met'}; solved ${figures}`;
  }
  const { wins, reach, greedyAtMost } = goal.beatGreedy;
  const greedy = rows.find((r) => r.policy === 'greedy');
  const search = rows.filter((r) => SEARCH_POLICIES.has(r.policy) && r.vsGreedy !== null);
  if (greedy === undefined || search.length === 0) return null;
  const passes = (r) => r.vsGreedy.wins >= wins && r.successes >= reach && r.runs >= 10;
  const winner = search.find(passes);
  const met = winner !== undefined && greedy.successes <= greedyAtMost;
  const figures = search.map((r) => `\`${r.policy}\` ${r.vsGreedy.wins} wins, ${r.successes}/${r.runs} reached`).join('; ');
  return `goal (a search policy beats greedy on >= ${wins} of 10 paired seeds and reaches the better region on >= ${reach} where greedy reaches it on <= ${greedyAtMost}): ${met ? `met by \`${winner.policy}\`` : 'not met'}; greedy ${greedy.successes}/${greedy.runs} reached; ${figures}`;
};

/** The markdown of one task and seed group (empty when no run of it exists). */
export const renderGroup = (task, group, runs, policies) => {
  const rows = summarizeGroup(runs, policies);
  if (rows.length === 0) return '';
  const hasSuccess = task.success !== null;
  const head = ['policy', 'median best [95 % CI]', 'vs greedy (w/t/l)', ...(hasSuccess ? ['better region', 'evals to it (median)', 'attempts to it (median)'] : []), 'evaluations used', 'attempts', 'agent-s', 'lineages alive', 'bests by seed'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const vs = r.vsGreedy === null ? '—' : `${r.vsGreedy.wins}/${r.vsGreedy.ties}/${r.vsGreedy.losses}`;
    const reach = (v) => (v === null ? `>${task.evaluations}` : Number.isFinite(v) ? fmt(v, 1) : `>${task.evaluations}`);
    const cells = [
      `\`${r.policy}\``,
      `${fmt(r.medianBest)} [${fmt(r.interval?.[0])}, ${fmt(r.interval?.[1])}]`,
      vs,
      ...(hasSuccess ? [`${r.successes}/${r.runs}`, reach(r.medianEvaluationsToSuccess), r.medianAttemptsToSuccess === null || !Number.isFinite(r.medianAttemptsToSuccess) ? '—' : fmt(r.medianAttemptsToSuccess, 1)] : []),
      fmt(r.medianEvaluations, 1),
      fmt(r.medianAttempts, 1),
      fmt(r.medianAgentSeconds, 0),
      fmt(r.medianLineagesAlive, 1),
      r.bests.map((b) => fmt(b)).join(' '),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const seeds = [...new Set(rows.flatMap((r) => r.seeds))].sort((a, b) => a - b);
  const ran = seeds.length === 1 ? `seed ${seeds[0]}` : `seeds ${seeds.join(', ')}`;
  const verdict = task.variant ? null : goalVerdict(task.goal, rows);
  const goal = verdict === null ? '' : `\n${group.name === 'held-out' ? verdict : `${verdict} (tuning seeds: not a claim)`}\n`;
  return `**${task.name}${task.variant ? ` (${task.variant})` : ''}, ${group.label}**: ${ran} (${seeds.length} of 10); evaluation budget ${task.evaluations}\n\n${lines.join('\n')}\n${goal}`;
};

/** Every task × seed group, in the given order. */
export const renderTables = (tasks, runs, policies) =>
  tasks
    .flatMap((task) =>
      SEED_GROUPS.map((group) => renderGroup(task, group, runs.filter((r) => r.task === task.name && !r.error && r.seed >= group.from && r.seed <= group.to), policies)),
    )
    .filter((text) => text !== '')
    .join('\n');

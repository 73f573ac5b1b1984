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

/** The markdown of one task and seed group (empty when no run of it exists). */
export const renderGroup = (task, group, runs, policies) => {
  const rows = summarizeGroup(runs, policies);
  if (rows.length === 0) return '';
  const hasSuccess = task.success !== null;
  const head = ['policy', 'median best [95 % CI]', 'vs greedy (w/t/l)', ...(hasSuccess ? ['better region', 'evals to it (median)', 'attempts to it (median)'] : []), 'evaluations used', 'attempts', 'agent-s', 'lineages alive', 'bests by seed'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const vs = r.vsGreedy === null ? '—' : `${r.vsGreedy.wins}/${r.vsGreedy.ties}/${r.vsGreedy.losses}`;
    const reach = (v) => (v === null ? `>${task.evaluations}` : Number.isFinite(v) ? fmt(v) : `>${task.evaluations}`);
    const cells = [
      `\`${r.policy}\``,
      `${fmt(r.medianBest)} [${fmt(r.interval?.[0])}, ${fmt(r.interval?.[1])}]`,
      vs,
      ...(hasSuccess ? [`${r.successes}/${r.runs}`, reach(r.medianEvaluationsToSuccess), r.medianAttemptsToSuccess === null || !Number.isFinite(r.medianAttemptsToSuccess) ? '—' : fmt(r.medianAttemptsToSuccess)] : []),
      fmt(r.medianEvaluations),
      fmt(r.medianAttempts),
      fmt(r.medianAgentSeconds, 0),
      fmt(r.medianLineagesAlive),
      r.bests.map((b) => fmt(b)).join(' '),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const seeds = [...new Set(rows.flatMap((r) => r.seeds))].sort((a, b) => a - b);
  const ran = seeds.length === 1 ? `seed ${seeds[0]}` : `seeds ${seeds.join(', ')}`;
  return `**${task.name}${task.variant ? ` (${task.variant})` : ''}, ${group.label}**: ${ran} (${seeds.length} of 10); evaluation budget ${task.evaluations}\n\n${lines.join('\n')}\n`;
};

/** Every task × seed group, in the given order. */
export const renderTables = (tasks, runs, policies) =>
  tasks
    .flatMap((task) =>
      SEED_GROUPS.map((group) => renderGroup(task, group, runs.filter((r) => r.task === task.name && !r.error && r.seed >= group.from && r.seed <= group.to), policies)),
    )
    .filter((text) => text !== '')
    .join('\n');

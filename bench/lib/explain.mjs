import { round } from './stats.mjs';

const ms = (value) => `${round(value, 0)} ms`;
const s = (value) => `${round(value, 2)} s`;

/** What scenario 1 subtracted, and where its overhead goes. */
export const explainOverhead = (o) => {
  const lines = [
    `${o.attempts} attempts (${o.roles.explorer} explorers, ${o.roles.optimizer} optimizers), run wall ${s(o.runWallS)}; one at a time (wave size 1, 1 agent, 1 evaluation).`,
    'overhead = life cycle - agent - evaluator, per attempt:',
    '  life cycle: attempts.created_at of this attempt to that of the next (run finished_at for the last);',
    '  agent: run-log "agent started" line to the mtime of the agent transcript (its last line is written as the agent returns; file times are jiffy-coarse, +-4 ms);',
    '  evaluator: evaluations.duration_ms of the official evaluations (optimizer self-evaluations via `swarm eval` are agent time).',
    `medians: life cycle ${ms(o.lifecycleMedianMs)}, agent ${ms(o.agentMedianMs)}, evaluator ${ms(o.evalMedianMs)}; overhead explorers ${ms(o.explorerOverheadMedianMs)}, optimizers ${ms(o.optimizerOverheadMedianMs)} (optimizer agent ${ms(o.optimizerAgentMedianMs)} for ${o.optimizerSelfEvaluations} self-evaluations).`,
    `phase medians: prepare ${ms(o.phasesMedianMs.prepare)}, commit+checks ${ms(o.phasesMedianMs.commitAndChecks)}, record ${ms(o.phasesMedianMs.record)}, release+plan ${ms(o.phasesMedianMs.releaseAndPlan)}.`,
  ];
  const t = o.trace;
  if (t.attempts > 0) {
    lines.push(`traced run (${t.attempts} explorers): ${t.gitCallsMedian} git processes per attempt, ${ms(t.gitMsMedian)} inside them; ${t.silentGitCallsMedian} print nothing (${t.silentCommands.join(', ')}).`);
  }
  if (t.steps?.attempts > 0) {
    const st = t.steps;
    const pieces = Object.entries(st.stepsMedianMs).map(([step, v]) => `${step} ${ms(v)}`).join(', ');
    const gits = Object.entries(st.git).map(([step, g]) => `${step} ${g.calls} (${ms(g.ms)})`).join(', ');
    lines.push(`per-attempt trace (medians of ${st.attempts} traced explorers, life cycle ${ms(st.lifecycleMedianMs)}): ${pieces}.`);
    lines.push(`  git processes per step (calls, ms inside): ${gits}; release+plan also holds the Shepherd's plan of the next attempt.`);
  }
  if (o.gitCosts) {
    const penalty = o.gitCosts.layerSilentMs - o.gitCosts.layerWithOutputMs;
    lines.push(`git layer (src/workspace/git-command.ts): a git call that prints takes ${ms(o.gitCosts.layerWithOutputMs)}, one that prints nothing ${ms(o.gitCosts.layerSilentMs)} (raw git ${ms(o.gitCosts.rawGitMs)}).`);
    if (penalty > 20 && t.attempts > 0) {
      lines.push(`=> about ${t.silentGitCallsMedian} x ${ms(penalty)} = ${ms(t.silentGitCallsMedian * penalty)} per attempt is the git layer waiting after silent git commands (simple-git's completion plugin sleeps 50 ms when a child wrote no output).`);
    }
  }
  return lines;
};

/** What scenario 2 measured, for every variant (the async ones when given). */
export const explainSlots = (literal, explorers, async = null, asyncExplorers = null) => {
  const line = (r) =>
    `${r.variant}: ${r.attempts} attempts in ${r.waves} waves (${r.roles.explorer} explorers, ${r.roles.optimizer} optimizers, ${r.selfEvaluations} self-evaluations) over ${s(r.spanS)}: ${round(r.throughput, 2)} attempts/s; ` +
    `wave median ${s(r.waveMedianS)}; attempt median explorer ${s(r.explorerMedianS)}${r.optimizerMedianS === null || Number.isNaN(r.optimizerMedianS) ? '' : `, optimizer ${s(r.optimizerMedianS)}`}; evaluation slots busy ${round(100 * r.evalSlotBusy, 0)}%.`;
  return [
    'throughput = non-baseline attempts / (first wave started_at to last wave finished_at); ideal = 4 slots / 1 s = 4 attempts/s.',
    'agent.local.optimizerSteps cannot be 0 (schema minimum 1), so each optimizer runs `swarm eval` twice (start + 1 step), each sleeping 1 s, inside its agent slot.',
    line(literal),
    `${line(explorers)} (variant: the evaluator scores the unchanged program best and shepherd.leaders = 1, so no optimizer is ever planned)`,
    `a wave ends with its slowest attempt; one with an optimizer lasts >= 3 s of evaluator sleeps (2 self + 1 official) whatever the orchestration costs, i.e. <= ${round(4 / 3 / 4, 2)} of ideal; ${literal.wavesWithOptimizer} of ${literal.waves} waves had one.`,
    `explorer-only waves take ${s(explorers.waveMedianS)} for 1 s of evaluation: ${ms((explorers.waveMedianS - explorers.evalMedianMs / 1000) * 1000)} per wave is orchestration (prepare under the repo lock, commits, release) on the wave's critical path.`,
    ...(async === null || asyncExplorers === null
      ? []
      : [
          `${line(async)} (async: generations, not waves)`,
          `${line(asyncExplorers)} (async, explorers only)`,
          'async: an attempt holds one of the 4 planning slots only until its official evaluation gets an evaluation slot, so the next attempt is planned, prepared, run and committed while that evaluation runs and waits ready for the slot: evaluation slots change hands without waiting for git work or the plan.',
          `what async explorer-only utilization still loses: the first 4 attempts' preparation (nothing runs before it to overlap with), the last attempts' record, and the evaluator itself (median ${ms(asyncExplorers.evalMedianMs)} for \`sleep 1\`: shell start and the output read).`,
        ]),
  ];
};

/** What scenario 3 measured, with the hottest project functions of one profiled run. */
export const explainLargeStore = (r) => {
  const profile = (name, p) =>
    p === null
      ? []
      : [
          `${name} profile: ${ms(p.totalMs)} sampled; by phase: ${p.phases.map((f) => `${f.name} ${ms(f.ms)}`).join(', ')}; hottest project functions (inclusive):`,
          ...p.hot.map((h) => `    ${ms(h.ms).padStart(7)}  ${h.name}`),
        ];
  return [
    `start-up share: status --json on a run of 5 attempts takes ${ms(r.smallStatusWallMedianMs)}.`,
    `${r.count} attempts, ${r.waves} waves, ${r.edges} edges; database ${round(r.dbMiB, 1)} MiB written in ${s(r.populateS)} (one transaction).`,
    `wall = spawn of \`node dist/cli/bin.cjs ...\` (the installed \`swarm\`) to exit, median of the samples, stdout to a file; peak RSS and CPU (user + system, less moved by load) via ${r.status.rssSource}: status ${ms(r.status.cpuMedianMs)} CPU, graph ${ms(r.graph.cpuMedianMs)} CPU.`,
    `status --json printed ${round(r.status.outputBytes / 1e6, 1)} MB; graph --format dot ${round(r.graph.outputBytes / 1e6, 1)} MB.`,
    ...profile('status --json', r.status.profile),
    ...profile('graph --format dot', r.graph.profile),
  ];
};

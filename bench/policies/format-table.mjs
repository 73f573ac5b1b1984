// Renders the policy benchmark summary as a plain-text table.
const fmt = (value) => (value === null || value === undefined ? '—' : Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(5))));

export const formatTable = (summary, budget) => {
  const lines = [];
  for (const task of summary) {
    lines.push(`\n${task.task} (${task.direction}; baseline ${fmt(task.baseline)}, best observed ${fmt(task.bestObserved)}, 95 % target ${fmt(task.target)})`);
    lines.push('policy   median best   attempts to 95 %   reached   lineages alive   median wall s   vs greedy (w/t/l)   bests by seed');
    for (const p of task.policies) {
      const reach = Number.isFinite(p.medianAttemptsTo95) ? fmt(p.medianAttemptsTo95) : `>${budget}`;
      lines.push(
        `${p.policy.padEnd(8)} ${fmt(p.medianBest).padStart(11)}   ${reach.padStart(16)}   ${`${p.reached95}/${p.runs}`.padStart(7)}   ${fmt(p.medianLineagesAlive).padStart(14)}   ${fmt(p.medianWallS).padStart(13)}   ${(p.vsGreedy && p.vsGreedy.wins + p.vsGreedy.ties + p.vsGreedy.losses > 0 ? `${p.vsGreedy.wins}/${p.vsGreedy.ties}/${p.vsGreedy.losses}` : '—').padStart(17)}   ${p.bests.map(fmt).join(' ')}${p.errors ? `  (${p.errors} failed)` : ''}`,
      );
    }
  }
  return lines.join('\n');
};

import { writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import { round } from './stats.mjs';

/** Facts about the machine the figures were taken on. */
export const machineFacts = () => {
  const cores = cpus();
  return {
    node: process.version,
    cpus: cores.length,
    cpuModel: cores[0]?.model ?? 'unknown',
    platform: platform(),
    arch: arch(),
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    loadAverage1m: round(loadavg()[0] ?? Number.NaN, 2),
    date: new Date().toISOString(),
  };
};

const meets = (value, goal) => {
  if (goal === null || !Number.isFinite(value)) return goal === null ? null : false;
  if (goal.op === '<=') return value <= goal.value;
  return goal.op === '<' ? value < goal.value : value >= goal.value;
};

/** One figure of results.json; `goal` is `{ op: '<' | '<=' | '>=', value }` or null for a figure shown for context. */
export const figure = (name, label, value, unit, goal = null, digits = 1) => ({
  name,
  label,
  value: round(value, digits),
  unit,
  goal,
  pass: meets(value, goal),
});

const formatGoal = (f) => (f.goal === null ? '' : `${f.goal.op} ${f.goal.value}${f.unit === 'ratio' ? '' : ` ${f.unit}`}`);
const formatValue = (f) => (Number.isFinite(f.value) ? `${f.value}${f.unit === 'ratio' ? '' : ` ${f.unit}`}` : 'n/a');

/** The figures as an aligned table. */
export const formatTable = (figures) => {
  const rows = figures.map((f) => [f.label, formatValue(f), formatGoal(f), f.pass === null ? '' : f.pass ? 'ok' : 'MISSED']);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => `  ${r[0].padEnd(widths[0])}  ${r[1].padStart(widths[1])}  ${r[2].padEnd(widths[2])}  ${r[3]}`.trimEnd()).join('\n');
};

/** Writes results.json: machine facts, every figure, and the raw details of each scenario. */
export const writeResults = (path, machine, figures, details) => {
  writeFileSync(path, `${JSON.stringify({ machine, figures, details }, null, 2)}\n`);
};

import type { ReviewReport, ReviewedStep } from '../../index.js';
import type { MeanInterval } from '../../core/evaluation/seed-statistics.js';
import { formatScore } from '../../core/domain/score.js';
import { stripControl } from '../../core/text/terminal-text.js';
import { pad, textWidth } from './ansi.js';

const signed = (value: number): string => `${value > 0 ? '+' : ''}${formatScore(value)}`;

const interval = (m: MeanInterval | null, sign = false): string => {
  if (m === null) return '—';
  if (m.mean === null) return 'no valid score';
  const show = sign ? signed : formatScore;
  return m.low === null || m.high === null ? `${show(m.mean)} (n=${m.n})` : `${show(m.mean)} [${show(m.low)}, ${show(m.high)}]`;
};

const contribution = (step: ReviewedStep): string => {
  const a = step.ablation;
  if (a === null) return '—';
  if (a.status === 'conflict') return `revert conflicts (${a.files.join(', ')}): not measured`;
  if (a.status === 'empty') return 'changed nothing but findings.md';
  return `${interval(a.contribution, true)}${a.withinNoise ? '  within noise' : ''}`;
};

/** The review as a table: per step its mean, gain over its parent, and leave-one-out contribution. */
export const renderReview = (report: ReviewReport): string => {
  const rows = report.steps.map((step) => [
    step.merged.length > 0 ? `${step.attempt} (+${step.merged.join('+')})` : step.attempt,
    step.role,
    interval(step.score),
    interval(step.gain, true),
    contribution(step),
  ]);
  const header = ['step', 'role', `${report.metric} mean [95 %]`, 'gain over parent', 'contribution (final − without it)'];
  const widths = header.map((h, i) => Math.max(textWidth(h), ...rows.map((r) => textWidth(r[i] ?? ''))));
  const line = (cells: string[]): string => cells.map((c, i) => pad(c, widths[i] ?? 0)).join('  ').trimEnd();
  const notes = report.steps.flatMap((step) => [
    ...step.invalid.map((i) => `${step.attempt} seed ${i.seed}: invalid: ${stripControl(i.reason)}`),
    ...(step.ablation?.status === 'conflict' ? [`${step.attempt}: git could not take the step back from the final program; its output is in ${stripControl(step.ablation.log)}`] : []),
  ]);
  const noise = report.steps.filter((s) => s.ablation?.status === 'measured' && s.ablation.withinNoise).map((s) => s.attempt);
  return [
    `review of ${report.attempt} (run ${report.run}) · ${report.metric} (${report.direction}) · seeds ${report.seeds.join(', ')}`,
    line(header),
    ...rows.map(line),
    ...notes,
    noise.length === 0 ? 'every measured step contributes beyond noise' : `within noise (the 95 % interval of its contribution includes 0): ${noise.join(', ')}`,
    ...(report.interrupted ? ['interrupted: some evaluations did not run'] : []),
  ].join('\n');
};

import { stripControl } from '../../core/text/terminal-text.js';
import type { StatusReport, WaveRow } from '../../core/views/report.js';
import { describeWait } from '../../core/limits/describe-wait.js';
import { formatScore, isBetter, type Direction } from '../../core/domain/score.js';
import type { AttemptStatus, RunStatus } from '../../core/domain/types.js';
import { textWidth, truncate, type Paint, type Style } from './ansi.js';
import { costByRole } from '../../core/views/cost-by-role.js';
import { runSpaceLine } from '../../core/views/run-space.js';
import { describeBackendFigures } from '../../core/views/backend-figures.js';
import { formatCost, formatDuration } from './format-duration.js';

const RUN_STYLE: Record<RunStatus, Style> = { running: 'yellow', finished: 'green', interrupted: 'dim', failed: 'red' };
const COUNT_ORDER: AttemptStatus[] = ['scored', 'invalid', 'failed', 'interrupted', 'running'];
const LABEL_WIDTH = 10;

const label = (text: string, paint: Paint): string => paint(text.padEnd(LABEL_WIDTH), 'dim');

/** Best vs baseline as `+0.3871 (+18.43%)`; null when either score is missing. */
export const describeImprovement = (best: number | null, baseline: number | null): string | null => {
  if (best === null || baseline === null) return null;
  const delta = best - baseline;
  const sign = delta >= 0 ? '+' : '-';
  const absolute = `${sign}${formatScore(Math.abs(delta))}`;
  if (baseline === 0) return absolute;
  const percent = (delta / Math.abs(baseline)) * 100;
  return `${absolute} (${percent >= 0 ? '+' : '-'}${Math.abs(percent).toFixed(2)}%)`;
};

const waveItem = (wave: WaveRow): string => {
  const parts = [`#${wave.number} ${wave.attempts} att`];
  if (wave.bestScore !== null) parts.push(`best ${formatScore(wave.bestScore)}`);
  if (wave.running > 0) parts.push(`${wave.running} running`);
  return parts.join(' ');
};

const SEPARATOR = ' · ';
const MORE = `…${SEPARATOR}`;

/**
 * Waves as one line, dropping the oldest ones first when the line would not fit `width`. Walks
 * back from the newest wave and measures only the items that fit (and the first that does not):
 * measuring all 2,500 waves of a long run cost more than reading them.
 */
const wavesLine = (waves: readonly WaveRow[], width: number): string => {
  const sorted = [...waves].sort((a, b) => a.number - b.number);
  const separator = textWidth(SEPARATOR);
  const more = textWidth(MORE);
  const kept = sorted.length === 0 ? [] : [waveItem(sorted[sorted.length - 1] as WaveRow)];
  let used = textWidth(kept[0] ?? '');
  for (let i = sorted.length - 2; i >= 0; i--) {
    const item = waveItem(sorted[i] as WaveRow);
    const next = used + separator + textWidth(item);
    // With older waves left out, the line starts with MORE; the oldest wave needs no MORE.
    if (next + (i > 0 ? more : 0) > width) break;
    kept.unshift(item);
    used = next;
  }
  return truncate((kept.length < sorted.length ? MORE : '') + kept.join(SEPARATOR), width);
};

/** The lines above the attempts table: run, budget and counts, baseline, best, waves. */
export const renderStatusHeader = (report: StatusReport, paint: Paint, width: number, now: number): string[] => {
  const { run } = report;
  const direction: Direction = run.objective.direction;
  const stale = run.stale ?? null;
  const elapsed = formatDuration((run.finishedAt ?? stale?.lastActivityAt ?? now) - run.createdAt);
  const state = stale === null
    ? paint(run.status, RUN_STYLE[run.status])
    : paint(`stale (driver ${stale.ownerPid === null ? 'process' : `pid ${stale.ownerPid}`} gone) — run \`${stale.command}\` to recover`, 'red');
  const lines = [
    `${paint(`run ${run.id}`, 'bold')} · ${state} · ` +
      `${run.objective.metric} (${direction}) · ${elapsed}`,
  ];
  if (run.description.trim() !== '') lines.push(paint(truncate(stripControl(run.description), width), 'dim'));

  const counts = COUNT_ORDER.filter((status) => report.counts[status] > 0).map(
    (status) => `${report.counts[status]} ${status}`,
  );
  const budget = [`${run.attemptsUsed}/${run.attemptBudget}`, ...counts];
  if (report.costUsd > 0) budget.push(`cost ${formatCost(report.costUsd)}${costPerRole(report)}`);
  if (run.evaluationsUsed !== undefined) budget.push(`evaluations ${run.evaluationsUsed}${run.evaluationBudget ? `/${run.evaluationBudget}` : ''}`);
  lines.push(`${label('attempts', paint)}${budget.join(' · ')}`);
  const backends = describeBackendFigures(report.backends, formatCost);
  if (backends !== '') lines.push(`${label('backends', paint)}${stripControl(backends)}`);
  if (report.space) lines.push(`${label('space', paint)}${truncate(runSpaceLine(report.space), width - LABEL_WIDTH)}`);
  if (run.stopReason !== null) lines.push(`${label('stopped', paint)}${stripControl(run.stopReason)}`);
  for (const wait of report.waits ?? []) {
    const parked = wait.attempts.length > 0 ? ` · parked ${wait.attempts.join(', ')}` : '';
    const text = stripControl(`${describeWait({ ...wait, detail: '' }, now)}${parked}${wait.detail ? `: ${wait.detail}` : ''}`);
    lines.push(`${label('waiting', paint)}${paint(truncate(text, width - LABEL_WIDTH), 'yellow')}`);
  }

  const baseline = report.baseline;
  if (baseline) lines.push(`${label('baseline', paint)}${baseline.id}  ${formatScore(baseline.score)}`);
  const best = report.best;
  if (best) {
    const baseScore = baseline?.score ?? null;
    let tail = '';
    if (baseline && best.id === baseline.id) tail = '  (no improvement over baseline yet)';
    else {
      const improvement = describeImprovement(best.score, baseScore);
      const good = isBetter(best.score, baseScore, direction);
      if (improvement !== null) tail = `  ${paint(improvement, good ? 'green' : 'red')} vs baseline`;
    }
    lines.push(`${label('best', paint)}${paint(`${best.id}  ${formatScore(best.score)}`, 'bold')}${tail}`);
  }
  const nominated = report.nominations ?? [];
  if (nominated.length > 0) {
    const top = nominated.slice(0, 3).map((n) => `${n.id} ×${n.count} (${stripControl(n.reasons.at(-1) ?? '').slice(0, 60)})`);
    lines.push(`${label('nominated', paint)}${top.join(', ')}${nominated.length > 3 ? `, +${nominated.length - 3} more` : ''}`);
  }
  if (report.waves.length > 0) lines.push(`${label('waves', paint)}${wavesLine(report.waves, width - LABEL_WIDTH)}`);
  return lines;
};

/** " (explorer $0.12 · optimizer $0.04)": what each role's attempts spent, when more than one role did. */
const costPerRole = (report: StatusReport): string => {
  const byRole = report.costByRole ?? costByRole(report.attempts);
  return byRole.length === 0 ? '' : ` (${byRole.map((r) => `${r.role} ${formatCost(r.costUsd)}`).join(' · ')})`;
};

import { stripControl } from '../../core/text/terminal-text.js';
import type { AttemptRow, InstructionRow, StatusReport } from '../../core/views/report.js';
import { formatUntil } from '../../core/limits/describe-wait.js';
import { formatScore } from '../../core/domain/score.js';
import { pad, painter, textWidth, truncate, type Paint, type Style } from './ansi.js';
import { formatCost, formatDuration } from './format-duration.js';
import { renderStatusHeader } from './status-header.js';
import { renderInFlight } from './status-in-flight.js';
import { sortAttempts } from '../../core/views/node-order.js';
import { attemptDurationMs, newBestIds, selectRows } from './status-rows.js';

export { formatDuration } from './format-duration.js';

export interface StatusRenderOptions {
  color: boolean;
  /** Clock for the elapsed time of running attempts (ms since epoch). */
  now: number;
  /** Terminal columns; 100 when unknown. */
  width?: number;
  /** Show every attempt even in long runs (`swarm status --all`). */
  all?: boolean;
}

interface Column {
  title: string;
  align: 'left' | 'right';
  cell: (row: AttemptRow) => string;
}

const MIN_HYPOTHESIS = 12;

const statusCell = (row: AttemptRow): string => (row.status === 'running' ? row.phase : row.status);

const rowStyle = (row: AttemptRow, newBest: ReadonlySet<string>): Style | null => {
  if (row.status === 'running') return 'yellow';
  if (row.status === 'invalid' || row.status === 'failed') return 'red';
  if (row.status === 'interrupted') return 'dim';
  return newBest.has(row.id) ? 'green' : null;
};

const renderTable = (rows: readonly AttemptRow[], report: StatusReport, options: StatusRenderOptions, paint: Paint): string[] => {
  const bestId = report.best?.id ?? null;
  const front = new Set(report.front ?? []);
  const newBest = report.digest ? new Set(report.digest.newBest) : newBestIds(report.attempts, report.run.objective.direction);
  const columns: Column[] = [
    { title: 'id', align: 'left', cell: (row) => row.id },
    { title: 'wave', align: 'right', cell: (row) => String(row.wave) },
    // An imported attempt is stored as an explorer (the role column allows three roles); its operator says what it is.
    { title: 'role', align: 'left', cell: (row) => (row.operator === 'import' ? 'import' : row.role) },
    { title: 'parents', align: 'left', cell: (row) => truncate(row.parents.join(',') || '—', 16) },
    { title: 'status', align: 'left', cell: statusCell },
    { title: report.run.objective.metric, align: 'right', cell: (row) => formatScore(row.status === 'scored' ? row.score : null) },
    {
      title: 'time',
      align: 'right',
      cell: (row) => {
        const ms = attemptDurationMs(row, options.now);
        return ms === null ? '—' : formatDuration(ms);
      },
    },
    // What each attempt's agent spent, once the run has spent anything.
    ...(report.costUsd > 0 ? [{ title: 'cost', align: 'right' as const, cell: (row: AttemptRow) => (row.costUsd > 0 ? formatCost(row.costUsd) : '—') }] : []),
  ];
  const cells = rows.map((row) => columns.map((column) => column.cell(row)));
  const widths = columns.map((column, i) => Math.max(textWidth(column.title), ...cells.map((line) => textWidth(line[i] ?? ''))));
  // Two columns for the marker (`*` the best, `+` another member of the Pareto front), then each column and its two-space gap.
  const used = widths.reduce((sum, w) => sum + w + 2, 2);
  const room = Math.max(MIN_HYPOTHESIS, (options.width ?? 100) - used);
  const join = (mark: string, values: readonly string[], last: string): string =>
    `${mark} ${[...values.map((value, i) => pad(value, widths[i] ?? 0, columns[i]?.align)), last].join('  ')}`.trimEnd();

  const lines = [paint(join(' ', columns.map((column) => column.title), 'hypothesis'), 'dim')];
  rows.forEach((row, index) => {
    const described = row.hypothesis ?? (row.status === 'invalid' || row.status === 'failed' ? row.reason : null) ?? '';
    // Audit flags first, so truncation to the terminal width never hides them.
    const text = stripControl(row.flags.length > 0 ? `[${row.flags.join(', ')}] ${described}` : described);
    const line = join(row.id === bestId ? '*' : front.has(row.id) ? '+' : ' ', cells[index] ?? [], truncate(text, room));
    lines.push(paint(line, rowStyle(row, newBest), row.id === bestId ? 'bold' : null));
  });
  return lines;
};

/** `v4 ← v2 recombined · 3 explorers, 2 improved, credit 0.25 · Strategy: …` (retired variants say so). */
export const instructionLine = (v: InstructionRow): string =>
  `${v.id}${v.parent === null ? '' : ` ← ${v.parent}`} ${v.origin}${v.retired ? ' (retired)' : ''} · ${v.attempts} explorer(s), ${v.improvements} improved, credit ${v.credit.toFixed(3)} · ${stripControl(v.excerpt)}`;

/**
 * `swarm status` for a terminal: header (run, objective, budget, cost, stop reason, baseline, best
 * and its improvement, waves), the attempts in flight, then a table of attempts (the score column
 * named for the objective's metric). Runs longer than 40 attempts show a digest
 * (running, 10 best, 15 most recent) unless `all` is set. ANSI colors only when `color` is true.
 */
export const renderStatus = (report: StatusReport, options: StatusRenderOptions): string => {
  const paint = painter(options.color);
  const width = options.width ?? 100;
  const lines = renderStatusHeader(report, paint, width, options.now);
  const flying = renderInFlight(report.attempts, paint, options.now);
  if (flying.length > 0) lines.push('', ...flying);
  // A digest read (plain status of a long run) holds only the rows to show.
  const { rows, hidden } = report.digest
    ? { rows: sortAttempts(report.attempts), hidden: report.digest.hidden }
    : selectRows(report.attempts, report.run.objective.direction, options.all ?? false, report.front);
  lines.push('');
  if (rows.length === 0) lines.push(paint('no attempts yet', 'dim'));
  else lines.push(...renderTable(rows, report, options, paint));
  if (hidden > 0) lines.push(paint(`… ${hidden} more (swarm status --all)`, 'dim'));
  const imports = report.imports ?? [];
  if (imports.length > 0) lines.push('', `imported: ${imports.map((i) => `${i.id} ← ${i.from} (${formatScore(i.fromScore)} there)`).join(', ')}`);
  const variants = report.instructions ?? [];
  if (variants.length > 0) lines.push('', 'explorer instructions (shepherd.metaPrompts):', ...variants.map((v) => `  ${instructionLine(v)}`));
  const front = report.front ?? [];
  if (front.length > 0) lines.push('', `Pareto front (${front.length}, marked + and *): ${front.join(', ')}`);
  const heldOut = report.heldOut ?? [];
  if (heldOut.length > 0) {
    lines.push('', 'finalists (held-out evaluation):');
    for (const h of heldOut) lines.push(`  ${h.id}  ${report.run.objective.metric} ${formatScore(h.score)}  held-out ${h.valid ? formatScore(h.heldOut) : 'invalid'}`);
  }
  return `${lines.join('\n')}\n`;
};

/** One line of live progress: `wave 3 · 5 running · 17/40 attempts · best 2.4871 (a12) · 1m12s`. */
export const renderProgressLine = (report: StatusReport, now: number): string => {
  const { run } = report;
  const wave = report.waves.reduce((max, w) => Math.max(max, w.number), 0);
  const best = report.best ? `best ${formatScore(report.best.score)} (${report.best.id})` : 'best —';
  const elapsed = formatDuration((run.finishedAt ?? run.stale?.lastActivityAt ?? now) - run.createdAt);
  return [
    `wave ${wave}`,
    `${report.counts.running} running`,
    `${run.attemptsUsed}/${run.attemptBudget} attempts`,
    best,
    elapsed,
    ...(report.waits ?? []).map((wait) => `waiting for ${wait.backend} until ${formatUntil(wait.until, now)}`),
  ].join(' · ');
};

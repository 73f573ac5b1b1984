import type { GraphInput, InstructionRow, StatusReport } from '../core/views/report.js';
import { formatScore } from '../core/domain/score.js';
import { costByRole } from '../core/views/cost-by-role.js';
import { attemptsTable, TABLE_SCRIPT } from './attempts-table.js';
import { htmlDocument, inlineSvg, pictureSection } from './html-page.js';
import type { PlotInput } from './plot/plot-input.js';
import { renderPlotSvg } from './plot/plot-svg.js';
import { escapeXml } from './svg-text.js';
import { provenanceSections, type ReportProvenance } from './report-winner.js';
import { renderTreeSvg } from './tree-svg.js';

const dollars = (usd: number): string => (usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`);

/** " (explorer $0.12 · optimizer $0.04)": the same figures as `swarm status`. */
const perRole = (report: StatusReport): string => {
  const byRole = report.costByRole ?? costByRole(report.attempts);
  return byRole.length === 0 ? '' : ` (${byRole.map((r) => `${r.role} ${dollars(r.costUsd)}`).join(' · ')})`;
};

const summary = (report: StatusReport): string => {
  const { run, best, baseline } = report;
  const parts = [
    `status ${run.status}${run.stopReason ? ` (${run.stopReason})` : ''}`,
    `${run.attemptsUsed}/${run.attemptBudget} attempts`,
    baseline ? `baseline ${baseline.id} = ${formatScore(baseline.score)}` : null,
    best ? `best ${best.id} = ${formatScore(best.score)}` : 'no scored attempt',
    best !== null && best.improvement !== null && baseline !== null && best.id !== baseline.id ? `${best.improvement >= 0 ? '+' : ''}${formatScore(best.improvement)} over the baseline` : null,
    report.costUsd > 0 ? `cost ${dollars(report.costUsd)}${perRole(report)}` : null,
    `${report.counts.scored} scored · ${report.counts.invalid} invalid · ${report.counts.failed} failed · ${report.counts.interrupted} interrupted · ${report.counts.running} running`,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
};

/** The explorer instruction variants of shepherd.metaPrompts with their records, or nothing. */
const instructionsSection = (rows: readonly InstructionRow[]): string =>
  rows.length === 0
    ? ''
    : [
        '<h2 id="instructions">Explorer instructions</h2>',
        '<table class="instructions"><thead><tr><th>variant</th><th>parent</th><th>origin</th><th>explorers</th><th>improved</th><th>credit</th><th>what it adds</th></tr></thead><tbody>',
        ...rows.map((v) => `<tr${v.retired ? ' class="retired"' : ''}><td>${escapeXml(v.id)}${v.retired ? ' (retired)' : ''}</td><td>${escapeXml(v.parent ?? '—')}</td><td>${escapeXml(v.origin)}</td><td>${v.attempts}</td><td>${v.improvements}</td><td>${v.credit.toFixed(3)}</td><td>${escapeXml(v.excerpt)}</td></tr>`),
        '</tbody></table>',
      ].join('\n');

/**
 * `swarm report`: one self-contained HTML file with the run's summary, the evolution tree, the
 * plots and every attempt in a sortable table. Inline SVG, CSS and script only: it opens offline.
 */
export const renderReport = async (report: StatusReport, graph: GraphInput, plots: PlotInput, generatedAt: Date, provenance: ReportProvenance | null = null): Promise<string> => {
  const { run } = report;
  const title = `swarm run ${run.id}: ${run.objective.direction} ${run.objective.metric}`;
  const tree = await renderTreeSvg(graph);
  // Every metric any attempt reported gets a column (the primary one is the score column).
  const byId = provenance?.metricsById ?? {};
  const metricColumns = { names: [...new Set(Object.values(byId).flatMap((m) => Object.keys(m)))].filter((name) => name !== run.objective.metric).sort(), byId };
  const body = [
    `<h1>${escapeXml(title)}</h1>`,
    run.description.trim() === '' ? '' : `<p class="meta">${escapeXml(run.description)}</p>`,
    `<p class="meta">${escapeXml(summary(report))}</p>`,
    (report.imports ?? []).length === 0 ? '' : `<p class="meta imports">Started from an earlier run: ${escapeXml((report.imports ?? []).map((i) => `${i.id} ← ${i.from} (${formatScore(i.fromScore)} there)`).join(', '))}</p>`,
    (report.front ?? []).length === 0 ? '' : `<p class="meta front">Pareto front of the feasible attempts: ${escapeXml((report.front ?? []).join(', '))} (violet rows; swarm plot --x A --y B draws it)</p>`,
    `<p class="meta">generated ${escapeXml(generatedAt.toISOString())} by swarm report</p>`,
    instructionsSection(report.instructions ?? []),
    '<h2 id="tree">Evolution tree</h2>',
    pictureSection(tree),
    '<h2 id="plots">Plots</h2>',
    `<div class="picture">${inlineSvg(renderPlotSvg(plots))}</div>`,
    `<h2 id="attempts">Attempts (${report.attempts.length})</h2>`,
    '<p class="meta">click a column header to sort</p>',
    attemptsTable(report.attempts, run.objective.metric, report.best?.id ?? null, report.front ?? [], metricColumns),
    ...(provenance === null ? [] : provenanceSections(provenance, run.objective.metric)),
  ];
  return htmlDocument(title, body.filter((part) => part !== '').join('\n'), TABLE_SCRIPT);
};

import { formatScore } from '../core/domain/score.js';
import { escapeXml } from './svg-text.js';

/** What the report says about how the run was made and what won it. */
export interface ReportProvenance {
  baseCommit: string;
  seed: number | null;
  evaluatorCommand: string | null;
  /** The run's resolved configuration, as stored with it. */
  configJson: string;
  /** Every metric each attempt's official evaluation reported. */
  metricsById: Record<string, Record<string, number>>;
  winner: {
    id: string;
    score: number | null;
    metrics: Record<string, number>;
    /** The winner's program change against the run's baseline commit (findings.md and .swarm left out). */
    diff: string;
    /** Every file that change touches, in full as the winner left it (null: deleted). */
    files: Array<{ path: string; text: string | null }>;
  } | null;
}

const pre = (text: string, cls: string): string => `<pre class="${cls}">${escapeXml(text)}</pre>`;

const prettyConfig = (json: string): string => {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};

/** The "how it was made" and "the winner" sections of the report. */
export const provenanceSections = (p: ReportProvenance, metric: string): string[] => {
  const run = [
    '<h2 id="run">How this run was made</h2>',
    '<table class="provenance">',
    `<tr><th>baseline commit</th><td><code>${escapeXml(p.baseCommit)}</code></td></tr>`,
    `<tr><th>seed</th><td>${p.seed === null ? '—' : String(p.seed)}</td></tr>`,
    `<tr><th>evaluator command</th><td><code>${escapeXml(p.evaluatorCommand ?? '—')}</code></td></tr>`,
    '</table>',
    '<details><summary>configuration (.swarmrc.json as resolved for this run)</summary>',
    pre(prettyConfig(p.configJson), 'config'),
    '</details>',
  ];
  if (p.winner === null) return [...run, '<h2 id="winner">Winner</h2>', '<p class="meta">no attempt beat the baseline</p>'];
  const w = p.winner;
  const metrics = Object.entries(w.metrics).map(([name, value]) => `${name} = ${formatScore(value)}`).join(' · ');
  return [
    ...run,
    `<h2 id="winner">Winner: ${escapeXml(w.id)} (${escapeXml(metric)} = ${escapeXml(formatScore(w.score))})</h2>`,
    metrics === '' ? '' : `<p class="meta metrics">${escapeXml(metrics)}</p>`,
    '<h3>Its change against the baseline commit</h3>',
    pre(w.diff === '' ? '(no change)' : w.diff, 'diff'),
    `<h3>The files it changed, in full (${w.files.length})</h3>`,
    ...w.files.map((file) => `<details class="solution-file"><summary><code>${escapeXml(file.path)}</code></summary>${pre(file.text ?? '(deleted)', 'file')}</details>`),
  ];
};

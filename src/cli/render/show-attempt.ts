import { instructionLine } from './status-table.js';
import { formatSpaceBytes } from '../../core/views/run-space.js';
import type { AttemptDetail, AttemptRow, EvaluationRow as AttemptEvaluation } from '../../core/views/report.js';
import { formatScore } from '../../core/domain/score.js';
import { stripControl, stripControlOrNull } from '../../core/text/terminal-text.js';
import { painter, type Paint } from './ansi.js';
import { formatCost, formatDuration } from './format-duration.js';

export type { AttemptDetail, EvaluationRow as AttemptEvaluation } from '../../core/views/report.js';

export interface ShowAttemptOptions {
  color: boolean;
  /** Print prompt, paths and output tails in full instead of their first/last lines. */
  full?: boolean;
}

const PROMPT_LINES = 30;
const TAIL_LINES = 15;
const PATH_LINES = 20;
const ARTIFACT_LINES = 8;

const indent = (text: string, spaces = 2): string[] => text.replace(/\s+$/, '').split(/\r?\n/).map((line) => ' '.repeat(spaces) + line);

const field = (name: string, value: string, paint: Paint): string => `  ${paint(name.padEnd(12), 'dim')}${value}`;

const head = (text: string, max: number, full: boolean): { lines: string[]; cut: number } => {
  const lines = text.replace(/\s+$/, '').split(/\r?\n/);
  return full || lines.length <= max ? { lines, cut: 0 } : { lines: lines.slice(0, max), cut: lines.length - max };
};

const tail = (text: string, max: number, full: boolean): string[] => {
  const lines = text.replace(/\s+$/, '').split(/\r?\n/);
  return full || lines.length <= max ? lines : lines.slice(-max);
};

/** The prompt with the Shepherd's context (printed in its own section) replaced by a pointer to it. */
export const promptWithoutContext = (prompt: string, context: string | null): string => {
  const body = context?.trim() ?? '';
  return body === '' || !prompt.includes(body) ? prompt : prompt.replace(body, '(the context from the Shepherd, shown above)');
};

const shortCommit = (commit: string | null, full: boolean): string => (commit === null ? '—' : full ? commit : commit.slice(0, 12));

const headerLine = (a: AttemptRow, usage: AttemptDetail['usage'], paint: Paint): string => {
  const outcome =
    a.status === 'scored'
      ? paint(`scored ${formatScore(a.score)}`, 'green')
      : a.status === 'running'
        ? paint(`running (${a.phase})`, 'yellow')
        : paint(a.status, a.status === 'interrupted' ? 'dim' : 'red');
  const parts = [paint(`attempt ${a.id}`, 'bold'), outcome, `wave ${a.wave}`];
  if (a.durationMs !== null) parts.push(formatDuration(a.durationMs));
  if (usage.costUsd > 0) parts.push(formatCost(usage.costUsd));
  return parts.join(' · ');
};

const evaluationLines = (e: AttemptEvaluation, paint: Paint, full: boolean): string[] => {
  const verdict = e.valid ? paint('valid', 'green') : paint(e.timedOut ? 'invalid (timed out)' : 'invalid', 'red');
  const exit = e.exitCode === null ? 'no exit code' : `exit ${e.exitCode}`;
  const lines = [
    `  ${paint(`${e.kind}/${e.stage}`, 'bold')} · seed ${e.seed} · ${verdict} · score ${formatScore(e.score)} · ${formatDuration(e.durationMs)} · ${exit}`,
  ];
  const metrics = Object.entries(e.metrics).map(([key, value]) => `${key}=${formatScore(value)}`);
  if (metrics.length > 0) lines.push(`    ${paint('metrics', 'dim')}  ${metrics.join(' ')}`);
  if (e.reason) lines.push(`    ${paint('reason', 'dim')}   ${e.reason}`);
  if (e.jobId !== null) lines.push(`    ${paint('job', 'dim')}      ${clusterLine(e.jobLabel ?? 'job', e.jobId, e.cluster)}`);
  if (e.feedback) lines.push(`    ${paint('feedback', 'dim')}`, ...indent(e.feedback, 6));
  for (const [name, text] of Object.entries(e.artifacts ?? {})) lines.push(...artifactLines(name, text, paint, full));
  if (!e.valid) {
    for (const [name, text] of [['stderr', e.stderrTail], ['stdout', e.stdoutTail]] as const) {
      if (text.trim() === '') continue;
      lines.push(`    ${paint(`${name} (tail)`, 'dim')}`, ...indent(tail(text, TAIL_LINES, full).join('\n'), 6));
    }
  }
  return lines;
};

/** One artifact: a short text on its line, a longer one as its first lines with a count of the rest. */
const artifactLines = (name: string, text: string, paint: Paint, full: boolean): string[] => {
  const label = `    ${paint(`artifact ${name}`, 'dim')}`;
  if (!text.includes('\n') && text.length <= 100) return [`${label}  ${text}`];
  const { lines, cut } = head(text, ARTIFACT_LINES, full);
  return [label, ...indent(lines.join('\n'), 6), ...(cut > 0 ? [paint(`      … ${cut} more lines (--full, or --json)`, 'dim')] : [])];
};

/** `slurm job 812 on gpu07 (the runner's jobLabel) · COMPLETED · pending 3.1s · resubmitted once` */
const clusterLine = (label: string, jobId: string | null, cluster: AttemptEvaluation['cluster']): string => {
  const parts = [`${label} ${jobId ?? '?'}${cluster?.node ? ` on ${cluster.node}` : ''}`];
  if (cluster) parts.push(cluster.state);
  if (cluster?.pendingMs != null) parts.push(`pending ${formatDuration(cluster.pendingMs)}`);
  if (cluster && cluster.retries > 0) parts.push(`resubmitted ${cluster.retries === 1 ? 'once' : `${cluster.retries} times`}`);
  return parts.join(' · ');
};

/** The detail with terminal control sequences stripped from every text an agent or program wrote. */
const printable = (detail: AttemptDetail): AttemptDetail => ({
  ...detail,
  attempt: {
    ...detail.attempt,
    reason: stripControlOrNull(detail.attempt.reason),
    hypothesis: stripControlOrNull(detail.attempt.hypothesis),
    summary: stripControlOrNull(detail.attempt.summary),
    flags: detail.attempt.flags.map(stripControl),
  },
  context: stripControlOrNull(detail.context),
  prompt: stripControlOrNull(detail.prompt),
  diffStat: detail.diffStat === null ? null : { ...detail.diffStat, paths: detail.diffStat.paths.map(stripControl) },
  codeSignature: stripControlOrNull(detail.codeSignature ?? null),
  evaluations: detail.evaluations.map((e) => ({
    ...e,
    reason: stripControlOrNull(e.reason),
    feedback: stripControlOrNull(e.feedback),
    stdoutTail: stripControl(e.stdoutTail),
    stderrTail: stripControl(e.stderrTail),
    artifacts: e.artifacts === null ? null : Object.fromEntries(Object.entries(e.artifacts).map(([name, text]) => [stripControl(name), stripControl(text)])),
  })),
  findingsEntry: stripControlOrNull(detail.findingsEntry),
  selfEvaluations: { ...detail.selfEvaluations, failures: detail.selfEvaluations.failures.map(stripControl) },
  ...(detail.agentNote !== undefined ? { agentNote: stripControlOrNull(detail.agentNote) } : {}),
  ...(detail.permissionDenials !== undefined ? { permissionDenials: detail.permissionDenials.map(stripControl) } : {}),
});

const workspaceLine = (w: NonNullable<AttemptDetail['workspace']>): string => {
  const parts = [`provisioned in ${formatDuration(w.durationMs)}`];
  if (w.copied > 0) parts.push(`${w.copied} file(s) carried in`);
  if (w.linked.length > 0) parts.push(`linked ${w.linked.join(', ')}`);
  if (w.submodules.length > 0) parts.push(`submodules ${w.submodules.join(', ')}`);
  if (w.setup !== null) parts.push(w.setup.failed ? `setup failed after ${formatDuration(w.setup.durationMs)}` : w.setup.reused ? `setup reused (${formatDuration(w.setup.durationMs)})` : `setup ran in ${formatDuration(w.setup.durationMs)}`);
  return parts.join(' · ');
};

/**
 * `swarm show <attempt>` for a terminal: header, lineage, git, context and prompt, diff stat,
 * evaluations (with output tails of invalid ones), findings entry, usage and log paths.
 */
export const renderAttempt = (raw: AttemptDetail, options: ShowAttemptOptions): string => {
  const detail = printable(raw);
  const paint = painter(options.color);
  const full = options.full ?? false;
  const a = detail.attempt;
  const section = (title: string): string => `\n${paint(title, 'bold', 'cyan')}`;
  const lines = [headerLine(a, detail.usage, paint)];
  if (a.hypothesis) lines.push(field('hypothesis', a.hypothesis, paint));
  if (a.summary) lines.push(field('summary', a.summary, paint));
  if (a.reason && a.status !== 'scored') lines.push(field('reason', paint(a.reason, 'red'), paint));
  else if (detail.agentNote) lines.push(field('agent note', paint(detail.agentNote, 'yellow'), paint));
  const denials = detail.permissionDenials ?? [];
  if (denials.length > 0) lines.push(field('denied', paint(`${denials.length} tool call(s): ${[...new Set(denials)].join('; ')}`, 'yellow'), paint));

  lines.push(section('lineage'));
  lines.push(field('parents', a.parents.length > 0 ? a.parents.join(', ') : '— (root)', paint));
  lines.push(field('operator', `${a.operator} · role ${a.role} · backend ${a.backend}`, paint));
  // agent.runner places agents on one cluster, Slurm (agents/placement), not through the evaluator runners.
  if (detail.agentJob) lines.push(field('agent job', clusterLine('slurm job', detail.agentJob.jobId, detail.agentJob), paint));
  if (a.flags.length > 0) lines.push(field('flags', paint(a.flags.join(', '), 'yellow'), paint));
  if (detail.instructions) lines.push(field('variant', `${instructionLine(detail.instructions)}${full ? `\n${stripControl(detail.instructions.text)}` : ''}`, paint));
  if (detail.codeSignature !== null && detail.codeSignature !== undefined) lines.push(field('signature', detail.codeSignature === '' ? 'as the baseline' : detail.codeSignature, paint));

  lines.push(section('git'));
  const pruned = detail.pruned ? paint(` — pruned (deleted by swarm prune --keep ${detail.pruned.keep} at ${new Date(detail.pruned.at).toISOString().replace('T', ' ').slice(0, 16)}; swarm prune --keep ${a.id} keeps it next time)`, 'yellow') : '';
  lines.push(field('branch', `${detail.branch}${pruned}`, paint));
  if (detail.workspace) lines.push(field('workspace', workspaceLine(detail.workspace), paint));
  lines.push(field('commits', `${shortCommit(detail.baseCommit, full)} → ${shortCommit(detail.headCommit, full)}`, paint));
  if (detail.diffStat) {
    const { files, insertions, deletions, paths } = detail.diffStat;
    lines.push(field('diff', `${files} file${files === 1 ? '' : 's'} changed, +${insertions} -${deletions}`, paint));
    const shown = full ? paths : paths.slice(0, PATH_LINES);
    lines.push(...shown.map((path) => `    ${path}`));
    if (shown.length < paths.length) lines.push(paint(`    … ${paths.length - shown.length} more`, 'dim'));
  }

  if (detail.context) lines.push(section('context'), ...indent(detail.context));
  if (detail.prompt) {
    const { lines: prompt, cut } = head(promptWithoutContext(detail.prompt, detail.context), PROMPT_LINES, full);
    lines.push(section('prompt'), ...indent(prompt.join('\n')));
    if (cut > 0) lines.push(paint(`  … ${cut} more lines (--full)`, 'dim'));
  }

  lines.push(section('evaluations'));
  if (detail.evaluations.length === 0) lines.push(paint('  none', 'dim'));
  for (const evaluation of detail.evaluations) lines.push(...evaluationLines(evaluation, paint, full));
  const self = detail.selfEvaluations;
  if (self.recorded > 0 || self.failed > 0) {
    const failed = self.failed > 0 ? paint(`${self.failed} failed`, 'red') : '0 failed';
    lines.push(field('swarm eval', `${self.recorded} recorded · ${failed}`, paint));
    lines.push(...self.failures.map((reason) => paint(`    ${reason}`, 'red')));
  }

  if (detail.findingsEntry) lines.push(section('findings'), ...indent(detail.findingsEntry));

  const { inputTokens, outputTokens, costUsd } = detail.usage;
  lines.push(section('usage & logs'));
  lines.push(field('tokens', `${inputTokens} in / ${outputTokens} out · ${formatCost(costUsd)}`, paint));
  const trimmed = detail.logsTrimmed ? paint(` — ${formatSpaceBytes(detail.logsTrimmed.droppedBytes)} cut from ${detail.logsTrimmed.files} file${detail.logsTrimmed.files === 1 ? '' : 's'} (first and last lines kept; log.maxRunLogBytes)`, 'yellow') : '';
  lines.push(field('logs', detail.pruned ? `${detail.logDir}${paint(' — pruned (deleted)', 'yellow')}` : `${detail.logDir}${trimmed}`, paint));
  if (detail.transcriptPath) lines.push(field('transcript', detail.transcriptPath, paint));
  return `${lines.join('\n')}\n`;
};

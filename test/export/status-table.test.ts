import { describe, expect, it } from 'vitest';
import type { AttemptRow } from '../../src/core/views/report.js';
import { formatDuration, renderProgressLine, renderStatus } from '../../src/cli/render/status-table.js';
import { NASTY, row, statusReport } from './graph-fixtures.js';

// Built at run time: a control character in a regex literal trips no-control-regex.
const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[`);
const ANSI_CODE = new RegExp(`${ESC}\\[\\d+m`, 'g');
const NOW = 100_000;

const smallRun = (): AttemptRow[] => [
  row('a0', { wave: 0, role: 'baseline', operator: 'baseline', score: 2, finishedAt: 10 }),
  row('a1', { parents: ['a0'], score: 2.2, hypothesis: 'bigger circles in the corners', finishedAt: 20 }),
  row('a2', { parents: ['a0'], score: 2.1, hypothesis: 'hexagonal grid', finishedAt: 30 }),
  row('a3', { parents: ['a0'], status: 'invalid', reason: 'evaluator exit 1', finishedAt: 40 }),
  row('a4', { wave: 2, parents: ['a1', 'a2'], operator: 'merge', score: 2.5, hypothesis: NASTY, finishedAt: 50 }),
  row('a5', { wave: 2, parents: ['a4'], status: 'running', phase: 'evaluate', startedAt: NOW - 72_000, finishedAt: null, durationMs: null }),
  row('a6', { wave: 2, parents: ['a4'], status: 'interrupted', durationMs: 850 }),
];

const lineOf = (text: string, id: string): string => text.split('\n').find((line) => new RegExp(`^[* ] ${id} `).test(line)) ?? '';

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [850, '850ms'],
    [999.7, '1.0s'],
    [12_345, '12.3s'],
    [59_960, '1m00s'],
    [245_000, '4m05s'],
    [3_599_700, '1h00m'],
    [7_620_000, '2h07m'],
    [100 * 3_600_000, '4d04h'],
    [-5, '0ms'],
    [Number.NaN, '0ms'],
  ])('%d ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('renderStatus', () => {
  const report = statusReport(smallRun(), 'a4', 1.234);
  const plain = renderStatus(report, { color: false, now: NOW, width: 100 });

  it('prints the header: run, objective, budget, cost, baseline, best with improvement, waves', () => {
    expect(plain).toContain('run r1 · running · sum_radii (maximize)');
    expect(plain).toMatch(/attempts +7\/40 · 4 scored · 1 invalid · 1 interrupted · 1 running · cost \$1\.23/);
    expect(plain).toMatch(/baseline +a0 {2}2\n/);
    expect(plain).toMatch(/best +a4 {2}2\.5 {2}\+0\.5 \(\+25\.00%\) vs baseline/);
    expect(plain).toMatch(/waves +#0 1 att best 2 · #1 3 att best 2\.2/);
  });

  it('omits the cost when nothing was spent and shows the stop reason', () => {
    const free = statusReport(smallRun(), 'a4', 0);
    const text = renderStatus({ ...free, run: { ...free.run, stopReason: 'attempt budget reached' } }, { color: false, now: NOW });
    expect(text).not.toContain('cost');
    expect(text).toMatch(/stopped +attempt budget reached/);
  });

  it('lists attempts with parents, status or phase, score, duration, and marks the best', () => {
    expect(lineOf(plain, 'a4')).toMatch(/^\* a4 +2 +explorer +a1,a2 +scored +2\.5 +12\.3s +— +say "hi"/);
    expect(lineOf(plain, 'a5')).toMatch(/^ {2}a5 .* evaluate +— +1m12s +—$/);
    expect(lineOf(plain, 'a3')).toMatch(/invalid .* evaluator exit 1$/);
    expect(lineOf(plain, 'a6')).toMatch(/interrupted +— +850ms +—$/);
    expect(lineOf(plain, 'a1').startsWith('  a1')).toBe(true);
  });

  it('has no ANSI codes without color, and colors rows by outcome with color', () => {
    expect(plain).not.toMatch(ANSI);
    const colored = renderStatus(report, { color: true, now: NOW, width: 100 });
    expect(lineOf(colored.replace(ANSI_CODE, ''), 'a4')).toBe(lineOf(plain, 'a4'));
    const raw = (id: string): string => colored.split('\n').find((line) => line.includes(` ${id} `)) ?? '';
    expect(raw('a1')).toContain('\u001b[32m');
    expect(raw('a2')).not.toMatch(ANSI);
    expect(raw('a3')).toContain('\u001b[31m');
    expect(raw('a5')).toContain('\u001b[33m');
    expect(raw('a6')).toContain('\u001b[2m');
  });

  it('truncates hypotheses to the terminal width', () => {
    const long = statusReport([row('a1', { hypothesis: 'x'.repeat(500), score: 1 })], 'a1');
    const text = renderStatus(long, { color: false, now: NOW, width: 80 });
    const line = lineOf(text, 'a1');
    expect(line.length).toBe(80);
    expect(line.endsWith('x…')).toBe(true);
    expect(line).not.toContain('\n');
  });

  it('shows a digest of long runs and everything with all', () => {
    const attempts = [row('a0', { wave: 0, role: 'baseline', score: 0 })];
    for (let i = 1; i <= 60; i += 1) attempts.push(row(`a${i}`, { parents: ['a0'], score: (i * 37) % 61 }));
    attempts.push(row('a61', { status: 'running', phase: 'agent', finishedAt: null, durationMs: null }));
    attempts.push(row('a62', { status: 'running', phase: 'prepare', finishedAt: null, durationMs: null }));
    const ids = attempts.filter((a) => a.score !== null && a.id !== 'a0');
    const top = [...ids].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).slice(0, 10).map((a) => a.id);
    const report = statusReport(attempts, top[0] ?? null);

    const digest = renderStatus(report, { color: false, now: NOW });
    const shown = digest.split('\n').map((line) => /^[* ] (a\d+) /.exec(line)?.[1]).filter((id) => id !== undefined);
    const expected = new Set(['a0', 'a61', 'a62', ...top]);
    for (let i = 48; i <= 60; i += 1) expected.add(`a${i}`);
    expect(new Set(shown)).toEqual(expected);
    expect(digest).toContain(`… ${attempts.length - expected.size} more (swarm status --all)`);

    const everything = renderStatus(report, { color: false, now: NOW, all: true });
    expect(everything.split('\n').filter((line) => /^[* ] a\d+ /.test(line))).toHaveLength(attempts.length);
    expect(everything).not.toContain('more (swarm status --all)');
  });

  it('says so when there are no attempts', () => {
    expect(renderStatus(statusReport([], null), { color: false, now: NOW })).toContain('no attempts yet');
  });
});

describe('renderProgressLine', () => {
  it('summarizes wave, running, budget, best and elapsed time', () => {
    const report = statusReport(smallRun(), 'a4');
    const waves = [...report.waves, { number: 3, attempts: 2, running: 1, bestScore: null, startedAt: 0, finishedAt: null }];
    expect(renderProgressLine({ ...report, waves }, 72_000)).toBe('wave 3 · 1 running · 7/40 attempts · best 2.5 (a4) · 1m12s');
    expect(renderProgressLine({ ...report, best: null, waves: [] }, 500)).toBe('wave 0 · 1 running · 7/40 attempts · best — · 500ms');
  });
});

describe('audit flags', () => {
  it('shows an attempt’s flags ahead of its hypothesis, so a narrow terminal keeps them', () => {
    const rows = [row('a1', { role: 'baseline', score: 1 }), row('a2', { score: 1, flags: ['no-change', 'reused:a1'], hypothesis: 'a long idea '.repeat(20) })];
    const text = renderStatus(statusReport(rows, 'a1'), { color: false, now: NOW, width: 90 });
    expect(lineOf(text, 'a2')).toContain('[no-change, reused:a1]');
    expect(lineOf(text, 'a1')).not.toContain('[');
  });
});

describe('in flight and the metric name', () => {
  it('lists running attempts with role, parents, phase and elapsed time above the table', () => {
    const text = renderStatus(statusReport(smallRun(), 'a4'), { color: false, now: NOW, width: 100 });
    const lines = text.split('\n');
    const start = lines.indexOf('in flight (1)');
    expect(start).toBeGreaterThan(0);
    expect(lines[start + 1]).toMatch(/^ {4}attempt +role +parents +phase +elapsed$/);
    expect(lines[start + 2]).toMatch(/^ {4}a5 +explorer +a4 +evaluate +1m12s$/);
    expect(start).toBeLessThan(lines.findIndex((line) => line.includes('hypothesis')));
  });

  it('has no in-flight section when nothing runs, and names the score column for the metric', () => {
    const text = renderStatus(statusReport(smallRun().filter((r) => r.status !== 'running'), 'a4'), { color: false, now: NOW, width: 100 });
    expect(text).not.toContain('in flight');
    expect(text.split('\n').find((line) => line.includes('hypothesis'))).toMatch(/status +sum_radii +time +hypothesis$/);
  });
});

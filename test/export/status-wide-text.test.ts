import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderStatus } from '../../src/cli/render/status-table.js';
import { row, statusReport } from './graph-fixtures.js';

const NOW = 100_000;
const WIDTH = 100;
const WIDE = '円を六角形に並べる 🚀 then 👩‍🔬 tunes the radius';

/** The table of `swarm status`: its header line and the line of each attempt. */
const tableLines = (text: string): string[] => {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trimEnd().endsWith('hypothesis'));
  return lines.slice(start).filter((line) => /^[* ] (id|a\d+) /.test(line));
};

/** Terminal column where `needle` starts in `line`. */
const columnOf = (line: string, needle: string): number => stringWidth(line.slice(0, line.indexOf(needle)));

describe('swarm status with CJK text and emoji', () => {
  const attempts = [
    row('a0', { wave: 0, role: 'baseline', score: 2, finishedAt: 10 }),
    row('a1', { parents: ['a0'], score: 2.5, hypothesis: WIDE, finishedAt: 20 }),
    row('a2', { parents: ['a0'], score: 2.25, hypothesis: 'hexagonal grid', finishedAt: 30 }),
    row('a3', { parents: ['a1'], score: 2.125, hypothesis: `${'漢字'.repeat(40)} 🎯`, finishedAt: 40 }),
  ];
  const base = statusReport(attempts, 'a1');
  // A metric named in Japanese: its column title is two characters but four terminal columns wide.
  const report = { ...base, run: { ...base.run, objective: { metric: '得点', direction: 'maximize' as const } } };
  const lines = tableLines(renderStatus(report, { color: false, now: NOW, width: WIDTH }));

  it('keeps the columns after a wide title aligned in every row', () => {
    expect(lines).toHaveLength(5);
    const [header = '', ...rows] = lines;
    const time = columnOf(header, 'time') + 'time'.length;
    const hypothesis = columnOf(header, 'hypothesis');
    for (const line of rows) {
      // The time column is right-aligned: every duration ends where the title ends.
      expect(columnOf(line, '12.3s') + '12.3s'.length).toBe(time);
    }
    expect(columnOf(lines[2] ?? '', '円')).toBe(hypothesis);
    expect(columnOf(lines[3] ?? '', 'hexagonal')).toBe(hypothesis);
    expect(columnOf(lines[4] ?? '', '漢')).toBe(hypothesis);
  });

  it('cuts a wide hypothesis to the terminal width, keeping whole characters', () => {
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(WIDTH);
    const cut = lines[4] ?? '';
    expect(cut.endsWith('…')).toBe(true);
    expect(stringWidth(cut)).toBeGreaterThanOrEqual(WIDTH - 1);
    expect(cut).not.toContain('🎯');
    expect(lines[2]).toContain(WIDE);
  });
});

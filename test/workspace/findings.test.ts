import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FINDINGS_FILE,
  appendFindings,
  formatFindingsEntry,
  readFindings,
} from '../../src/workspace/index.js';
import { makeTempDir } from '../support/git-repo.js';

describe('formatFindingsEntry', () => {
  it('formats a scored attempt', () => {
    expect(
      formatFindingsEntry({ attemptId: 'a7', role: 'explorer', parents: ['a3'], description: 'widen the ring spacing', score: 2.4871 }),
    ).toBe('- a7 (explorer, from a3): widen the ring spacing | score = 2.4871');
  });

  it('formats a failure, several parents and collapses the description to one short line', () => {
    const entry = formatFindingsEntry({
      attemptId: 'a8',
      role: 'optimizer',
      parents: ['a7', 'a5'],
      description: `tune\n\nthe   radius ${'x'.repeat(400)}`,
      score: null,
      failure: 'evaluator timed out after 600 s',
    });
    expect(entry.startsWith('- a8 (optimizer, from a7 + a5): tune the radius x')).toBe(true);
    expect(entry.endsWith(' | failed: evaluator timed out after 600 s')).toBe(true);
    expect(entry).not.toContain('\n');
    expect(entry.length).toBeLessThan(300);
  });

  it('handles a baseline without parents, no score and float noise', () => {
    expect(formatFindingsEntry({ attemptId: 'a0', role: 'baseline', parents: [], description: '', score: null })).toBe(
      '- a0 (baseline): no description | no score',
    );
    expect(formatFindingsEntry({ attemptId: 'a1', role: 'explorer', parents: [], description: 'd', score: 0.1 + 0.2 })).toBe(
      '- a1 (explorer): d | score = 0.3',
    );
  });

  it('writes scores with the 6 significant digits of swarm status and show', () => {
    expect(formatFindingsEntry({ attemptId: 'a2', role: 'optimizer', parents: ['a1'], description: 'd', score: 2.487134987 })).toBe(
      '- a2 (optimizer, from a1): d | score = 2.48713',
    );
  });
});

describe('findings.md', () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    while (cleanups.length > 0) cleanups.pop()?.();
  });

  it('creates the file with its header and keeps a blank line between entries', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    expect(await readFindings(temp.dir)).toBe('');
    await appendFindings(temp.dir, '- a1 (explorer): one | score = 1');
    await appendFindings(temp.dir, '- a2 (explorer, from a1): two | score = 2\n\n\n');
    const text = readFileSync(path.join(temp.dir, FINDINGS_FILE), 'utf8');
    expect(text).toBe(
      '# Findings\n\nFactual log of what was tried in this lineage and what it scored.\n\n' +
        '- a1 (explorer): one | score = 1\n\n- a2 (explorer, from a1): two | score = 2\n',
    );
    expect(await readFindings(temp.dir)).toBe(text);
  });
});

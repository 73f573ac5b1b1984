import { describe, expect, it } from 'vitest';
import type { InstructionRow } from '../../../src/core/views/report.js';
import { renderAttempt, type AttemptDetail } from '../../../src/cli/render/show-attempt.js';
import { renderStatus } from '../../../src/cli/render/status-table.js';
import { row, statusReport } from '../../export/graph-fixtures.js';

/** How `swarm status` and `swarm show` print evolving explorer instructions (the evolution: test/app/run/meta-prompts-e2e.test.ts). */
const variant = (id: string, overrides: Partial<InstructionRow> = {}): InstructionRow => ({
  id, parent: null, origin: 'built-in', excerpt: `Strategy ${id}`, attempts: 2, improvements: 0, credit: 0, retired: false, ...overrides,
});

const VARIANTS = [
  variant('v1'),
  variant('v2', { parent: 'v1', improvements: 2, credit: 0.5 }),
  variant('v3', { parent: 'v1', retired: true }),
  variant('v4', { parent: 'v2', origin: 'recombined', attempts: 3, improvements: 1, credit: 0.25 }),
];

describe('explorer instruction variants', () => {
  it('status lists every variant under its heading: lineage, origin, retired, explorers and improvements', () => {
    const report = { ...statusReport([row('a1', { role: 'baseline', operator: 'baseline', wave: 0, score: -13 }), row('a2', { parents: ['a1'], score: 3, instructions: 'v2' })], 'a2'), instructions: VARIANTS };
    const text = renderStatus(report, { color: false, now: 20_000, width: 160 });
    expect(text).toMatch(/explorer instructions \(shepherd\.metaPrompts\):\n {2}v1 built-in · 2 explorer\(s\), 0 improved, credit 0\.000 · Strategy v1\n/);
    expect(text).toContain('  v3 ← v1 built-in (retired) · 2 explorer(s), 0 improved');
    expect(text).toContain('  v4 ← v2 recombined · 3 explorer(s), 1 improved, credit 0.250 · Strategy v4');
  });

  it('show gives the variant an explorer was given', () => {
    const detail: AttemptDetail = {
      attempt: row('a2', { parents: ['a1'], score: 3, instructions: 'v2' }),
      instructions: { ...variant('v2', { parent: 'v1', improvements: 2, credit: 0.5 }), text: 'Full text of v2.' },
      branch: 'swarm/r1/a2', baseCommit: null, headCommit: null, context: null, prompt: null, diffStat: null, evaluations: [],
      findingsEntry: null, logDir: '.swarm/logs/a2', transcriptPath: null, usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
      selfEvaluations: { recorded: 0, failed: 0, failures: [] },
    };
    expect(renderAttempt(detail, { color: false })).toMatch(/variant\s+v2 ← v1 built-in · 2 explorer\(s\), 2 improved/);
    expect(renderAttempt(detail, { color: false })).not.toContain('Full text of v2.');
    expect(renderAttempt(detail, { color: false, full: true })).toContain('Full text of v2.');
  });
});

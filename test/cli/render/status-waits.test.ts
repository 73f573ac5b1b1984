import { describe, expect, it } from 'vitest';
import type { StatusReport } from '../../../src/core/views/report.js';
import { renderProgressLine, renderStatus } from '../../../src/cli/render/status-table.js';

const NOW = new Date(2026, 11, 1, 9, 0, 0).getTime();
const report = (waits: StatusReport['waits']): StatusReport => ({
  run: { id: 'r1', status: 'running', description: '', objective: { metric: 'score', direction: 'maximize' }, createdAt: NOW - 60_000, finishedAt: null, stopReason: null, attemptsUsed: 1, attemptBudget: 4 },
  baseline: null, best: null, waves: [], attempts: [], counts: { running: 1, scored: 0, invalid: 0, failed: 0, interrupted: 0 }, costUsd: 0,
  ...(waits ? { waits } : {}),
});

describe('status shows limit waits', () => {
  it('a line per wait: backend, kind, when it ends, what was seen, the parked attempts', () => {
    const text = renderStatus(report([{ backend: 'anthropic', kind: 'rate-limit', until: NOW + 2000, since: NOW - 1000, detail: 'HTTP 429, retry-after 2', attempts: ['a2'] }]), { color: false, now: NOW, width: 160 });
    expect(text).toContain('waiting   anthropic rate limit until 09:00:02 (in 2 s) · parked a2: HTTP 429, retry-after 2');
    expect(renderProgressLine(report([{ backend: 'codex', kind: 'usage-limit', until: NOW + 3 * 3_600_000, since: NOW, detail: '', attempts: [] }]), NOW)).toContain('waiting for codex until 12:00:00');
  });
  it('no line without waits', () => {
    expect(renderStatus(report([]), { color: false, now: NOW })).not.toContain('waiting');
    expect(renderStatus(report(undefined), { color: false, now: NOW })).not.toContain('waiting');
  });
});

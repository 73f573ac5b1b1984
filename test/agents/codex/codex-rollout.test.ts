import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codexHomeOf, rolloutTotals } from '../../../src/agents/codex/codex-rollout.js';

const tokenCount = (input: number, cached: number, output: number): string => JSON.stringify({
  timestamp: '2026-12-01T08:40:54.149Z', type: 'event_msg',
  payload: { type: 'token_count', info: { total_token_usage: { input_tokens: input, cached_input_tokens: cached, output_tokens: output, reasoning_output_tokens: 0, total_tokens: input + output } } },
});

describe('rolloutTotals', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'swarm-codex-rollout-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const write = (day: string, thread: string, lines: string[]): void => {
    const dir = join(home, 'sessions', ...day.split('/'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `rollout-${day.replace(/\//g, '-')}T08-40-53-${thread}.jsonl`), lines.join('\n'));
  };

  it('takes the last complete token_count of the thread, skipping a line the kill cut short', async () => {
    write('2026/11/30', 't-old', [tokenCount(5, 0, 5)]);
    write('2026/12/01', 't-1', [
      JSON.stringify({ type: 'session_meta', payload: { id: 't-1' } }),
      tokenCount(1000, 200, 50),
      JSON.stringify({ type: 'event_msg', payload: { type: 'token_count', info: null } }),
      tokenCount(2000, 400, 100),
      '{"type":"event_msg","payload":{"type":"token_count","info":{"total_tok',
    ]);
    expect(await rolloutTotals(home, 't-1')).toEqual({ inputTokens: 2000, cachedInputTokens: 400, outputTokens: 100 });
    expect(await rolloutTotals(home, 't-old')).toEqual({ inputTokens: 5, cachedInputTokens: 0, outputTokens: 5 });
  });

  it('is null for a thread without a rollout or without token counts', async () => {
    write('2026/12/01', 't-2', [JSON.stringify({ type: 'session_meta', payload: { id: 't-2' } })]);
    expect(await rolloutTotals(home, 't-2')).toBeNull();
    expect(await rolloutTotals(home, 't-missing')).toBeNull();
    expect(await rolloutTotals(join(home, 'nowhere'), 't-2')).toBeNull();
  });

  it('finds codex\'s home where the agent\'s environment puts it', () => {
    expect(codexHomeOf({ CODEX_HOME: '/c' })).toBe('/c');
    expect(codexHomeOf({ HOME: '/h' })).toBe(process.env.CODEX_HOME ?? '/h/.codex');
  });
});

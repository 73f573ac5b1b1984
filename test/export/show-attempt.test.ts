import { describe, expect, it } from 'vitest';
import { renderAttempt, type AttemptDetail, type AttemptEvaluation } from '../../src/cli/render/show-attempt.js';
import { row } from './graph-fixtures.js';

const evaluation = (overrides: Partial<AttemptEvaluation> = {}): AttemptEvaluation => ({
  kind: 'official',
  stage: 'full',
  seed: 0,
  valid: true,
  score: 2.4871,
  metrics: { sum_radii: 2.4871, n: 26 },
  reason: null,
  durationMs: 1_250,
  exitCode: 0,
  timedOut: false,
  stdoutTail: 'all good',
  stderrTail: 'warning: noisy',
  feedback: null,
  artifacts: null,
  jobId: null,
  cluster: null,
  ...overrides,
});

const detail = (overrides: Partial<AttemptDetail> = {}): AttemptDetail => ({
  attempt: row('a12', {
    wave: 3,
    operator: 'merge',
    parents: ['a7', 'a9'],
    score: 2.4871,
    hypothesis: 'combine corner packing with hex grid',
    flags: ['no-source-change'],
  }),
  branch: 'swarm/r1/a12',
  baseCommit: '0123456789abcdef0123456789abcdef01234567',
  headCommit: 'fedcba9876543210fedcba9876543210fedcba98',
  context: 'Explored so far: corners, hex grids.',
  prompt: Array.from({ length: 100 }, (_, i) => `prompt line ${i + 1}`).join('\n'),
  diffStat: { files: 2, insertions: 40, deletions: 3, paths: ['src/pack.py', 'README.md'] },
  evaluations: [
    evaluation(),
    evaluation({
      kind: 'confirm',
      seed: 1,
      valid: false,
      score: null,
      metrics: {},
      reason: 'timed out after 600 s',
      timedOut: true,
      exitCode: null,
      stderrTail: Array.from({ length: 40 }, (_, i) => `trace ${i + 1}`).join('\n'),
      feedback: 'radii overlap at (0.1, 0.2)',
    }),
  ],
  findingsEntry: '- a12: merged a7 + a9 | score = 2.4871',
  logDir: '.swarm/logs/a12',
  transcriptPath: '.swarm/logs/a12/transcript.jsonl',
  usage: { inputTokens: 12_000, outputTokens: 3_400, costUsd: 0.0421 },
  selfEvaluations: { recorded: 0, failed: 0, failures: [] },
  ...overrides,
});

describe('renderAttempt', () => {
  const text = renderAttempt(detail(), { color: false });

  it('prints header, lineage, git, diff and usage', () => {
    expect(text.split('\n')[0]).toBe('attempt a12 · scored 2.4871 · wave 3 · 12.3s · $0.04');
    expect(text).toMatch(/parents +a7, a9/);
    expect(text).toMatch(/operator +merge · role explorer · backend local/);
    expect(text).toMatch(/flags +no-source-change/);
    expect(text).toMatch(/branch +swarm\/r1\/a12/);
    expect(text).toMatch(/commits +0123456789ab → fedcba987654\n/);
    expect(text).toMatch(/diff +2 files changed, \+40 -3\n {4}src\/pack\.py\n {4}README\.md/);
    expect(text).toMatch(/tokens +12000 in \/ 3400 out · \$0\.04/);
    expect(text).toMatch(/transcript +\.swarm\/logs\/a12\/transcript\.jsonl/);
    expect(text).toContain('- a12: merged a7 + a9 | score = 2.4871');
    expect(text).not.toContain(`${String.fromCharCode(27)}[`);
  });

  it('prints the code signature under lineage once the attempt was audited', () => {
    expect(text).not.toMatch(/signature/);
    expect(renderAttempt(detail({ codeSignature: 'src/pack.py 1:2.1+ 1:4~' }), { color: false })).toMatch(/flags +no-source-change\n {2}signature +src\/pack\.py 1:2\.1\+ 1:4~\n/);
    expect(renderAttempt(detail({ codeSignature: '' }), { color: false })).toMatch(/signature +as the baseline/);
  });

  it('shortens the prompt to 30 lines unless full output is asked for', () => {
    expect(text).toContain('prompt line 30\n');
    expect(text).not.toContain('prompt line 31');
    expect(text).toContain('… 70 more lines (--full)');
    const full = renderAttempt(detail(), { color: false, full: true });
    expect(full).toContain('prompt line 100');
    expect(full).not.toContain('more lines');
    expect(full).toContain('0123456789abcdef0123456789abcdef01234567');
  });

  it('shows each evaluation, and output tails only for invalid ones', () => {
    expect(text).toMatch(/official\/full · seed 0 · valid · score 2\.4871 · 1\.3s · exit 0/);
    expect(text).toMatch(/metrics +sum_radii=2\.4871 n=26/);
    expect(text).toMatch(/confirm\/full · seed 1 · invalid \(timed out\) · score — · 1\.3s · no exit code/);
    expect(text).toMatch(/reason +timed out after 600 s/);
    expect(text).toContain('radii overlap at (0.1, 0.2)');
    expect(text).toContain('trace 40');
    expect(text).toContain('trace 26');
    expect(text).not.toContain('trace 25\n');
    expect(text).not.toContain('warning: noisy');
    expect(text).toContain('all good');
  });

  it('lists artifacts: a short one inline, a long one as its first lines unless full output is asked for', () => {
    const traceback = Array.from({ length: 12 }, (_, i) => `  frame ${i + 1}`).join('\n');
    const shown = detail({ evaluations: [evaluation({ artifacts: { failure_stage: 'stage2', traceback } })] });
    const text = renderAttempt(shown, { color: false });
    expect(text).toContain('    artifact failure_stage  stage2\n');
    expect(text).toContain('    artifact traceback\n        frame 1\n');
    expect(text).toContain('        frame 8\n      … 4 more lines (--full, or --json)');
    expect(text).not.toContain('frame 9');
    expect(renderAttempt(shown, { color: false, full: true })).toContain('        frame 12\n');
  });

  it('handles a failed attempt with nothing recorded, and colors with color', () => {
    const failed = detail({
      attempt: row('a3', { status: 'failed', parents: [], reason: 'agent crashed', durationMs: null }),
      prompt: null,
      context: null,
      diffStat: null,
      evaluations: [],
      findingsEntry: null,
      transcriptPath: null,
      baseCommit: null,
      headCommit: null,
      usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
    });
    const plain = renderAttempt(failed, { color: false });
    expect(plain.split('\n')[0]).toBe('attempt a3 · failed · wave 1');
    expect(plain).toMatch(/reason +agent crashed/);
    expect(plain).toMatch(/parents +— \(root\)/);
    expect(plain).toMatch(/commits +— → —/);
    expect(plain).toMatch(/evaluations\n {2}none/);
    expect(plain).not.toContain('prompt');
    const colored = renderAttempt(failed, { color: true });
    expect(colored).toContain('\u001b[31mfailed\u001b[39m');
  });

  it('counts the agent\'s own swarm eval calls and says why the failed ones gave no score', () => {
    const failed = renderAttempt(detail({ selfEvaluations: { recorded: 1, failed: 2, failures: ['swarm eval exited with code 127 (command not found): /bin/bash: line 1: swarm: command not found'] } }), { color: false });
    expect(failed).toContain('swarm eval  1 recorded · 2 failed');
    expect(failed).toContain('    swarm eval exited with code 127 (command not found)');
    expect(renderAttempt(detail(), { color: false })).not.toContain('swarm eval  ');
  });
});

describe('the Shepherd context', () => {
  it('is printed once: in its section, and pointed to from the prompt that embeds it', () => {
    const context = 'Population: 3 attempts so far.\nBest so far: a2 with score 2.3.';
    const text = renderAttempt(detail({ context, prompt: `# Task\n\n# Context from the Shepherd\n\n${context}\n\n# Parents\n- a2` }), { color: false });
    expect(text.split('Best so far: a2 with score 2.3.')).toHaveLength(2);
    expect(text).toContain('  (the context from the Shepherd, shown above)');
    expect(text.indexOf('context\n')).toBeLessThan(text.indexOf('prompt\n'));
  });
});

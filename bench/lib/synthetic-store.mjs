import { join } from 'node:path';
import { SwarmStore } from '../../dist/store/swarm-store.js';

/** Deterministic PRNG (mulberry32), so every bench run builds the same database. */
const rng = (seed) => {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const WORDS = ['raise', 'lower', 'the', 'step', 'size', 'radius', 'packing', 'tolerance', 'of', 'inner', 'loop', 'constant', 'weight', 'decay', 'so', 'that', 'fewer', 'circles', 'overlap', 'near', 'border'];
const text = (random, length) => {
  let out = '';
  while (out.length < length) out += `${WORDS[Math.floor(random() * WORDS.length)]} `;
  return out.slice(0, length).trim();
};
const hex = (random) => Array.from({ length: 40 }, () => Math.floor(random() * 16).toString(16)).join('');

const outcome = (random, score, valid, durationMs) => ({
  metrics: valid ? { score, runtime_s: Math.round(random() * 300) / 10 } : {},
  score: valid ? score : null,
  valid,
  reason: valid ? null : 'program exited with code 1: TypeError: cannot read properties of undefined',
  feedback: valid ? null : text(random, 120),
  instances: null,
  artifacts: null,
  exitCode: valid ? 0 : 1,
  signal: null,
  timedOut: false,
  durationMs,
  stdoutTail: `${text(random, 160)}\n{"score": ${score}}\n`,
  stderrTail: valid ? '' : text(random, 200),
  jobId: null,
});

/**
 * Writes one finished run of `count` attempts (baseline included, waves of 4) into
 * `<repo>/.swarm/swarm.db` inside one transaction: parent edges, merges, informed-by edges,
 * scores, ~80-character hypotheses, prompts of ~1 kB, and an official evaluation per evaluated
 * attempt (two self-evaluations more per optimizer). The last wave is still running.
 */
export const writeSyntheticRun = ({ repo, baseCommit, count, seed = 7 }) => {
  const random = rng(seed);
  const store = SwarmStore.open(join(repo, '.swarm', 'swarm.db'));
  const t0 = Date.UTC(2025, 0, 1);
  try {
    const run = store.createRun({
      description: 'synthetic run for the bench', metric: 'score', direction: 'maximize', baseCommit, baseBranch: 'main',
      configJson: JSON.stringify({ synthetic: true, padding: text(random, 1500) }), attemptBudget: count, ownerPid: process.pid,
    }, t0);
    const prompt = text(random, 1000);
    const scored = [];
    const lastWave = Math.ceil((count - 1) / 4);
    store.transaction(() => {
      for (let i = 0; i < count; i++) {
        const wave = i === 0 ? 0 : Math.ceil(i / 4);
        const now = t0 + i * 15_000;
        const recent = scored.slice(-200);
        const pickParent = () => recent[Math.floor(random() * recent.length)]?.id;
        const roll = random();
        const kind = i === 0 ? 'baseline' : wave === 1 ? 'explore' : roll < 0.35 ? 'deepen' : roll < 0.4 ? 'merge' : roll < 0.7 ? 'fan-out' : 'explore';
        const parents = kind === 'baseline' ? [] : kind === 'explore' ? ['a1'] : kind === 'merge' ? [...new Set([pickParent(), pickParent()])] : [pickParent()];
        const informedBy = kind === 'explore' && wave > 1 && random() < 0.5 ? [pickParent()] : [];
        const role = kind === 'baseline' ? 'baseline' : kind === 'deepen' ? 'optimizer' : 'explorer';
        const attempt = store.createAttempt({
          runId: run.id, wave, role, operator: kind, backend: i === 0 ? 'none' : 'local', seed: Math.floor(random() * 2 ** 31),
          context: i === 0 ? null : text(random, 600), parents, informedBy: informedBy.filter((p) => !parents.includes(p)),
          paths: (id) => ({ branch: `swarm/${run.id}/${id}`, logDir: join(repo, '.swarm', 'logs', id) }),
        }, now);
        const statusRoll = random();
        const status = wave === lastWave ? 'running' : i === 0 || statusRoll < 0.85 ? 'scored' : statusRoll < 0.93 ? 'invalid' : statusRoll < 0.98 ? 'failed' : 'interrupted';
        const score = status === 'scored' ? Math.round((1 + wave / 500 + random()) * 1e6) / 1e6 : null;
        const durationMs = 2_000 + Math.floor(random() * 30_000);
        if (status === 'scored' || status === 'invalid') {
          store.addEvaluation(attempt.id, i === 0 ? 'baseline' : 'official', { ...outcome(random, score ?? 0, status === 'scored', durationMs), stage: 'main', seed: attempt.seed, commit: hex(random) }, now + 60_000);
        }
        if (role === 'optimizer' && status !== 'running') {
          for (let k = 0; k < 2; k++) store.addEvaluation(attempt.id, 'intermediate', { ...outcome(random, score ?? 0.5, true, durationMs), stage: 'main', seed: 0, commit: null }, now + 30_000);
        }
        store.updateAttempt(attempt.id, {
          status, phase: status === 'running' ? 'agent' : 'done', prompt, baseCommit: hex(random),
          headCommit: status === 'running' ? null : hex(random), tipCommit: status === 'running' ? null : hex(random),
          hypothesis: i === 0 ? null : text(random, 80), summary: i === 0 ? 'baseline program' : text(random, 60),
          error: status === 'failed' ? 'agent failed: timed out after 1200 s' : null, score, valid: status === 'scored' ? true : status === 'invalid' ? false : null,
          reason: status === 'invalid' ? 'program exited with code 1' : null, metrics: score === null ? null : { score },
          usage: { inputTokens: 20_000 + Math.floor(random() * 50_000), outputTokens: 2_000 + Math.floor(random() * 8_000), costUsd: Math.round(random() * 50) / 100 },
          diff: i === 0 ? null : { files: 1, insertions: 1 + Math.floor(random() * 20), deletions: Math.floor(random() * 10) },
          flags: random() < 0.05 ? ['no-change'] : [], finishedAt: status === 'running' ? null : now + 60_000,
        });
        if (status !== 'running') store.addEvent(run.id, 'attempt.finished', { status, score, reason: null }, attempt.id, now + 60_000);
        if (status === 'scored') scored.push({ id: attempt.id, score });
        if (i % 4 === 1 || i === 0) store.startWave(run.id, wave, 'rules', text(random, 120), now);
        if ((i % 4 === 0 || i === count - 1) && wave < lastWave) store.finishWave(run.id, wave, now + 60_000);
      }
    });
    store.updateRun(run.id, { status: 'running', ownerPid: null });
    return run.id;
  } finally {
    store.close();
  }
};

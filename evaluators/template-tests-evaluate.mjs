// swarm evaluator: the project's own tests gate, a measured command scores. Written by
// `swarm init` as evaluate.mjs; yours to edit (it is in evaluator.protect, so agents cannot).
//
// 1. Runs TESTS once: they must pass, else {"valid": false, "feedback": failing tests + output}.
// 2. Runs SCORE.argv REPEATS times and reports the median of what it measures as SCORE.metric,
//    with its spread: "score_stderr" (standard error over the repeats, same unit; swarm crowns
//    only beyond it, docs/objectives.md) and "runs".
// Exit 0 even when the tests fail: a failing program is a result, not an evaluator crash.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// (1) The test command: the validity gate (null: no gate).
const TESTS = ['npm', 'test'];
// (2) What is measured. parse: "wall-time" (seconds the command takes), "ns-per-op" (sum of the
//     ns/op, ns/iter or criterion times it prints), "json-mean" (sum of every "mean" in the JSON
//     report written to the path that "{json}" in argv stands for), "last-number" (the last number
//     on its stdout). Whether lower or higher is better is .swarmrc.json's objective.direction.
const SCORE = { argv: ['npm', 'test'], parse: 'wall-time', metric: 'seconds' };
const REPEATS = 5;
const TIMEOUT_MS = 10 * 60_000;

const report = (result) => {
  const line = JSON.stringify(result);
  if (process.env.SWARM_RESULT_FILE) writeFileSync(process.env.SWARM_RESULT_FILE, `${line}\n`);
  console.log(line);
  process.exit(0);
};
const shown = (argv) => argv.join(' ');
// By-products stay out of the checkout: no __pycache__, no pytest cache.
const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' };
const run = (argv) => {
  const started = process.hrtime.bigint();
  const result = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, env });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // eslint-disable-next-line no-control-regex
  const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  return { ...result, seconds, output };
};

// Names of failing tests as the common runners print them (pytest, unittest, jest, vitest, mocha,
// node --test, uvu, cargo test, go test).
const FAILURE_PATTERNS = [
  /^FAILED (\S+)/, /^ERROR (\S+::\S+)/, /^(?:FAIL|ERROR): (\S+ \([\w.]+\))/,
  /^\s*● (.+ › .+)$/, /^\s*(?:FAIL|×|✗|✘|✖)\s+(.+?)(?:\s+\d+ms)?$/, /^\s*\d+\) (.+)$/,
  /^not ok \d+ - (.+)$/, /^test (\S+) \.\.\. FAILED$/, /^\s*--- FAIL: (\S+)/,
];
const failingTests = (output) => {
  const names = [];
  for (const line of output.split('\n')) {
    for (const pattern of FAILURE_PATTERNS) {
      const name = pattern.exec(line)?.[1]?.trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names.slice(0, 20);
};
const RELEVANT = /fail|error|assert|expected|received|panicked|traceback|exception|not ok|✗|✘|✖|×|●/i;
const relevantLines = (output) => {
  const lines = output.split('\n');
  const keep = new Set();
  lines.forEach((line, i) => {
    if (RELEVANT.test(line)) for (let j = Math.max(0, i - 1); j <= Math.min(lines.length - 1, i + 3); j++) keep.add(j);
  });
  const picked = [...keep].sort((a, b) => a - b).map((i) => lines[i]).filter((line) => line.trim() !== '');
  return (picked.length > 0 ? picked : lines.filter((line) => line.trim() !== '').slice(-20)).slice(0, 60).join('\n').slice(0, 4000);
};

const gate = TESTS === null ? null : run(TESTS);
if (gate?.error?.code === 'ETIMEDOUT') report({ valid: false, feedback: `tests did not finish within ${TIMEOUT_MS / 1000} s: ${shown(TESTS)}` });
if (gate?.error) report({ valid: false, feedback: `could not run the tests (${shown(TESTS)}): ${gate.error.message}` });
if (gate && gate.status !== 0) {
  const names = failingTests(gate.output);
  const head = names.length > 0 ? `tests failed: ${names.join(', ')}` : `tests failed: ${shown(TESTS)} exited with code ${gate.status}`;
  report({ valid: false, feedback: `${head}\n${relevantLines(gate.output)}` });
}

const UNITS = { ps: 1e-3, ns: 1, µs: 1e3, us: 1e3, ms: 1e6, s: 1e9 };
const measures = {
  'wall-time': (result) => result.seconds,
  'ns-per-op': (result) => {
    const figures = [...result.output.matchAll(/([\d,.]+) ns\/(?:op|iter)/g)].map((m) => Number(m[1].replaceAll(',', '')));
    const criterion = [...result.output.matchAll(/time:\s+\[[\d.]+ \S+ ([\d.]+) (ps|ns|µs|us|ms|s) /g)].map((m) => Number(m[1]) * UNITS[m[2]]);
    const all = [...figures, ...criterion];
    return all.length > 0 ? all.reduce((a, b) => a + b, 0) : null;
  },
  'json-mean': (result) => {
    const means = [];
    const walk = (value) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value !== null && typeof value === 'object') {
        if (typeof value.mean === 'number') means.push(value.mean);
        Object.values(value).forEach(walk);
      }
    };
    try { walk(JSON.parse(readFileSync(result.jsonPath, 'utf8'))); } catch { return null; }
    return means.length > 0 ? means.reduce((a, b) => a + b, 0) : null;
  },
  'last-number': (result) => {
    const numbers = (result.stdout ?? '').match(/-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi);
    return numbers ? Number(numbers.at(-1)) : null;
  },
};

// The gate's run was the warm-up of a measured test suite.
const scratch = mkdtempSync(join(tmpdir(), 'swarm-eval-'));
const values = [];
for (let i = 0; i < REPEATS; i++) {
  const jsonPath = join(scratch, `report-${i}.json`);
  const argv = SCORE.argv.map((arg) => arg.replaceAll('{json}', jsonPath));
  const result = run(argv);
  if (result.status !== 0 || result.error) {
    rmSync(scratch, { recursive: true, force: true });
    report({ valid: false, feedback: `the measured command failed on run ${i + 1}: ${shown(argv)} exited with code ${result.status}\n${relevantLines(result.output)}` });
  }
  const value = measures[SCORE.parse]({ ...result, jsonPath });
  if (value === null || !Number.isFinite(value)) {
    rmSync(scratch, { recursive: true, force: true });
    report({ valid: false, feedback: `${shown(argv)} printed no figure to measure (${SCORE.parse}); its output ends:\n${result.output.trim().split('\n').slice(-10).join('\n')}` });
  }
  values.push(value);
}
rmSync(scratch, { recursive: true, force: true });
const sorted = [...values].sort((a, b) => a - b);
const median = sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const mean = values.reduce((a, b) => a + b, 0) / values.length;
const sd = values.length > 1 ? Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1)) : 0;
report({ [SCORE.metric]: median, score_stderr: sd / Math.sqrt(values.length), runs: values.length, ...(gate ? { test_seconds: gate.seconds } : {}) });

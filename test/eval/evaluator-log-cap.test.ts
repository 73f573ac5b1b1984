import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalJobFiles, LocalEvaluatorRunner } from '../../src/eval/local-evaluator-runner.js';

/** Prints a first line, 3 MiB of filler to each stream, and its result as the last stdout line. */
const FLOODS = `process.stdout.write('FIRST LINE\\n');
const block = 'y'.repeat(1023) + '\\n';
for (let i = 0; i < 3 * 1024; i++) { process.stdout.write(block); process.stderr.write(block); }
process.stdout.write(JSON.stringify({ score: 7 }) + '\\n');
`;

describe('raw evaluator logs are capped per stream (log.maxEvaluatorLogBytes)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-logcap-'));
    writeFileSync(join(dir, 'flood.js'), FLOODS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const job = (logDir: string) => ({ command: 'node flood.js', cwd: dir, stage: 'default', seed: 1, timeoutMs: 60_000, env: {}, logDir, metric: 'score' });

  it('keeps the head and the tail with a line for what was left out, and still reads the result', async () => {
    const logDir = join(dir, 'capped');
    const outcome = await new LocalEvaluatorRunner({ maxLogBytes: 64 * 1024 }).run(job(logDir), new AbortController().signal);
    expect(outcome).toMatchObject({ valid: true, score: 7 });
    const files = evalJobFiles(job(logDir));
    for (const file of [files.stdout, files.stderr]) expect(statSync(file).size).toBeLessThan(64 * 1024 + 200);
    const stdout = readFileSync(files.stdout, 'utf8');
    expect(stdout.startsWith('FIRST LINE\n')).toBe(true);
    expect(stdout).toMatch(/\[swarm: \d+ bytes of this output left out here; log.maxEvaluatorLogBytes keeps 65536 bytes per stream\]/);
    expect(stdout.trimEnd().endsWith('{"score":7}')).toBe(true);
  }, 60_000);

  it('keeps everything with 0', async () => {
    const logDir = join(dir, 'whole');
    await new LocalEvaluatorRunner({ maxLogBytes: 0 }).run(job(logDir), new AbortController().signal);
    expect(statSync(evalJobFiles(job(logDir)).stderr).size).toBe(3 * 1024 * 1024);
  }, 60_000);
});

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SlotPool } from '../../../src/eval/slot-pool.js';
import { startApiProcess, type ApiProcessResult } from '../../support/api-process.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// Claims a marker file per GPU it was given (and one "busy" file) exclusively for 400 ms: a second
// evaluation on the same GPU, or over concurrency.evaluations, finds the marker and fails.
const CLAIMING_EVAL = `const fs = require('node:fs');
const path = require('node:path');
const dir = process.env.MARK_DIR;
const gpus = (process.env.CUDA_VISIBLE_DEVICES ?? '').split(',').filter(Boolean);
const claims = [...gpus.map((g) => 'gpu-' + g), ...(process.env.CLAIM_BUSY === '1' ? ['busy'] : [])].map((n) => path.join(dir, n));
const taken = [];
for (const file of claims) {
  try { fs.writeFileSync(file, String(process.pid), { flag: 'wx' }); taken.push(file); }
  catch { console.log(JSON.stringify({ score: 0, valid: false, feedback: 'clash on ' + path.basename(file) })); process.exit(0); }
}
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
for (const file of taken) fs.rmSync(file);
const env = { cuda: process.env.CUDA_VISIBLE_DEVICES, hip: process.env.HIP_VISIBLE_DEVICES, rocr: process.env.ROCR_VISIBLE_DEVICES };
console.log(JSON.stringify({ score: 1, feedback: JSON.stringify(env) }));
`;

const evalResult = z.object({ valid: z.boolean(), feedback: z.string().nullable() });
const gpuEnv = z.object({ cuda: z.string(), hip: z.string(), rocr: z.string() });

/** `times` evaluations of the checkout at once, each by a process of its own calling the API's `evaluate` (what `swarm eval` does). */
const concurrently = async (dir: string, times: number): Promise<ApiProcessResult[]> =>
  Promise.all(Array.from({ length: times }, () => startApiProcess(dir, 'process.stdout.write(JSON.stringify(await api.evaluate({ cwd: process.cwd(), signal })));').done));

describe('GPU pools and the evaluation bound across processes', () => {
  let marks: string;
  let multi: ToyRepo;
  let bounded: ToyRepo;

  beforeAll(() => {
    marks = mkdtempSync(join(tmpdir(), 'swarm-marks-'));
    multi = createToyRepo(
      { evaluator: { command: 'node claim.js', gpus: ['0', '1', '2'], gpusPerEvaluation: 2, env: { MARK_DIR: join(marks, 'multi') } }, concurrency: { evaluations: 4 } },
      { 'claim.js': CLAIMING_EVAL },
    );
    bounded = createToyRepo(
      { evaluator: { command: 'node claim.js', env: { MARK_DIR: join(marks, 'bounded'), CLAIM_BUSY: '1' } }, concurrency: { evaluations: 1 } },
      { 'claim.js': CLAIMING_EVAL },
    );
    for (const sub of ['multi', 'bounded']) mkdirSync(join(marks, sub));
  });

  afterAll(() => {
    multi.cleanup();
    bounded.cleanup();
    rmSync(marks, { recursive: true, force: true });
  });

  it('gives each of three concurrent evaluation processes two GPUs of three, never one GPU twice', async () => {
    const results = await concurrently(multi.dir, 3);
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      const parsed = evalResult.parse(JSON.parse(result.stdout));
      expect(parsed.feedback ?? '').not.toMatch(/clash/);
      expect(parsed.valid).toBe(true);
      const env = gpuEnv.parse(JSON.parse(parsed.feedback ?? '{}'));
      const ids = env.cuda.split(',');
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
      for (const id of ids) expect(['0', '1', '2']).toContain(id);
      // ROCm narrows to the physical ids first; HIP then counts what is left from 0.
      expect(env.rocr).toBe(env.cuda);
      expect(env.hip).toBe('0,1');
    }
  }, 120_000);

  it('holds every evaluation process of the repository to concurrency.evaluations', async () => {
    const results = await concurrently(bounded.dir, 3);
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      const parsed = evalResult.parse(JSON.parse(result.stdout));
      expect(parsed.feedback ?? '').not.toMatch(/clash/);
      expect(parsed.valid).toBe(true);
    }
  }, 120_000);

  it('hands a multi-slot request its whole set at once, in turn, without starving it', async () => {
    const pool = new SlotPool(['0', '1', '2']);
    const first = await pool.acquireMany(2);
    expect(first).toEqual(['0', '1']);
    const pair = pool.acquireMany(2);
    const single = pool.acquireMany(1);
    // One slot is free, but the pair asked first: the single waits behind it.
    expect(pool.available).toBe(1);
    pool.release('0');
    expect(await pair).toEqual(['2', '0']);
    pool.release('1');
    expect(await single).toEqual(['1']);
  });
});

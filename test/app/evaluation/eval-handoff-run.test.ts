import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { show as showAttempt, type AttemptDetail } from '../../../src/index.js';
import { renderAttempt } from '../../../src/cli/render/show-attempt.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/**
 * An agent (the `command` backend, so any CLI) that first tries to forge a result through the
 * hand-off folder (a request carrying its own score), then edits prog.js and runs `swarm eval`
 * by the shim's absolute path, printing what it was told.
 */
const agentScript = (seenFile: string): string => `
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
const dir = process.env.SWARM_EVAL_HANDOFF;
// Written as the protocol asks (a temporary name, then a rename), so the driver reads it whole.
writeFileSync(dir + '/req-00000000000000ff.tmp', JSON.stringify({ version: 1, score: 100 }));
renameSync(dir + '/req-00000000000000ff.tmp', dir + '/req-00000000000000ff.json');
while (!existsSync(dir + '/res-00000000000000ff.json')) await sleep(20);
const forged = JSON.parse(readFileSync(dir + '/res-00000000000000ff.json', 'utf8'));
writeFileSync('prog.js', readFileSync('prog.js', 'utf8').replace('const a = 1.0;', 'const a = 3.0;'));
const scored = JSON.parse(execFileSync(process.env.SWARM_BIN, ['eval', '--json'], { encoding: 'utf8' }));
writeFileSync(${JSON.stringify(seenFile)}, JSON.stringify({ forged, scored }));
console.log('Set a to 3.');
`;

const evaluationRow = z.object({ kind: z.string(), valid: z.number(), score: z.number().nullable() });
const eventRow = z.object({ type: z.string(), data_json: z.string() });
const agentOutput = z.object({
  forged: z.object({ ok: z.literal(false), error: z.string() }),
  scored: z.object({ valid: z.boolean(), score: z.number().nullable(), evaluatedBy: z.string(), recorded: z.boolean() }),
});

describe('swarm eval hand-off in a real run, from any backend (command agent)', () => {
  let repo: ToyRepo;
  let scripts: string;
  let run: ApiRun;
  let show: AttemptDetail;

  beforeAll(async () => {
    scripts = mkdtempSync(join(tmpdir(), 'swarm-handoff-agent-'));
    writeFileSync(join(scripts, 'agent.mjs'), agentScript(join(scripts, 'seen.json')));
    repo = createToyRepo({
      agent: { backend: 'command', timeout: '60s', command: { argv: [process.execPath, join(scripts, 'agent.mjs'), '{prompt}'], output: 'text' } },
      budget: { attempts: 1 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
    });
    run = await runApi(repo.dir);
    show = await showAttempt({ cwd: repo.dir, attemptId: 'a2' });
  }, 120_000);
  afterAll(() => {
    repo.cleanup();
    rmSync(scripts, { recursive: true, force: true });
  });

  const readDb = () => {
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    try {
      return {
        evaluations: z.array(evaluationRow).parse(db.prepare("SELECT kind, valid, score FROM evaluations WHERE attempt_id = 'a2' ORDER BY id").all()),
        events: z.array(eventRow).parse(db.prepare("SELECT type, data_json FROM events WHERE attempt_id = 'a2' AND type LIKE 'attempt.self-%' ORDER BY id").all()),
      };
    } finally {
      db.close();
    }
  };

  it('answers the agent with the score the official evaluation gives, evaluated and recorded by the driver', () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    const { evaluations } = readDb();
    expect(evaluations.map((e) => [e.kind, e.valid, e.score])).toEqual([['intermediate', 1, -9], ['official', 1, -9]]);
    const seen = agentOutput.parse(JSON.parse(readFileSync(join(scripts, 'seen.json'), 'utf8')));
    expect(seen.scored).toEqual({ valid: true, score: -9, evaluatedBy: 'driver', recorded: true });
    expect(seen.forged.error).toBe('the request does not match the hand-off protocol (version 1)');
  });

  it('refuses the forged request, records no score of 100, and counts it as a failed swarm eval', () => {
    const { evaluations, events } = readDb();
    expect(evaluations.some((e) => e.score === 100)).toBe(false);
    expect(events.map((e) => [e.type, JSON.parse(e.data_json)])).toEqual([
      ['attempt.self-eval-failed', { reason: 'the request does not match the hand-off protocol (version 1)', source: 'driver' }],
      ['attempt.self-evaluated', { score: -9, by: 'driver' }],
    ]);
    expect(show.selfEvaluations).toEqual({ recorded: 1, failed: 1, failures: ['the request does not match the hand-off protocol (version 1)'] });
    expect(renderAttempt(show, { color: false })).toMatch(/swarm eval\s+1 recorded · 1 failed/);
  });
});

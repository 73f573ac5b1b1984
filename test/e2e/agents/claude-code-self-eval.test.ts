import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, endsWithToolResult, messagesBody } from '../../support/fake-llm/anthropic-messages.js';
import { show } from '../../../src/index.js';
import { renderAttempt } from '../../../src/cli/render/show-attempt.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/*
 * The real agent binary end to end (test/e2e/agents): the run is driven in this process through the
 * API (runSearch); what crosses processes is the product's own path, the agent's shell running the
 * run's `swarm` shim (the built CLI), whose `swarm eval` the driver answers through the hand-off.
 */
const evaluationRow = z.object({ attempt_id: z.string(), kind: z.string(), valid: z.number(), score: z.number().nullable() });
const attemptRow = z.object({ id: z.string(), role: z.string(), status: z.string(), score: z.number().nullable(), error: z.string().nullable() });

const readRecord = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return {
      attempts: z.array(attemptRow).parse(db.prepare("SELECT id, role, status, score, error FROM attempts WHERE role != 'baseline' ORDER BY seq").all()),
      evaluations: z.array(evaluationRow).parse(db.prepare("SELECT attempt_id, kind, valid, score FROM evaluations WHERE kind = 'intermediate' ORDER BY id").all()),
    };
  } finally {
    db.close();
  }
};

const fakeEnv = (home: string, url: string): Record<string, string> => ({
  HOME: home, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
  DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
});

// swarm's DEFAULT claude-code settings (permissionMode "acceptEdits"): nothing set but the backend.
describe('a run with agent claude-code: the agent scores itself with `swarm eval` through Claude Code\'s Bash tool', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;
  let record: ReturnType<typeof readRecord>;

  beforeAll(async () => {
    // A scripted model: the explorer sets a = 3 (score -9), scores it with `swarm eval` and with the
    // evaluator the task names; the optimizer, a fork of its session, sets b = -1 (score 0) and scores it.
    server = await startFakeServer(anthropicHandler((body) => {
      const isToolResult = (m: (typeof body.messages)[number]): boolean => JSON.stringify(m.content).includes('"tool_result"');
      const start = body.messages.findLastIndex((m) => m.role === 'user' && !isToolResult(m));
      const optimizer = JSON.stringify(body.messages[start]?.content).includes('You are optimizer');
      const step = body.messages.slice(start + 1).filter(isToolResult).length;
      const commands = optimizer
        ? ["sed -i 's/^const b = 2.0/const b = -1.0/' prog.js", 'swarm eval']
        : ["sed -i 's/^const a = 1.0/const a = 3.0/' prog.js", 'swarm eval', 'node evaluate.js'];
      const command = commands[step];
      if (command === undefined) return { kind: 'text', text: 'Measured it.\nHYPOTHESIS: the constants are off' };
      return { kind: 'tool_use', name: 'Bash', input: { command, description: 'work' } };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-claude-home-'));
    // Login and interactive shells that reset PATH (as Debian's /etc/profile does): the shim must survive them.
    for (const rc of ['.bashrc', '.profile', '.bash_profile']) writeFileSync(join(home, rc), 'export PATH=/usr/bin:/bin\n');
    repo = createToyRepo(
      {
        agent: { backend: 'claude-code', timeout: '90s' },
        budget: { attempts: 2 },
        concurrency: { agents: 1, evaluations: 1 },
        shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
      },
      { 'prompt.md': 'Make the score as high as possible. You may also run the evaluator yourself: `node evaluate.js`.\n' },
    );
    run = await runApi(repo.dir, {}, fakeEnv(home, server.url));
    record = readRecord(repo);
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  it('records a valid intermediate evaluation for the explorer and the forked optimizer, each with its official score', () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    expect(record.attempts.map((a) => ({ role: a.role, status: a.status, score: a.score }))).toEqual([
      { role: 'explorer', status: 'scored', score: -9 },
      { role: 'optimizer', status: 'scored', score: 0 },
    ]);
    const [explorer, optimizer] = record.attempts;
    expect(record.evaluations).toEqual([
      { attempt_id: explorer?.id, kind: 'intermediate', valid: 1, score: -9 },
      { attempt_id: optimizer?.id, kind: 'intermediate', valid: 1, score: 0 },
    ]);
  });

  it('runs every command for the model without asking and shows it the scores', () => {
    const bodies = server.requests.map(messagesBody).filter((b) => b !== null);
    const results = bodies.filter((b) => endsWithToolResult(b)).map((b) => JSON.stringify(b.messages.at(-1)));
    expect(results).toHaveLength(5);
    // The explorer's `swarm eval` report and the evaluator's own JSON line, then the optimizer's report.
    expect(results[1]).toContain('-9');
    expect(results[2]).toContain('{\\"score\\":-9');
    expect(results[4]).toMatch(/score\W+0\b/);
    for (const text of results) expect(text).not.toMatch(/requires approval|"is_error\\?":true/);
  });
});

describe('a run with agent claude-code: a refused `swarm eval` is counted and shown', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;

  beforeAll(async () => {
    // Chained with a command no rule allows, `swarm eval` is refused as a whole.
    server = await startFakeServer(anthropicHandler((body) => {
      if (endsWithToolResult(body)) return { kind: 'text', text: 'Could not measure.\nHYPOTHESIS: none' };
      return { kind: 'tool_use', name: 'Bash', input: { command: 'swarm eval && python3 -c "print(1)"', description: 'score' } };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-claude-home-'));
    repo = createToyRepo({
      agent: { backend: 'claude-code', timeout: '90s' },
      budget: { attempts: 1 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
    });
    run = await runApi(repo.dir, {}, fakeEnv(home, server.url));
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  it('records the refusal on the attempt and shows it in `swarm show`', async () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    const record = readRecord(repo);
    const [attempt] = record.attempts;
    expect(record.evaluations).toEqual([]);
    expect(attempt?.error).toMatch(/^Claude Code refused 1 tool call\(s\) .*self-evaluation was blocked 1 time\(s\)/);
    const detail = await show({ cwd: repo.dir, attemptId: attempt!.id });
    expect(detail.permissionDenials).toEqual(['Bash: swarm eval && python3 -c "print(1)"']);
    expect(detail.agentNote).toMatch(/^Claude Code refused 1 tool call/);
    // What `swarm show` prints of them.
    const shown = renderAttempt(detail, { color: false });
    expect(shown).toMatch(/denied\s+1 tool call\(s\): Bash: swarm eval && python3 -c "print\(1\)"/);
    expect(shown).toMatch(/agent note\s+Claude Code refused 1 tool call/);
  });
});

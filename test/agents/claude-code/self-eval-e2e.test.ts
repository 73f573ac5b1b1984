import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, endsWithToolResult, messagesBody } from '../../support/fake-llm/anthropic-messages.js';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

const evaluationRow = z.object({ attempt_id: z.string(), kind: z.string(), valid: z.number(), score: z.number().nullable() });
const attemptRow = z.object({ id: z.string(), status: z.string(), reason: z.string().nullable(), error: z.string().nullable() });

const readRecord = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return {
      attempts: z.array(attemptRow).parse(db.prepare("SELECT id, status, reason, error FROM attempts WHERE role != 'baseline' ORDER BY seq").all()),
      evaluations: z.array(evaluationRow).parse(db.prepare("SELECT attempt_id, kind, valid, score FROM evaluations WHERE kind = 'intermediate'").all()),
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
describe('swarm run --agent claude-code: the agent scores itself with `swarm eval` through Claude Code\'s Bash tool', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: CliResult;
  let record: ReturnType<typeof readRecord>;

  beforeAll(async () => {
    // A scripted model that runs `swarm eval`, then the evaluator the task names, then reports.
    server = await startFakeServer(anthropicHandler((body) => {
      const step = JSON.stringify(body.messages).split('"tool_result"').length - 1;
      const command = ['swarm eval', 'node evaluate.js'][step];
      if (command === undefined) return { kind: 'text', text: 'Measured the baseline.\nHYPOTHESIS: the baseline is a fine start' };
      return { kind: 'tool_use', name: 'Bash', input: { command, description: 'score the checkout' } };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-claude-home-'));
    // Login and interactive shells that reset PATH (as Debian's /etc/profile does): the shim must survive them.
    for (const rc of ['.bashrc', '.profile', '.bash_profile']) writeFileSync(join(home, rc), 'export PATH=/usr/bin:/bin\n');
    repo = createToyRepo(
      {
        agent: { backend: 'claude-code', timeout: '90s' },
        budget: { attempts: 1 },
        concurrency: { agents: 1, evaluations: 1 },
        shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
      },
      { 'prompt.md': 'Make the score as high as possible. You may also run the evaluator yourself: `node evaluate.js`.\n' },
    );
    run = await runCli(repo.dir, ['run'], fakeEnv(home, server.url));
    record = readRecord(repo);
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  it('records a valid intermediate evaluation for the attempt, with the score the official evaluation gives', () => {
    expect(run.code).toBe(0);
    const [attempt] = record.attempts;
    expect(attempt?.status).toBe('scored');
    // The baseline program scores -((1-3)^2) - (2+1)^2 = -13.
    expect(record.evaluations).toEqual([{ attempt_id: attempt?.id, kind: 'intermediate', valid: 1, score: -13 }]);
  });

  it('runs both commands for the model, without asking, and shows it their scores', () => {
    const bodies = server.requests.map(messagesBody).filter((b) => b !== null);
    const results = bodies.filter((b) => endsWithToolResult(b)).map((b) => JSON.stringify(b.messages.at(-1)));
    expect(results).toHaveLength(2);
    // `swarm eval` prints its report; the evaluator its JSON line.
    expect(results[0]).toContain('-13');
    expect(results[1]).toContain('{\\"score\\":-13');
    for (const text of results) expect(text).not.toMatch(/requires approval|"is_error\\?":true/);
  });
});

describe('swarm run --agent claude-code: a refused `swarm eval` is counted and shown', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: CliResult;

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
    run = await runCli(repo.dir, ['run'], fakeEnv(home, server.url));
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  it('records the refusal on the attempt and shows it in `swarm show`', async () => {
    expect(run.code).toBe(0);
    const record = readRecord(repo);
    const [attempt] = record.attempts;
    expect(record.evaluations).toEqual([]);
    expect(attempt?.error).toMatch(/^Claude Code refused 1 tool call\(s\) .*self-evaluation was blocked 1 time\(s\)/);
    const shown = await runCli(repo.dir, ['show', attempt!.id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/denied\s+1 tool call\(s\): Bash: swarm eval && python3 -c "print\(1\)"/);
    expect(shown.stdout).toMatch(/agent note\s+Claude Code refused 1 tool call/);
    const json = await runCli(repo.dir, ['show', attempt!.id, '--json']);
    expect(z.object({ permissionDenials: z.array(z.string()) }).parse(JSON.parse(json.stdout)).permissionDenials).toEqual(['Bash: swarm eval && python3 -c "print(1)"']);
  });
});

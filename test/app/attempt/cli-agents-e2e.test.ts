import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, endsWithToolResult } from '../../support/fake-llm/anthropic-messages.js';
import { endsWithToolOutput, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { createCodexHome } from '../../agents/codex/codex-home.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// Scripted model: an explorer sets a = 3 (score -9), an optimizer then sets b = -1 (score 0, the optimum).
const EXPLORER_EDIT = { from: 'const a = 1.0;', to: 'const a = 3.0;' };
const OPTIMIZER_EDIT = { from: 'const b = 2.0;', to: 'const b = -1.0;' };
// A fork's history holds the parent's prompt ("You are explorer a2") first: the latest role named decides.
const isOptimizerTurn = (history: unknown): boolean => [...JSON.stringify(history).matchAll(/You are (explorer|optimizer) a\d+/g)].at(-1)?.[1] === 'optimizer';

const attemptRow = z.object({
  reason: z.string().nullable(), flags_json: z.string(),
  id: z.string(), role: z.string(), status: z.string(), score: z.number().nullable(), session_json: z.string().nullable(),
  cost_usd: z.number(), input_tokens: z.number(), branch: z.string(),
});
const sessionRow = z.object({ attempt_id: z.string(), ref: z.string(), parent_session_id: z.string().nullable() });
const edgeRow = z.object({ from_id: z.string(), to_id: z.string() });
const sessionRef = z.object({ backend: z.string(), id: z.string() });

interface RunRecord {
  attempts: Array<z.infer<typeof attemptRow>>;
  sessions: Array<z.infer<typeof sessionRow>>;
  parentOf: Map<string, string>;
}

const readRun = (repo: ToyRepo): RunRecord => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    const attempts = z.array(attemptRow).parse(db.prepare("SELECT * FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
    const sessions = z.array(sessionRow).parse(db.prepare('SELECT attempt_id, ref, parent_session_id FROM sessions').all());
    const edges = z.array(edgeRow).parse(db.prepare("SELECT from_id, to_id FROM edges WHERE kind = 'parent'").all());
    return { attempts, sessions, parentOf: new Map(edges.map((e) => [e.to_id, e.from_id])) };
  } finally {
    db.close();
  }
};

const sharedExpectations = (get: () => { run: ApiRun; repo: ToyRepo; record: RunRecord }, backend: string): void => {
  it('finishes two waves: explorers and an optimizer edited, committed and scored', () => {
    const { run, record } = get();
    expect(run.lines.join('\n')).toContain(`agent: ${backend}`);
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    expect(record.attempts).toHaveLength(4);
    const explorers = record.attempts.filter((a) => a.role === 'explorer');
    const optimizers = record.attempts.filter((a) => a.role === 'optimizer');
    expect(explorers).toHaveLength(3);
    expect(optimizers.length).toBeGreaterThanOrEqual(1);
    for (const a of explorers) expect({ id: a.id, status: a.status, score: a.score, reason: a.reason, flags: a.flags_json }).toEqual({ id: a.id, status: 'scored', score: -9, reason: null, flags: expect.anything() });
    for (const a of optimizers) expect({ id: a.id, status: a.status, score: a.score, reason: a.reason, flags: a.flags_json }).toEqual({ id: a.id, status: 'scored', score: 0, reason: null, flags: expect.anything() });
  });

  it('commits the CLI\'s edits on the attempt branches', () => {
    const { repo, record } = get();
    const optimizer = record.attempts.find((a) => a.role === 'optimizer')!;
    const program = repo.git('show', `${optimizer.branch}:prog.js`);
    expect(program).toContain(EXPLORER_EDIT.to);
    expect(program).toContain(OPTIMIZER_EDIT.to);
  });

  it('records every optimizer\'s session as a fork of its parent\'s session', () => {
    const { record } = get();
    const sessionOf = new Map(record.attempts.map((a) => [a.id, a.session_json === null ? null : sessionRef.parse(JSON.parse(a.session_json))]));
    for (const attempt of record.attempts) expect(sessionOf.get(attempt.id)?.backend).toBe(backend);
    for (const optimizer of record.attempts.filter((a) => a.role === 'optimizer')) {
      const parentId = record.parentOf.get(optimizer.id)!;
      const own = sessionOf.get(optimizer.id)!;
      const parent = sessionOf.get(parentId)!;
      expect(own.id).not.toBe(parent.id);
      expect(record.sessions.find((s) => s.attempt_id === optimizer.id)?.parent_session_id).toBe(parent.id);
      expect(optimizer.input_tokens).toBeGreaterThan(0);
      expect(optimizer.cost_usd).toBeGreaterThan(0);
    }
  });
};

const baseConfig = (agent: Record<string, unknown>) => ({
  agent: { timeout: '90s', ...agent },
  budget: { attempts: 4 },
  concurrency: { agents: 2, evaluations: 2 },
  shepherd: { initialExplorers: 3, waveSize: 1, mergeEvery: 0 },
});

describe('swarm run --agent claude-code (real claude, fake Messages API)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;
  let record: RunRecord;

  beforeAll(async () => {
    server = await startFakeServer(anthropicHandler((body) => {
      if (endsWithToolResult(body)) return { kind: 'text', text: 'Edited prog.js.\nHYPOTHESIS: the constants are off' };
      const edit = isOptimizerTurn(body.messages) ? OPTIMIZER_EDIT : EXPLORER_EDIT;
      // Measured: in acceptEdits mode Claude Code refuses a sed script containing ";" ("requires approval").
      const sed = (line: string): string => line.replace(/;$/, '');
      return { kind: 'tool_use', name: 'Bash', input: { command: `sed -i 's/^${sed(edit.from)}/${sed(edit.to)}/' prog.js`, description: 'edit prog.js' } };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-claude-home-'));
    repo = createToyRepo(baseConfig({ backend: 'claude-code' }));
    run = await runApi(repo.dir, {}, {
      HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
      DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
    record = readRun(repo);
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  sharedExpectations(() => ({ run, repo, record }), 'claude-code');
});

describe('swarm run --agent codex (real codex, fake Responses API)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;
  let record: RunRecord;
  let codexHome: { dir: string; cleanup: () => void };

  beforeAll(async () => {
    server = await startFakeServer(responsesHandler((body) => {
      if (endsWithToolOutput(body)) return { kind: 'message', text: 'Edited prog.js.\nHYPOTHESIS: the constants are off' };
      const edit = isOptimizerTurn(body.input) ? OPTIMIZER_EDIT : EXPLORER_EDIT;
      return { kind: 'custom_tool_call', name: 'apply_patch', input: `*** Begin Patch\n*** Update File: prog.js\n@@\n-${edit.from}\n+${edit.to}\n*** End Patch\n` };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-codex-home-'));
    codexHome = createCodexHome(server.url);
    repo = createToyRepo(baseConfig({ backend: 'codex', model: 'gpt-5.5', prices: { 'gpt-5.5': { input: 2, output: 10 } } }));
    run = await runApi(repo.dir, {}, { HOME: home, CODEX_HOME: codexHome.dir, FAKE_OPENAI_KEY: 'sk-fake-test' });
    record = readRun(repo);
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
    codexHome.cleanup();
  });

  sharedExpectations(() => ({ run, repo, record }), 'codex');
});

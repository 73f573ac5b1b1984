import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, endsWithToolResult } from '../../support/fake-llm/anthropic-messages.js';
import { codexConfigToml, endsWithToolOutput, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

// Agents under their default settings whose edits cannot land: each attempt says why, and the run
// stops with exit 1 after agent.maxConsecutiveFailures (3) of them.
const EDIT = { from: 'const a = 1.0;', to: 'const a = 3.0;' };

const attemptRow = z.object({ id: z.string(), status: z.string(), flags_json: z.string(), error: z.string().nullable() });
const attemptsOf = (repo: ToyRepo): Array<z.infer<typeof attemptRow>> => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return z.array(attemptRow).parse(db.prepare("SELECT id, status, flags_json, error FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
  } finally {
    db.close();
  }
};

const config = (agent: Record<string, unknown>) => ({
  agent: { timeout: '90s', ...agent },
  budget: { attempts: 6 },
  concurrency: { agents: 1, evaluations: 1 },
  shepherd: { initialExplorers: 3, waveSize: 1, mergeEvery: 0 },
});

const expectStopped = ({ result, lines }: ApiRun, repo: ToyRepo, backend: string, words: RegExp): void => {
  // A failed run (the CLI's exit 1): its stop reason is the breaker's, its problem too.
  expect(result.status, lines.join('\n')).toBe('failed');
  expect(result.problem).toBe(result.stopReason);
  const attempts = attemptsOf(repo);
  const flagged = attempts.filter((a) => (JSON.parse(a.flags_json) as string[]).includes('edit-failed'));
  // The breaker stopped it: no attempt started after the third flagged one.
  expect(flagged.length).toBe(3);
  expect(attempts.length).toBeLessThan(6);
  for (const a of flagged) expect(a.error).toMatch(words);
  expect(result.runId).toBe('r1');
  expect(result.stopReason).toMatch(new RegExp(`^3 attempts in a row of agent ${backend} \\(a2, a3, a4\\) changed nothing: the agent's edits failed: `));
  expect(result.stopReason).toMatch(words);
  expect(result.allNoChange).toBe(3);
  // The progress line names the flag and the agent's words.
  expect(lines.join('\n')).toMatch(/a2 explorer from a1: .*\[no-change, edit-failed.*\]; the agent's edits failed: /);
};

describe('codex with its CODEX_HOME under the system temp dir (real codex, fake Responses API)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let codexHome: string;
  let run: ApiRun;

  beforeAll(async () => {
    server = await startFakeServer(responsesHandler((body) => {
      if (endsWithToolOutput(body)) return { kind: 'message', text: 'Edited prog.js.\nHYPOTHESIS: a = 3' };
      return { kind: 'custom_tool_call', name: 'apply_patch', input: `*** Begin Patch\n*** Update File: prog.js\n@@\n-${EDIT.from}\n+${EDIT.to}\n*** End Patch\n` };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-codex-home-'));
    // Under tmpdir(): codex refuses to create its sandbox helper there, and no write lands.
    codexHome = mkdtempSync(join(tmpdir(), 'swarm-codex-tmp-home-'));
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    repo = createToyRepo(config({ backend: 'codex', model: 'gpt-5.5', prices: { 'gpt-5.5': { input: 2, output: 10 } } }));
    run = await runApi(repo.dir, {}, { HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-test' });
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
    rmSync(codexHome, { recursive: true, force: true });
  });

  it('flags each attempt edit-failed with codex\'s words and stops the run with exit 1', () => {
    expectStopped(run, repo, 'codex', /codex could not create its sandbox helper: Refusing to create helper binaries under temporary dir/);
    expect(attemptsOf(repo)[0]?.error).toContain('Failed to write file');
  });
});

describe('Claude Code whose settings deny Edit and Write (real claude, fake Messages API)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;

  beforeAll(async () => {
    server = await startFakeServer(anthropicHandler((body) => {
      if (endsWithToolResult(body)) return { kind: 'text', text: 'Edited prog.js.\nHYPOTHESIS: a = 3' };
      return { kind: 'tool_use', name: 'Edit', input: { file_path: 'prog.js', old_string: EDIT.from, new_string: EDIT.to } };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-claude-home-'));
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Edit(**)', 'Write(**)'] } }));
    repo = createToyRepo(config({ backend: 'claude-code' }));
    run = await runApi(repo.dir, {}, {
      HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
      DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  it('flags each attempt edit-failed with Claude Code\'s words and stops the run with exit 1', () => {
    expectStopped(run, repo, 'claude-code', /Edit: prog\.js: File is in a directory that is denied by your permission settings/);
  });
});

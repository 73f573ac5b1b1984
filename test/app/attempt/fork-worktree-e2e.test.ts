import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, messagesBody } from '../../support/fake-llm/anthropic-messages.js';
import { addFilePatch, codexConfigToml, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/**
 * A model that trusts the first worktree path it finds: in the prompt that started its turn, else
 * anywhere in its history (a fork's history starts with the parent's system prompt and tool calls).
 * The explorer improves the program (relative path), then both roles drop a file into "their" worktree.
 */
const WORKTREE_PATH = /\/[^\s"'`\\<>]*\/\.swarm\/worktrees\/a\d+/;

interface Turn {
  /** Text of the prompt that started this turn (the latest user message that is not a tool result). */
  prompt: string;
  /** Tool calls answered since that prompt. */
  toolResults: number;
  /** Everything the model sees, in order. */
  history: string;
}

type Action = { kind: 'edit-program' } | { kind: 'write'; path: string } | { kind: 'finish' };

const decide = (turn: Turn): Action => {
  const optimizer = /You are optimizer a\d+/.test(turn.prompt);
  const steps: Action['kind'][] = optimizer ? ['write', 'finish'] : ['edit-program', 'write', 'finish'];
  const step = steps[Math.min(turn.toolResults, steps.length - 1)];
  if (step !== 'write') return { kind: step ?? 'finish' };
  const dir = WORKTREE_PATH.exec(turn.prompt)?.[0] ?? WORKTREE_PATH.exec(turn.history)?.[0] ?? '/nowhere';
  return { kind: 'write', path: `${dir}/${optimizer ? 'refined' : 'explored'}.txt` };
};

const FINAL = 'Done.\nHYPOTHESIS: a = 3';

const attemptRow = z.object({ id: z.string(), role: z.string(), status: z.string(), branch: z.string(), error: z.string().nullable(), prompt: z.string().nullable() });
const readAttempts = (repo: ToyRepo) => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return z.array(attemptRow).parse(db.prepare("SELECT id, role, status, branch, error, prompt FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
  } finally {
    db.close();
  }
};

const hasFile = (repo: ToyRepo, branch: string, path: string): boolean => {
  try {
    execFileSync('git', ['cat-file', '-e', `${branch}:${path}`], { cwd: repo.dir, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const config = (agent: Record<string, unknown>) => ({
  agent: { timeout: '90s', ...agent },
  budget: { attempts: 2 },
  concurrency: { agents: 1, evaluations: 1 },
  shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
});

const forkExpectations = (get: () => { run: ApiRun; repo: ToyRepo }): void => {
  it('the optimizer, told its own worktree, writes there and not into its parent\'s removed one', () => {
    const { run, repo } = get();
    expect(run.result, run.lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const attempts = readAttempts(repo);
    const explorer = attempts.find((a) => a.role === 'explorer');
    const optimizer = attempts.find((a) => a.role === 'optimizer');
    expect(explorer?.status).toBe('scored');
    expect(optimizer?.status).toBe('scored');
    expect(hasFile(repo, explorer!.branch, 'explored.txt')).toBe(true);
    expect(hasFile(repo, optimizer!.branch, 'refined.txt')).toBe(true);
    expect(existsSync(join(repo.dir, '.swarm', 'worktrees', explorer!.id, 'refined.txt'))).toBe(false);
    expect(optimizer?.prompt).toContain(`This conversation continues attempt ${explorer?.id}, whose worktree`);
  });
};

describe('a forked claude-code optimizer works in its own worktree (real claude, first-path model)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;

  beforeAll(async () => {
    server = await startFakeServer(anthropicHandler((body) => {
      const messages = body.messages;
      const isToolResult = (m: (typeof messages)[number]): boolean => JSON.stringify(m.content).includes('"tool_result"');
      const start = messages.findLastIndex((m) => m.role === 'user' && !isToolResult(m));
      const turn: Turn = {
        prompt: JSON.stringify(messages[start]?.content ?? ''),
        toolResults: messages.slice(start + 1).filter(isToolResult).length,
        history: JSON.stringify(z.looseObject({ system: z.unknown().optional() }).parse(body).system ?? '') + JSON.stringify(messages),
      };
      const action = decide(turn);
      if (action.kind === 'finish') return { kind: 'text', text: FINAL };
      if (action.kind === 'edit-program') return { kind: 'tool_use', name: 'Bash', input: { command: "sed -i 's/^const a = 1.0/const a = 3.0/' prog.js", description: 'edit' } };
      return { kind: 'tool_use', name: 'Write', input: { file_path: action.path, content: 'notes\n' } };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-fork-home-'));
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

  it('sent the model requests', () => expect(server.requests.map(messagesBody).filter((b) => b !== null).length).toBeGreaterThan(0));
  forkExpectations(() => ({ run, repo }));
});

const responseItem = z.looseObject({ type: z.string().optional(), role: z.string().optional() });

describe('a forked codex optimizer works in its own worktree (real codex, first-path model)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;

  beforeAll(async () => {
    server = await startFakeServer(responsesHandler((body) => {
      const items = z.array(responseItem).parse(body.input);
      const text = (i: number): string => JSON.stringify(body.input[i] ?? '');
      // Codex sends its environment context and instructions as user messages too: not prompts.
      const isPrompt = (i: number): boolean => items[i]?.role === 'user' && !/<environment_context>|<user_instructions>|AGENTS\.md/.test(text(i));
      const start = items.findLastIndex((_, i) => isPrompt(i));
      const turn: Turn = {
        prompt: text(start),
        toolResults: items.slice(start + 1).filter((item) => item.type === 'custom_tool_call_output' || item.type === 'function_call_output').length,
        history: JSON.stringify(z.looseObject({ instructions: z.unknown().optional() }).parse(body).instructions ?? '') + JSON.stringify(body.input),
      };
      const action = decide(turn);
      if (action.kind === 'finish') return { kind: 'message', text: FINAL };
      if (action.kind === 'edit-program') {
        return { kind: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: prog.js\n@@\n-const a = 1.0;\n+const a = 3.0;\n*** End Patch\n' };
      }
      return { kind: 'custom_tool_call', name: 'apply_patch', input: addFilePatch(action.path, 'notes\n') };
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-fork-home-'));
    const codexHome = join(home, '.codex');
    mkdirSync(codexHome);
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    // Only the prompt is under test here: full access keeps codex's sandbox (another concern) out of it.
    repo = createToyRepo(config({ backend: 'codex', model: 'gpt-5.5', prices: { 'gpt-5.5': { input: 2, output: 10 } }, codex: { sandbox: 'danger-full-access' } }));
    run = await runApi(repo.dir, {}, { HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-test' });
  }, 180_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  forkExpectations(() => ({ run, repo }));
});

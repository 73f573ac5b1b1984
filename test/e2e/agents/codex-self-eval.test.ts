import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { codexConfigToml, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { show as showAttempt, type AttemptDetail } from '../../../src/index.js';
import { renderAttempt } from '../../../src/cli/render/show-attempt.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/*
 * The real agent binary end to end (test/e2e/agents): the run is driven in this process through the
 * API (runSearch); what crosses processes is the product's own path, the agent's shell running the
 * run's `swarm` shim (the built CLI), whose `swarm eval` the driver answers through the hand-off.
 */
const evaluationRow = z.object({ attempt_id: z.string(), kind: z.string(), valid: z.number(), score: z.number().nullable(), commit_sha: z.string().nullable() });
const attemptRow = z.object({ id: z.string(), status: z.string(), score: z.number().nullable(), branch: z.string() });
const eventRow = z.object({ attempt_id: z.string().nullable(), type: z.string(), data_json: z.string() });

/** What a model reads in its prompt: "Score your checkout with `<command>`". */
const evalCommandIn = (input: unknown): string | null => /Score your checkout with `([^`]+)`/.exec(JSON.stringify(input).replace(/\\"/g, '"'))?.[1] ?? null;
const toolOutputs = (input: Array<{ type?: string; output?: unknown }>): string[] =>
  input.filter((item) => item.type === 'function_call_output' || item.type === 'custom_tool_call_output').map((item) => JSON.stringify(item.output));

/**
 * The real `codex` under swarm's DEFAULT codex settings (`--sandbox workspace-write`), a model that
 * edits prog.js, runs the evaluation command its prompt names through codex's own shell tool
 * (`exec_command`, a login shell inside the sandbox), then finishes.
 */
describe('codex self-evaluation with swarm eval under the default sandbox (real codex, fake Responses API)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let run: ApiRun;
  const shellOutputs: string[] = [];

  beforeAll(async () => {
    server = await startFakeServer(responsesHandler((body) => {
      const outputs = toolOutputs(body.input);
      if (outputs.length === 0) return { kind: 'custom_tool_call', name: 'apply_patch', input: '*** Begin Patch\n*** Update File: prog.js\n@@\n-const a = 1.0;\n+const a = 3.0;\n*** End Patch\n' };
      if (outputs.length === 1) {
        const command = evalCommandIn(body.input) ?? 'swarm eval';
        return { kind: 'function_call', name: 'exec_command', arguments: { cmd: command, yield_time_ms: 30_000 } };
      }
      shellOutputs.push(outputs[1] ?? '');
      return { kind: 'message', text: 'Set a to 3 and scored it.\nHYPOTHESIS: a = 3 is optimal' };
    }));
    // Not under /tmp: codex refuses to put its sandbox helper there, and then no command runs at all.
    const cacheDir = join(homedir(), '.cache');
    mkdirSync(cacheDir, { recursive: true });
    home = mkdtempSync(join(cacheDir, 'swarm-codex-e2e-'));
    const codexHome = join(home, '.codex');
    mkdirSync(codexHome);
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    repo = createToyRepo({
      agent: { backend: 'codex', model: 'gpt-5.5', timeout: '120s', prices: { 'gpt-5.5': { input: 2, output: 10 } } },
      budget: { attempts: 1 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
    });
    run = await runApi(repo.dir, {}, { HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-test' });
  }, 240_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  const readDb = () => {
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    try {
      const attempt = attemptRow.parse(db.prepare("SELECT id, status, score, branch FROM attempts WHERE role = 'explorer'").get());
      const evaluations = z.array(evaluationRow).parse(db.prepare('SELECT attempt_id, kind, valid, score, commit_sha FROM evaluations WHERE attempt_id = ? ORDER BY id').all(attempt.id));
      const events = z.array(eventRow).parse(db.prepare('SELECT attempt_id, type, data_json FROM events WHERE attempt_id = ? ORDER BY id').all(attempt.id));
      return { attempt, evaluations, events };
    } finally {
      db.close();
    }
  };

  it('records a valid intermediate evaluation with the score the official evaluation gives', () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    const { attempt, evaluations } = readDb();
    expect({ status: attempt.status, score: attempt.score }).toEqual({ status: 'scored', score: -9 });
    const intermediate = evaluations.filter((e) => e.kind === 'intermediate');
    const official = evaluations.filter((e) => e.kind === 'official');
    expect(intermediate).toHaveLength(1);
    expect(official).toHaveLength(1);
    expect({ valid: intermediate[0]?.valid, score: intermediate[0]?.score }).toEqual({ valid: 1, score: official[0]?.score ?? null });
  });

  it('records the commit the intermediate evaluation scored (the agent\'s uncommitted edit), not the base commit', () => {
    const { evaluations } = readDb();
    const scored = evaluations.find((e) => e.kind === 'intermediate')?.commit_sha ?? null;
    expect(scored).not.toBeNull();
    // Why the driver could not record the scored tree, if it could not (its log says).
    const log = readFileSync(join(repo.dir, '.swarm', 'logs', 'swarm.log'), 'utf8').split('\n').filter((line) => line.includes('cannot record the commit'));
    const what = repo.git('show', '--stat', '--format=%H %P %s', scored ?? '');
    expect(repo.git('show', `${scored ?? ''}:prog.js`), `${log.join('\n')}\nscored: ${what}`).toContain('const a = 3.0;');
  });

  it('shows the agent the score, not "command not found" or "invalid"', () => {
    expect(shellOutputs).toHaveLength(1);
    expect(shellOutputs[0]).toContain('score = -9');
    expect(shellOutputs[0]).toContain('Process exited with code 0');
  });

  it('was evaluated by the driver (the sandbox cannot) and counts no failed self-evaluation', () => {
    const { events } = readDb();
    expect(events.filter((e) => e.type === 'attempt.self-eval-failed')).toEqual([]);
    const selfEvaluated = events.filter((e) => e.type === 'attempt.self-evaluated');
    expect(selfEvaluated).toHaveLength(1);
    expect(JSON.parse(selfEvaluated[0]?.data_json ?? '{}')).toEqual({ score: -9, by: 'driver' });
  });

  it('leaves no hand-off file in the attempt\'s commit', () => {
    const { attempt } = readDb();
    const files = repo.git('ls-tree', '-r', '--name-only', attempt.branch).split('\n').filter(Boolean);
    expect(files).toContain('prog.js');
    expect(files.filter((f) => f.startsWith('.swarm/'))).toEqual([]);
  });
});

describe('a model that types the bare `swarm eval` under codex\'s defaults (real codex, fake Responses API)', () => {
  let repo: ToyRepo;
  let server: FakeServer;
  let home: string;
  let show: AttemptDetail;
  const firstInputs: string[] = [];
  const shellOutputs: string[] = [];

  beforeAll(async () => {
    // Exactly the two words models type; codex's login shell would reset PATH and lose the shim.
    server = await startFakeServer(responsesHandler((body) => {
      const outputs = toolOutputs(body.input);
      if (outputs.length === 0) {
        firstInputs.push(JSON.stringify(body.input));
        return { kind: 'function_call', name: 'exec_command', arguments: { cmd: 'swarm eval', yield_time_ms: 30_000 } };
      }
      shellOutputs.push(outputs[0] ?? '');
      return { kind: 'message', text: 'Scored the baseline.\nHYPOTHESIS: none' };
    }));
    const cacheDir = join(homedir(), '.cache');
    mkdirSync(cacheDir, { recursive: true });
    home = mkdtempSync(join(cacheDir, 'swarm-codex-e2e-'));
    const codexHome = join(home, '.codex');
    mkdirSync(codexHome);
    writeFileSync(join(codexHome, 'config.toml'), codexConfigToml(server.url));
    // A login profile that resets PATH, as Debian's /etc/profile does for root.
    for (const rc of ['.bashrc', '.profile', '.bash_profile']) writeFileSync(join(home, rc), 'export PATH=/usr/bin:/bin\n');
    repo = createToyRepo({
      agent: { backend: 'codex', model: 'gpt-5.5', timeout: '120s' },
      budget: { attempts: 1 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
    });
    const run = await runApi(repo.dir, {}, { HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_KEY: 'sk-fake-test' });
    expect(run.result.status, run.lines.join('\n')).toBe('finished');
    show = await showAttempt({ cwd: repo.dir, attemptId: 'a2' }); // a1 is the baseline
  }, 240_000);
  afterAll(async () => {
    await server.close();
    repo.cleanup();
    rmSync(home, { recursive: true, force: true });
  });

  const storedPrompt = (): string => {
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    try {
      return z.object({ prompt: z.string() }).parse(db.prepare("SELECT prompt FROM attempts WHERE id = 'a2'").get()).prompt;
    } finally {
      db.close();
    }
  };

  it('reaches the run\'s shim: the agent sees a score and swarm show counts a recorded evaluation', () => {
    expect(shellOutputs).toHaveLength(1);
    expect(shellOutputs[0]).toContain('Process exited with code 0');
    expect(shellOutputs[0]).not.toContain('command not found');
    expect(show.selfEvaluations).toEqual({ recorded: 1, failed: 0, failures: [] });
    expect(renderAttempt(show, { color: false })).toMatch(/swarm eval\s+1 recorded · 0 failed/);
  });

  it('stores the prompt codex received (it names the bare `swarm eval`)', () => {
    const prompt = storedPrompt();
    expect(prompt).toContain('Score your checkout with `swarm eval`');
    expect(firstInputs).toHaveLength(1);
    expect(firstInputs[0]).toContain(JSON.stringify(prompt).slice(1, -1));
  });
});

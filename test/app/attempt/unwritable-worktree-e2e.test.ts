import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import { anthropicHandler, endsWithToolResult } from '../../support/fake-llm/anthropic-messages.js';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { endsWithToolOutput, responsesHandler } from '../../support/fake-llm/openai-responses.js';
import { requestMessages } from '../../support/fake-llm/scripted-reply.js';
import { createCodexHome } from '../../agents/codex/codex-home.js';
import { mountTmpfs } from '../../support/tmpfs.js';
import { isSwarmError, runSearch, status } from '../../../src/index.js';
import { runApi, thrownBy, withEnv, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/**
 * Worktrees on a file system that refuses the agent's writes: full (ENOSPC) or read-only (EROFS).
 * `workspace.dir` puts the worktrees on a small tmpfs (root only; skipped otherwise) while the
 * repository and `.swarm` stay on the normal disk. The fake model turns the refusal on when it asks
 * for the edit and off when it gets the tool's answer, so each attempt's worktree is made on a
 * writable disk and only the agent's write meets the refusal. With the real binaries (the pinned
 * claude and codex) and the API loop: each attempt is flagged edit-failed with the OS's message,
 * and the run stops with exit 1 after agent.maxConsecutiveFailures (3); not the driver's own
 * disk-full stop, whose disk is fine.
 */
const tmpfs = mountTmpfs('swarm-unwritable', '20m');
const mountPoint = tmpfs.dir;
afterAll(() => tmpfs.unmount());

type Cause = 'full' | 'read-only';
const refuse = (cause: Cause): void => {
  if (cause === 'full') tmpfs.fill();
  else tmpfs.remount('ro');
};
const allow = (cause: Cause): void => (cause === 'full' ? tmpfs.unfill() : tmpfs.remount('rw'));
const WORDS: Record<Cause, RegExp> = { full: /ENOSPC|no space left on device/i, 'read-only': /EROFS|read-only file system/i };

// An edit that grows prog.js by ~12 KB: it needs pages the full disk no longer has.
const FROM = 'const a = 1.0;';
const TO = `const a = 3.0;\n${'// a line the agent adds to explain its change\n'.repeat(250)}`;

const attemptRow = z.object({ id: z.string(), flags_json: z.string(), error: z.string().nullable() });
const attemptsOf = (repo: ToyRepo): Array<z.infer<typeof attemptRow>> => {
  const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    return z.array(attemptRow).parse(db.prepare("SELECT id, flags_json, error FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
  } finally {
    db.close();
  }
};

const config = (agent: Record<string, unknown>) => ({
  agent: { timeout: '90s', ...agent },
  budget: { attempts: 6 },
  concurrency: { agents: 1, evaluations: 1 },
  // One attempt at a time, its worktree made before the model turns the refusal on.
  shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
  workspace: { dir: mountPoint },
});

const expectStopped = ({ result, lines }: ApiRun, repo: ToyRepo, backend: string, words: RegExp): void => {
  const attempts = attemptsOf(repo);
  const said = `${JSON.stringify(result)}\n${lines.join('\n')}`;
  // A failed run (the CLI's exit 1), stopped by the breaker.
  expect({ status: result.status, attempts }, said).toMatchObject({ status: 'failed' });
  const flagged = attempts.filter((a) => (JSON.parse(a.flags_json) as string[]).includes('edit-failed'));
  expect(flagged.map((a) => a.id), said).toEqual(['a2', 'a3', 'a4']);
  expect(attempts.length).toBeLessThan(6);
  for (const a of flagged) expect(a.error).toMatch(words);
  expect(result.runId).toBe('r1');
  expect(result.stopReason).toMatch(new RegExp(`^3 attempts in a row of agent ${backend} \\(a2, a3, a4\\) changed nothing: the agent's edits failed: `));
  expect(result.stopReason).toMatch(words);
  // Not the driver's disk-full stop: its own disk was never full.
  expect(lines.join('\n')).not.toMatch(/the file system at .* (is full|is read-only)/);
  // The worktree was left as it was: the failed write did not leave a truncated prog.js behind.
  expect(repo.git('status', '--porcelain')).toBe('');
};

/** Whether a request's last message carries edit_file's answer (an optimizer's first turn carries finish's). */
const answersEdit = (message: Record<string, unknown> | undefined): boolean => {
  const content = Array.isArray(message?.content) ? (message.content as unknown[]) : [];
  return content.some((block) => JSON.stringify(block).includes('"tool_result"') && JSON.stringify(block).includes('prog.js'));
};

const CAUSES: Cause[] = ['full', 'read-only'];

describe.skipIf(!tmpfs.mounted)('worktrees on a file system that refuses the agent\'s writes', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  const homes: string[] = [];
  const home = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'swarm-unwritable-home-'));
    homes.push(dir);
    return dir;
  };
  afterEach(async () => {
    allow('full');
    try {
      tmpfs.remount('rw');
    } catch {
      // already writable
    }
    await server?.close();
    repo?.cleanup();
    server = undefined;
    repo = undefined;
  });
  afterAll(() => {
    for (const dir of homes) rmSync(dir, { recursive: true, force: true });
  });
  beforeAll(() => {
    mkdirSync(join(mountPoint, 'worktrees'), { recursive: true });
  });

  for (const cause of CAUSES) {
    it(`the API loop (anthropic), disk ${cause}: edit_file's OS error, flagged, the run stops`, async () => {
      server = await startFakeAnthropic((request) => {
        if (!answersEdit(requestMessages(request).at(-1))) {
          refuse(cause);
          return { kind: 'message', toolCalls: [{ name: 'edit_file', input: { path: 'prog.js', search: FROM, replace: TO } }] };
        }
        allow(cause);
        return { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'a = 3', hypothesis: 'a near 3 is best' } }] };
      });
      repo = createToyRepo(config({ backend: 'anthropic', model: 'fake-model' }));
      const run = await runApi(repo.dir, {}, { ANTHROPIC_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: server.url });
      expectStopped(run, repo, 'anthropic', WORDS[cause]);
    }, 120_000);

    it(`Claude Code (real claude), disk ${cause}: its Edit's tool error, flagged, the run stops`, async () => {
      server = await startFakeServer(anthropicHandler((body) => {
        if (endsWithToolResult(body)) {
          allow(cause);
          return { kind: 'text', text: 'Edited prog.js.\nHYPOTHESIS: a = 3' };
        }
        refuse(cause);
        return { kind: 'tool_use', name: 'Edit', input: { file_path: 'prog.js', old_string: FROM, new_string: TO } };
      }));
      repo = createToyRepo(config({ backend: 'claude-code' }));
      const run = await runApi(repo.dir, {}, {
        HOME: home(), ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
        DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      });
      expectStopped(run, repo, 'claude-code', WORDS[cause]);
    }, 180_000);

    it(`codex (real codex), disk ${cause}: its failed file change, flagged, the run stops`, async () => {
      server = await startFakeServer(responsesHandler((body) => {
        if (endsWithToolOutput(body)) {
          allow(cause);
          return { kind: 'message', text: 'Edited prog.js.\nHYPOTHESIS: a = 3' };
        }
        refuse(cause);
        const added = TO.split('\n').map((line) => `+${line}`).join('\n');
        return { kind: 'custom_tool_call', name: 'apply_patch', input: `*** Begin Patch\n*** Update File: prog.js\n@@\n-${FROM}\n${added}\n*** End Patch\n` };
      }));
      // Outside the temporary dir: codex's sandbox helper is made, so only the disk refuses.
      const codexHome = createCodexHome(server.url);
      try {
        repo = createToyRepo(config({ backend: 'codex', model: 'gpt-5.5', prices: { 'gpt-5.5': { input: 2, output: 10 } } }));
        const run = await runApi(repo.dir, {}, { HOME: home(), CODEX_HOME: codexHome.dir, FAKE_OPENAI_KEY: 'sk-fake-test' });
        // Codex's records name the file, not the cause; swarm's own look comes after the disk was made
        // writable again here (codex-unlanded-writes.test.ts holds what it finds on a refusing disk).
        expectStopped(run, repo, 'codex', /Failed to write file \S*prog\.js/);
      } finally {
        codexHome.cleanup();
      }
    }, 180_000);
  }
});

/**
 * Worktrees on the same full disk as `.swarm` (no workspace.dir): the driver's own disk-full stop
 * wins over the breaker's count. The run is interrupted at once with the one line naming the file
 * system (issue 41), not failed after three attempts; once space is freed `swarm run` resumes it.
 */
describe.skipIf(!tmpfs.mounted)('worktrees sharing a full disk with .swarm', () => {
  let server: FakeServer | undefined;
  let repo: ToyRepo | undefined;
  afterAll(async () => {
    tmpfs.unfill();
    await server?.close();
    repo?.cleanup();
  });

  it('the API loop: the disk-full stop, the run interrupted and resumable', async () => {
    let refusing = true;
    server = await startFakeAnthropic((request) => {
      if (!answersEdit(requestMessages(request).at(-1))) {
        if (refusing) tmpfs.fill();
        return { kind: 'message', toolCalls: [{ name: 'edit_file', input: { path: 'prog.js', search: FROM, replace: TO } }] };
      }
      return { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'a = 3', hypothesis: 'a near 3 is best' } }] };
    });
    repo = tmpfs.asTmpdir(() => createToyRepo({ ...config({ backend: 'anthropic', model: 'fake-model' }), workspace: {} }));
    const env = { ANTHROPIC_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: server.url };
    const dir = repo.dir;
    // The run throws the disk-full stop (the CLI prints its message as its last line, exit 1), no result.
    const reported: string[] = [];
    const stopped = await thrownBy(withEnv(env, () => runSearch({ cwd: dir, report: (line) => reported.push(line) })));
    expect(isSwarmError(stopped) && stopped.code, String(stopped)).toBe('DISK_FULL');
    expect(isSwarmError(stopped) && stopped.message).toMatch(/^the file system at \S+ is full \((ENOSPC|SQLITE_FULL)[^)]*\) writing .*; the run is kept as it was: free space there, then `swarm run` resumes where it stopped$/);
    expect(reported.join('\n')).not.toMatch(/attempts in a row of agent/);
    refusing = false;
    tmpfs.unfill();
    const report = await status({ cwd: repo.dir });
    expect(report.run.status).toBe('interrupted');
    const resumed = await runApi(repo.dir, {}, env);
    expect(resumed.result, resumed.lines.join('\n')).toMatchObject({ status: 'finished', problem: null, resumed: true });
  }, 180_000);
});


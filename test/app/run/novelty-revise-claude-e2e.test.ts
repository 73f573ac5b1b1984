import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../support/fake-llm/http-server.js';
import { anthropicHandler, endsWithToolResult } from '../../support/fake-llm/anthropic-messages.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';
import { runApi } from '../../support/api-run.js';

const REVISE = 'Try something different';
interface MessagesBody { messages: Array<{ role: string; content: unknown }> }
const sed = (from: string, to: string) => ({ kind: 'tool_use' as const, name: 'Bash', input: { command: `sed -i 's/^${from}/${to}/' prog.js`, description: 'edit prog.js' } });
/** The explorer a request belongs to: the latest "You are explorer aN" of its history. */
const explorerOf = (body: MessagesBody): string | undefined => [...JSON.stringify(body.messages).matchAll(/You are explorer (a\d+)/g)].at(-1)?.[1];
const lastUserAsks = (body: MessagesBody): boolean => {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  return last !== undefined && JSON.stringify(last.content).includes(REVISE);
};

describe('a near-duplicate of real Claude Code (fake Messages API)', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  let home: string | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('is asked once, through a resumed turn in its worktree, to try something different', async () => {
    // a2 sets a = 3; a3 writes the same program laid out differently and, asked, also moves b.
    server = await startFakeServer(anthropicHandler((body) => {
      if (endsWithToolResult(body)) return { kind: 'text', text: 'Edited prog.js.\nHYPOTHESIS: a = 3' };
      if (lastUserAsks(body)) return sed('const b = 2.0', 'const b = -1.0');
      return explorerOf(body) === 'a2' ? sed('const a = 1.0', 'const a = 3.0') : sed('const a = 1.0', 'const a  =  3.0 ');
    }));
    home = mkdtempSync(join(tmpdir(), 'swarm-claude-home-'));
    repo = createToyRepo({
      agent: { backend: 'claude-code', timeout: '90s' },
      budget: { attempts: 2 },
      shepherd: { policy: 'random', initialExplorers: 1, waveSize: 1, novelty: { threshold: 0.9 } },
    });
    // The real `claude` binary, started by the run in this process: it gets this process's environment.
    const { result, lines } = await runApi(repo.dir, {}, {
      HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-fake-test', CLAUDE_CODE_MAX_RETRIES: '0',
      DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    const rows = db.prepare("SELECT id, status, score, flags_json FROM attempts WHERE role != 'baseline' ORDER BY seq").all() as Array<{ id: string; status: string; score: number | null; flags_json: string }>;
    const revises = db.prepare("SELECT attempt_id FROM events WHERE type = 'novelty.revise'").all() as Array<{ attempt_id: string }>;
    db.close();
    expect(revises.map((e) => e.attempt_id)).toEqual(['a3']);
    const asked = server.requests.filter((r) => JSON.stringify(r.body).includes(REVISE) && JSON.stringify(r.body).includes('near-duplicate of a2'));
    expect(asked.length).toBeGreaterThan(0);
    expect(rows.map((r) => [r.id, r.status, r.score])).toEqual([['a2', 'scored', -9], ['a3', 'scored', 0]]);
    expect(JSON.parse(rows[1]!.flags_json)).not.toContainEqual(expect.stringMatching(/^near-duplicate:/));
    expect(repo.git('show', 'swarm/r1/a3:prog.js')).toContain('const b = -1.0;');
  }, 180_000);
});

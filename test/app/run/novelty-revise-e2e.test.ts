import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer, RecordedRequest } from '../../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import { requestMessages, type FakeReply } from '../../support/fake-llm/scripted-reply.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';
import { runApi } from '../../support/api-run.js';
import { status } from '../../../src/index.js';

const REVISE = 'Try something different';
const FINISH: FakeReply = { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'done', hypothesis: 'a = 3' } }] };
const edit = (search: string, replace: string): FakeReply => ({ kind: 'message', toolCalls: [{ name: 'edit_file', input: { path: 'prog.js', search, replace } }] });

/** Messages after the last one that asked to try something different (all of them when none did). */
const sinceRevise = (request: RecordedRequest): { asked: boolean; after: Array<Record<string, unknown>> } => {
  const messages = requestMessages(request);
  const at = messages.findLastIndex((m) => JSON.stringify(m).includes(REVISE));
  return { asked: at >= 0, after: messages.slice(at + 1) };
};

/**
 * Explorer 1 sets a = 3. Explorers 2 and 3 write the same program laid out differently (a near
 * twin, not a byte-identical one). Asked to try something different, explorer 2 moves b too;
 * explorer 3 finishes unchanged.
 */
const script = () => {
  let explorer = 0;
  return (request: RecordedRequest): FakeReply => {
    const { asked, after } = sinceRevise(request);
    const turns = after.filter((m) => m.role === 'assistant').length;
    if (asked) return explorer === 2 && turns === 0 ? edit('const b = 2.0;', 'const b = -1.0;') : FINISH;
    if (turns === 0) explorer += 1;
    if (turns > 0) return FINISH;
    return explorer === 1 ? edit('const a = 1.0;', 'const a = 3.0;') : edit('const a = 1.0;', 'const a  =  3.0 ;');
  };
};

interface Row { id: string; status: string; score: number | null; flags_json: string; evaluations: number; prompt: string }

describe('a near-duplicate on an agent that can revise', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
  });

  it('gets one request to try something different, then its new program is evaluated, or the twin\'s result reused', async () => {
    server = await startFakeOpenAi(script());
    repo = createToyRepo({
      agent: { backend: 'openai', model: 'm' },
      budget: { attempts: 3 },
      shepherd: { policy: 'random', initialExplorers: 1, waveSize: 1, novelty: { threshold: 0.9 } },
    });
    const { result, lines } = await runApi(repo.dir, { overrides: { baseUrl: `${server.url}/v1` } }, { OPENAI_API_KEY: 'sk-x' });
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    const rows = db.prepare("SELECT a.id, a.status, a.score, a.flags_json, a.prompt, (SELECT COUNT(*) FROM evaluations e WHERE e.attempt_id = a.id AND e.kind = 'official') AS evaluations FROM attempts a WHERE role != 'baseline' ORDER BY seq").all() as Row[];
    const revises = db.prepare("SELECT attempt_id AS id, data_json FROM events WHERE type = 'novelty.revise' ORDER BY id").all() as Array<{ id: string; data_json: string }>;
    db.close();
    const [a2, a3, a4] = rows;
    // The follow-up named the near twin and was sent to the model once per near-duplicate.
    const asked = server.requests.filter((r) => r.method === 'POST' && JSON.stringify(requestMessages(r).at(-1) ?? {}).includes(REVISE));
    expect(asked).toHaveLength(2);
    expect(JSON.stringify(requestMessages(asked[0]!).at(-1))).toContain('near-duplicate of a2');
    expect(revises.map((e) => e.id)).toEqual(['a3', 'a4']);
    // a3 tried something different: its new program was evaluated (a = 3, b = -1 scores 0).
    expect(a2).toMatchObject({ status: 'scored', score: -9 });
    expect(a3).toMatchObject({ status: 'scored', score: 0 });
    expect(JSON.parse(a3!.flags_json)).not.toContainEqual(expect.stringMatching(/^near-duplicate:/));
    expect(a3!.prompt).toContain('--- follow-up: near-duplicate of a2 ---');
    // a4 kept its near twin: the twin's result is reused (a copy), no evaluator run spent on it.
    expect(JSON.parse(a4!.flags_json)).toContain('near-duplicate:a2');
    expect(a4!.score).toBe(-9);
    expect((await status({ cwd: repo.dir })).run.evaluationsUsed).toBe(4); // the baseline and its noise check, a2, a3's revised program
  }, 120_000);
});

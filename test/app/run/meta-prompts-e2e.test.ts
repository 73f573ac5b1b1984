import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer, RecordedRequest } from '../../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../../support/fake-llm/openai-chat.js';
import { assistantTurns, requestText, type FakeReply } from '../../support/fake-llm/scripted-reply.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';
import { runApi } from '../../support/api-run.js';
import { DIRECTIVES } from '../../../src/core/planning/instruction-variants.js';
import { report, show, status, type StatusReport } from '../../../src/index.js';

/** The directive of the built-in variant v2: explorers told it make the improving edit. */
const GOOD = DIRECTIVES[0] ?? '';
const WRITER = 'You are the Shepherd of a search by coding agents';
const MODEL_VARIANT = `Model-written instructions. ${GOOD}`;


/**
 * An explorer moves `a` towards 3 (better than the baseline's -13) when its instructions carry
 * GOOD, away from it otherwise; every program differs, so none reuses another's result.
 */
const explorerReply = (request: RecordedRequest, k: number): FakeReply => {
  const text = requestText(request);
  if (assistantTurns(request) > 0) return { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: 'moved a', hypothesis: 'a matters' } }] };
  const a = text.includes(GOOD) ? (3 - k / 1000).toFixed(3) : (-1 - k / 1000).toFixed(3);
  return { kind: 'message', toolCalls: [{ name: 'edit_file', input: { path: 'prog.js', search: 'const a = 1.0;', replace: `const a = ${a};` } }] };
};

const scriptedAgents = (writerAnswer: string | null) => {
  let k = 0;
  return (request: RecordedRequest): FakeReply => {
    if (requestText(request).includes(WRITER)) return writerAnswer === null ? { kind: 'error', status: 500 } : { kind: 'message', text: `<instructions>${writerAnswer}</instructions>` };
    if (assistantTurns(request) === 0) k += 1;
    return explorerReply(request, k);
  };
};

const config = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  agent: { backend: 'openai', model: 'm' },
  budget: { attempts: 9 },
  concurrency: { agents: 2, evaluations: 2 },
  shepherd: { policy: 'random', initialExplorers: 3, waveSize: 3, metaPrompts: true, ...extra },
});

const statusOf = async (repo: ToyRepo): Promise<{ instructions: NonNullable<StatusReport['instructions']>; attempts: StatusReport['attempts'] }> => {
  const report = await status({ cwd: repo.dir });
  return { instructions: report.instructions ?? [], attempts: report.attempts };
};

/** `swarm run --base-url <server>/v1` with a key: it must finish without a problem (the CLI's exit 0). */
const runAgainst = async (repo: ToyRepo, server: FakeServer): Promise<void> => {
  const { result, lines } = await runApi(repo.dir, { overrides: { baseUrl: `${server.url}/v1` } }, { OPENAI_API_KEY: 'sk-x' });
  expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
};

const systemTexts = (server: FakeServer): string[] => server.requests.filter((r) => r.method === 'POST' && !requestText(r).includes(WRITER)).map((r) => requestText(r));

describe('evolving explorer instructions (shepherd.metaPrompts)', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    repo?.cleanup();
    server = undefined;
    repo = undefined;
  });

  it('credits the variant whose explorers improve and replaces the weakest by recombination', async () => {
    server = await startFakeOpenAi(scriptedAgents(null));
    repo = createToyRepo(config());
    await runAgainst(repo, server);
    const { instructions, attempts } = await statusOf(repo);
    const byId = Object.fromEntries(instructions.map((v) => [v.id, v]));
    // Two waves of three explorers: each built-in variant tried twice, only v2's explorers improved.
    expect(byId.v2?.retired).toBe(false);
    expect(byId.v2?.improvements).toBe(byId.v2?.attempts);
    expect(byId.v2!.improvements).toBeGreaterThanOrEqual(2);
    expect(byId.v1?.improvements).toBe(0);
    expect(byId.v2!.credit).toBeGreaterThan(byId.v1!.credit);
    // Of the two tied weakest the younger goes; its replacement descends from the best.
    expect(byId.v3).toMatchObject({ retired: true, improvements: 0 });
    expect(byId.v4).toMatchObject({ parent: 'v2', origin: 'recombined', retired: false });
    expect(instructions).toHaveLength(4);
    const explorers = attempts.filter((a) => a.role === 'explorer');
    expect(explorers).toHaveLength(9);
    expect(explorers.every((a) => a.instructions !== undefined)).toBe(true);
    expect(explorers.filter((a) => a.instructions === 'v4').length).toBeGreaterThan(0);
    expect(explorers.filter((a) => a.instructions === 'v3')).toHaveLength(2);
    // The recombined text reached the model as an explorer's instructions.
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    const v4 = (db.prepare("SELECT text FROM instruction_variants WHERE id = 'v4'").get() as { text: string }).text;
    db.close();
    expect(systemTexts(server).some((t) => t.includes(JSON.stringify(v4).slice(1, -1)))).toBe(true);
    // What `swarm show` and `swarm status` print of the variants: test/cli/render/run-meta-prompts.test.ts.
    const detail = await show({ cwd: repo.dir, attemptId: explorers.find((a) => a.instructions === 'v2')!.id });
    expect(detail.instructions).toMatchObject({ id: 'v2', parent: 'v1', origin: 'built-in', attempts: byId.v2!.attempts, improvements: byId.v2!.attempts });
    expect(detail.instructions?.text).toContain(GOOD);
    expect(instructions[0]).toMatchObject({ id: 'v1', parent: null, origin: 'built-in' });
    expect(byId.v3).toMatchObject({ parent: 'v1', origin: 'built-in', retired: true, attempts: 2, improvements: 0 });
    const written = await report({ cwd: repo.dir, output: join(repo.dir, 'report.html') });
    expect(written.path).toBe(join(repo.dir, 'report.html'));
    expect(readFileSync(join(repo.dir, 'report.html'), 'utf8')).toMatch(/<h2 id="instructions">Explorer instructions<\/h2>[\s\S]*v3 \(retired\)/);
  }, 120_000);

  it('has the Shepherd\'s model write the replacement when one is configured', async () => {
    server = await startFakeOpenAi(scriptedAgents(MODEL_VARIANT));
    repo = createToyRepo(config({ llm: { backend: 'openai', model: 'writer' } }));
    await runAgainst(repo, server);
    const writer = server.requests.filter((r) => requestText(r).includes(WRITER));
    expect(writer).toHaveLength(1);
    expect(requestText(writer[0]!)).toContain('Variant v3 (weakest, being replaced): 2 explorers finished, 0 improved');
    const { instructions, attempts } = await statusOf(repo);
    expect(instructions.find((v) => v.id === 'v4')).toMatchObject({ parent: 'v2', origin: 'model', retired: false });
    // The model's variant carries GOOD: its explorers improve too.
    const v4 = attempts.filter((a) => a.instructions === 'v4');
    expect(v4.length).toBeGreaterThan(0);
    expect(v4.every((a) => a.score !== null && a.score > -13)).toBe(true);
    expect(systemTexts(server).some((t) => t.includes('Model-written instructions.'))).toBe(true);
  }, 120_000);

  it('runs with the local agent: every explorer gets a variant, none when the setting is off', async () => {
    repo = createToyRepo({ budget: { attempts: 9 }, shepherd: { policy: 'random', initialExplorers: 3, waveSize: 3, metaPrompts: true } });
    expect((await runApi(repo.dir)).result).toMatchObject({ status: 'finished', problem: null });
    const { instructions, attempts } = await statusOf(repo);
    expect(instructions.length).toBeGreaterThanOrEqual(3);
    expect(instructions.slice(0, 3).map((v) => v.origin)).toEqual(['built-in', 'built-in', 'built-in']);
    expect(instructions.slice(3).every((v) => v.origin === 'recombined')).toBe(true);
    expect(instructions.reduce((sum, v) => sum + v.attempts, 0)).toBe(9);
    expect(attempts.filter((a) => a.role === 'explorer').every((a) => a.instructions !== undefined)).toBe(true);
    repo.cleanup();
    repo = createToyRepo({ budget: { attempts: 3 } });
    expect((await runApi(repo.dir)).result).toMatchObject({ status: 'finished', problem: null });
    expect((await statusOf(repo)).instructions).toEqual([]);
    expect(existsSync(join(repo.dir, '.swarm', 'swarm.db'))).toBe(true);
  }, 120_000);
});

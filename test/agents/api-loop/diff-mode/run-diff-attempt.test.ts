import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicApi } from '../../../../src/agents/anthropic/anthropic-api.js';
import { createApiAgent, type ApiAgentOptions } from '../../../../src/agents/api-loop/api-agent.js';
import { createOpenAiApi } from '../../../../src/agents/openai/openai-api.js';
import { startFakeAnthropic } from '../../../support/fake-llm/anthropic-json.js';
import type { FakeServer } from '../../../support/fake-llm/http-server.js';
import { startFakeOpenAi } from '../../../support/fake-llm/openai-chat.js';
import { assistantTurns, requestText } from '../../../support/fake-llm/scripted-reply.js';
import { createTempWorktree, type TempWorktree } from '../../local/temp-worktree.js';

const PROG = '// EVOLVE-BLOCK-START\nconst a = 1.0;\n// EVOLVE-BLOCK-END\nconst tail = 1.0;\n';
const GOOD = 'HYPOTHESIS: a should be 3\nprog.js\n<<<<<<< SEARCH\nconst a = 1.0;\n=======\nconst a = 3.0;\n>>>>>>> REPLACE\n';
const BAD = 'HYPOTHESIS: change tail\nprog.js\n<<<<<<< SEARCH\nconst tail = 1.0;\n=======\nconst tail = 5.0;\n>>>>>>> REPLACE\n';

const options = (resamples: number, fullRewrite = false): ApiAgentOptions => ({
  mode: 'diff',
  limits: { maxTurns: 10, maxTokens: 0, maxCostUsd: 0 },
  maxOutputTokens: 500,
  commandTimeoutMs: 1000,
  outputChars: 1000,
  diff: { resamples, fullRewrite },
});

describe('diff mode', () => {
  let tmp: TempWorktree;
  let server: FakeServer | undefined;
  beforeEach(async () => {
    tmp = await createTempWorktree();
    await tmp.write('prog.js', PROG);
    await tmp.write('findings.md', '# Findings\n- a1: tried a = 2 | score = -5\n');
  });
  afterEach(async () => {
    await server?.close();
    await tmp.cleanup();
  });

  it('sends regions and findings in one call and applies the edit (anthropic)', async () => {
    server = await startFakeAnthropic(() => ({ kind: 'message', text: GOOD }));
    const api = createAnthropicApi({ model: 'm', apiKey: 'k', baseUrl: server.url, maxRetries: 0, requestTimeoutMs: 5000, price: undefined });
    const outcome = await createApiAgent(api, options(2)).run(tmp.task('explorer', { prompt: 'PARENT a1 score -5 feedback: too small' }), new AbortController().signal);
    expect(outcome).toMatchObject({ status: 'completed', hypothesis: 'a should be 3' });
    expect(await readFile(join(tmp.worktree, 'prog.js'), 'utf8')).toBe(PROG.replace('1.0;\n//', '3.0;\n//'));
    expect(server.requests).toHaveLength(1);
    const text = requestText(server.requests[0]!);
    expect(text).toContain('Region 1');
    expect(text).toContain('tried a = 2');
    expect(text).toContain('PARENT a1 score -5 feedback: too small');
    expect((server.requests[0]?.body as { tools?: unknown }).tools).toBeUndefined();
  });

  it('feeds back blocks outside the regions and resamples, then applies the corrected reply (openai)', async () => {
    server = await startFakeOpenAi((request) => ({ kind: 'message', text: assistantTurns(request) === 0 ? BAD : GOOD }));
    const api = createOpenAiApi({ model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, maxRetries: 0, requestTimeoutMs: 5000, price: undefined });
    const outcome = await createApiAgent(api, options(2)).run(tmp.task('optimizer'), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    expect(server.requests).toHaveLength(2);
    expect(requestText(server.requests[1]!)).toContain('outside the EVOLVE-BLOCK regions');
    expect(await readFile(join(tmp.worktree, 'prog.js'), 'utf8')).toContain('const a = 3.0;');
    expect(await readFile(join(tmp.worktree, 'prog.js'), 'utf8')).toContain('const tail = 1.0;');
  });

  it('fails the attempt after the resamples are used up, leaving the code unchanged', async () => {
    server = await startFakeOpenAi(() => ({ kind: 'message', text: 'prog.js\n<<<<<<< SEARCH\nconst a = 7;\n=======\nconst a = 3;\n>>>>>>> REPLACE\n' }));
    const api = createOpenAiApi({ model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, maxRetries: 0, requestTimeoutMs: 5000, price: undefined });
    const outcome = await createApiAgent(api, options(1)).run(tmp.task('explorer'), new AbortController().signal);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/no valid edits after 2 replies: .*does not match exactly/);
    expect(server.requests).toHaveLength(2);
    expect(await readFile(join(tmp.worktree, 'prog.js'), 'utf8')).toBe(PROG);
  });

  it('supports full rewrites of region bodies', async () => {
    server = await startFakeOpenAi(() => ({ kind: 'message', text: 'HYPOTHESIS: rewrite\n<<<<<<< REGION 1\nconst a = 2.5;\n>>>>>>> END\n' }));
    const api = createOpenAiApi({ model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, maxRetries: 0, requestTimeoutMs: 5000, price: undefined });
    const outcome = await createApiAgent(api, options(0, true)).run(tmp.task('explorer'), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    expect(await readFile(join(tmp.worktree, 'prog.js'), 'utf8')).toBe(PROG.replace('1.0;\n//', '2.5;\n//'));
  });
});

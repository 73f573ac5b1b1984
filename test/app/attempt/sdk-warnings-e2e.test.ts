import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeAnthropic } from '../../support/fake-llm/anthropic-json.js';
import type { FakeServer } from '../../support/fake-llm/http-server.js';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const DIFF = 'HYPOTHESIS: a should be 3\nprog.js\n<<<<<<< SEARCH\nconst a = 1.0;\n=======\nconst a = 3.0;\n>>>>>>> REPLACE\n';

describe('SDK warnings', () => {
  let repo: ToyRepo | undefined;
  let server: FakeServer | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.close();
    repo?.cleanup();
  });

  it('a deprecated model\'s notice goes to the run log once, never into the progress stream', async () => {
    server = await startFakeAnthropic(() => ({ kind: 'message', text: DIFF }));
    // claude-sonnet-4-5 is in the SDK's deprecated-models table: it warns on every request.
    repo = createToyRepo({ agent: { backend: 'anthropic', model: 'claude-sonnet-4-5', mode: 'diff' }, budget: { attempts: 3 }, shepherd: { initialExplorers: 3 } });
    // What reaches this process's console, stdout and stderr while the run lasts (where the CLI's user would see it).
    const written: string[] = [];
    const record = (chunk: unknown): boolean => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(record);
    vi.spyOn(process.stderr, 'write').mockImplementation(record);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void record(args.map(String).join(' ')));
    const { result, lines } = await runApi(repo.dir, {}, { ANTHROPIC_API_KEY: 'sk-fake-secret', ANTHROPIC_BASE_URL: server.url });
    vi.restoreAllMocks();
    expect(result, lines.join('\n')).toMatchObject({ status: 'finished', problem: null });
    expect(server.requests.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).not.toContain('deprecated');
    expect(written.join('')).not.toContain('deprecated');
    const log = readFileSync(join(repo.dir, '.swarm', 'logs', 'swarm.log'), 'utf8');
    const notices = log.split('\n').filter((line) => line.includes("The model 'claude-sonnet-4-5' is deprecated"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('"source":"console.warn"');
  }, 60_000);
});

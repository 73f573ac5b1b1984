import { runSearch, status, type RunSearchOptions, type RunSearchResult } from '../../src/index.js';
import { createToyRepo, type ToyRepo } from './toy-repo.js';

/**
 * Runs `fn` with `env` merged into process.env (a value of undefined removes the variable) and puts
 * process.env back as it was afterwards, thrown or not. In-process API calls read the environment
 * of the test's own process, where a CLI test would hand `env` to the child it starts.
 */
export const withEnv = async <T>(env: Readonly<Record<string, string | undefined>>, fn: () => Promise<T>): Promise<T> => {
  const before = new Map(Object.keys(env).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    return await fn();
  } finally {
    for (const [key, value] of before) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
};

export interface ApiRun {
  result: RunSearchResult;
  /** The progress lines the run reported (what `swarm run` prints on stderr). */
  lines: string[];
}

/**
 * `swarm run` through the exported API, in this process: `options` are runSearch's (overrides are
 * the run command's flags by their camelCase names: `{ attempts: 4, agent: 'local' }`).
 */
export const runApi = async (cwd: string, options: Omit<RunSearchOptions, 'cwd' | 'report'> = {}, env: Readonly<Record<string, string | undefined>> = {}): Promise<ApiRun> =>
  withEnv(env, async () => {
    const lines: string[] = [];
    const result = await runSearch({ cwd, ...options, report: (line) => lines.push(line) });
    return { result, lines };
  });

/** What an API call threw (or null when it did not), to assert on its code and message. */
export const thrownBy = async (call: Promise<unknown>): Promise<unknown> => call.then(() => null, (error: unknown) => error);

/** A toy repository (toy-repo.ts) with one finished run through the API, and its attempts' ids (the baseline left out). */
export const finishedToyRun = async (config: Record<string, unknown> = {}): Promise<{ repo: ToyRepo; ids: string[] }> => {
  const repo = createToyRepo(config);
  const result = await runSearch({ cwd: repo.dir });
  if (result.status !== 'finished' || result.problem !== null) throw new Error(`the toy run did not finish cleanly: ${result.status}, ${result.problem ?? result.stopReason}`);
  const ids = (await status({ cwd: repo.dir })).attempts.filter((a) => a.role !== 'baseline').map((a) => a.id);
  return { repo, ids };
};

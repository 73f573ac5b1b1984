import { describe, expect, it } from 'vitest';
import { closestMatch, editDistance } from '../../src/config/did-you-mean.js';
import { evaluationStages } from '../../src/config-assembly/resolve-config.js';
import { validateConfig } from '../../src/config-assembly/validate-config.js';

const problemsOf = (raw: unknown): string[] => {
  const result = validateConfig(raw);
  if (result.ok) throw new Error(`expected problems, got a valid config for ${JSON.stringify(raw)}`);
  return result.problems;
};

const withEvaluator = (evaluator: Record<string, unknown>, rest: Record<string, unknown> = {}): unknown =>
  ({ evaluator: { command: 'node evaluate.js', ...evaluator }, ...rest });

describe('validateConfig: one problem per kind, as dot-path and hint', () => {
  it.each([
    ['a wrong duration', withEvaluator({ timeout: 'soon' }),
      'evaluator.timeout: expected a duration longer than zero like "90s", "20m" or "1h30m", got "soon"'],
    ['a zero timeout', { evaluator: { command: 'x' }, agent: { timeout: 0 } },
      'agent.timeout: expected a duration longer than zero like "90s", "20m" or "1h30m", got 0'],
    ['a negative wall clock', { evaluator: { command: 'x' }, budget: { wallClock: -5 } },
      'budget.wallClock: expected a duration like "90s", "20m" or "1h30m" (or a number of seconds), got -5'],
    ['a wrong type', { evaluator: { command: 'x' }, shepherd: { seed: 'abc' } },
      'shepherd.seed: expected an integer >= 0, got "abc"'],
    ['a zero concurrency', { evaluator: { command: 'x' }, concurrency: { agents: 0 } },
      'concurrency.agents: expected an integer from 1 to 256, got 0'],
    ['a negative concurrency', { evaluator: { command: 'x' }, concurrency: { evaluations: -2 } },
      'concurrency.evaluations: expected an integer from 1 to 256, got -2'],
    ['a fractional count', { evaluator: { command: 'x' }, budget: { attempts: 2.5 } },
      'budget.attempts: expected an integer >= 1, got 2.5'],
    ['an unknown key near a known one', { evaluator: { command: 'x' }, budget: { atempts: 3 } },
      'budget.atempts: unknown key (did you mean "attempts"?)'],
    ['an unknown top-level key', { evaluator: { command: 'x' }, concurency: {} },
      'concurency: unknown key (did you mean "concurrency"?)'],
    ['an unknown key far from all', { evaluator: { command: 'x' }, log: { colour: true } },
      'log.colour: unknown key; known keys: level, maxEvaluatorLogBytes, maxRunLogBytes'],
    ['a bad enum', { evaluator: { command: 'x' }, agent: { backend: 'gpt' } },
      'agent.backend: expected one of "local", "claude-code", "codex", "anthropic", "openai", "command", got "gpt"'],
    ['a bad enum close to a value', { evaluator: { command: 'x' }, objective: { direction: 'max' } },
      'objective.direction: expected one of "maximize", "minimize", got "max" (did you mean "maximize"?)'],
    ['a missing evaluator', {},
      'evaluator.command: required — the command that scores a checkout, e.g. "python evaluate.py"'],
    ['an empty evaluator command', { evaluator: { command: '' } },
      'evaluator.command: expected a non-empty string, got "" — the command that scores a checkout, e.g. "python evaluate.py"'],
    ['an evaluator given as a string', { evaluator: 'python evaluate.py' },
      'evaluator: expected an object, got "python evaluate.py" — an object with at least a command, e.g. {"command": "python evaluate.py"}'],
    ['a cascade stage without command', withEvaluator({ cascade: [{ name: 'quick' }] }),
      'evaluator.cascade[0].command: required — the shell command of this stage, e.g. "python evaluate.py --quick"'],
    ['a bad threshold type', withEvaluator({ cascade: [{ name: 'quick', command: 'x', threshold: 'high' }] }),
      'evaluator.cascade[0].threshold: expected a number or null, got "high"'],
    ['duplicate stage names', withEvaluator({ cascade: [{ name: 'q', command: 'a' }, { name: 'q', command: 'b' }] }),
      'evaluator.cascade[1].name: duplicate stage name "q"; give each stage its own name'],
    ['gpus that are not strings', withEvaluator({ gpus: [0, '1'] }),
      'evaluator.gpus[0]: expected a non-empty string, got 0 — write GPU ids as strings, e.g. ["0", "1"]'],
    ['confirm out of range', withEvaluator({ confirm: 11 }),
      'evaluator.confirm: expected an integer from 0 to 10, got 11'],
    ['a non-string env value', withEvaluator({ env: { OMP_NUM_THREADS: 4 } }),
      'evaluator.env.OMP_NUM_THREADS: expected a string, got 4 — environment values are strings; quote numbers, e.g. "1"'],
    ['a protect list given as a string', withEvaluator({ protect: 'evaluate.js' }),
      'evaluator.protect: expected an array of strings, got "evaluate.js"'],
    ['a null section', { evaluator: { command: 'x' }, task: null },
      'task: expected an object, got null'],
    ['a file that is not an object', [],
      '(file): expected an object, got an array'],
    ['a step scale of zero', { evaluator: { command: 'x' }, agent: { local: { stepScale: 0 } } },
      'agent.local.stepScale: expected a number > 0 and <= 10, got 0'],
    ['more GPUs per evaluation than the pool has', withEvaluator({ gpus: ['0', '1'], gpusPerEvaluation: 3 }),
      'evaluator.gpusPerEvaluation: 3 is more than the 2 GPUs evaluator.gpus lists; list more GPUs or lower evaluator.gpusPerEvaluation'],
    ['a held-out section with nothing to run', withEvaluator({ heldOut: { finalists: 2 } }),
      'evaluator.heldOut: has neither a command nor a cascade; set evaluator.heldOut.command, or set evaluator.heldOut to null'],
    ['a zero held-out stage timeout', withEvaluator({ heldOut: { cascade: [{ name: 'h', command: 'h', timeout: '0s' }] } }),
      'evaluator.heldOut.cascade[0].timeout: expected a duration longer than zero like "90s", "20m" or "1h30m", got "0s"'],
  ])('reports %s', (_kind, raw, expected) => {
    expect(problemsOf(raw)).toEqual([expected]);
  });

  it('reports a check across fields even when another field of the same section is wrong', () => {
    expect(problemsOf({ evaluator: { command: 'x', timeout: 'fast', gpus: ['0'], gpusPerEvaluation: 5 } })).toEqual([
      'evaluator.timeout: expected a duration longer than zero like "90s", "20m" or "1h30m", got "fast"',
      'evaluator.gpusPerEvaluation: 5 is more than the 1 GPU evaluator.gpus lists; list more GPUs or lower evaluator.gpusPerEvaluation',
    ]);
  });

  it('reports every problem at once, one line per path', () => {
    const problems = problemsOf({
      evaluator: { timeout: '5 minutes', gpus: ['0', 1] },
      concurrency: { agents: 0, evaluations: 300 },
      budget: { atempts: 3 },
      log: { level: 'verbose' },
    });
    expect(problems).toEqual([
      'evaluator.command: required — the command that scores a checkout, e.g. "python evaluate.py"',
      'evaluator.timeout: expected a duration longer than zero like "90s", "20m" or "1h30m", got "5 minutes"',
      'evaluator.gpus[1]: expected a non-empty string, got 1 — write GPU ids as strings, e.g. ["0", "1"]',
      'budget.atempts: unknown key (did you mean "attempts"?)',
      'concurrency.agents: expected an integer from 1 to 256, got 0',
      'concurrency.evaluations: expected an integer from 1 to 256, got 300',
      'log.level: expected one of "trace", "debug", "info", "warn", "error", "silent", got "verbose"',
    ]);
  });
});

describe('validateConfig: resolution', () => {
  it('fills every default around a lone evaluator command', () => {
    const result = validateConfig({ evaluator: { command: 'python evaluate.py' } });
    // A golden list: a changed default must be a deliberate change here too.
    expect(result).toStrictEqual({ ok: true, config: {
      task: {
        prompt: 'prompt.md',
        description: '',
        solutionFiles: [],
      },
      objective: {
        metric: 'score',
        direction: 'maximize',
        metrics: [],
        constraints: [],
      },
      evaluator: {
        command: 'python evaluate.py',
        timeoutMs: 600000,
        protect: [],
        artifacts: [],
        passEnv: [],
        cascade: [],
        confirm: 0,
        noiseCheck: true,
        env: {},
        gpus: [],
        gpusPerEvaluation: 1,
        heldOut: null,
        tailBytes: 4000,
        sandbox: 'none',
        network: false,
        runner: 'local',
        slurm: { partition: null, gpus: 0, gres: null, cpus: null, memory: null, extraArgs: [], pollMs: 1000, retries: 1 },
        wrap: [],
      },
      workspace: {
        dir: null,
        include: [],
        link: [],
        pool: true,
        sparse: [],
        setup: [],
        setupTimeoutMs: 600_000,
        setupKey: ['uv.lock', 'poetry.lock', 'requirements*.txt', 'package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'Cargo.lock', 'go.sum', 'pyproject.toml', 'setup.py', 'setup.cfg', 'package.json'],
        submodules: true,
      },
      agent: {
        backend: 'local',
        model: null,
        timeoutMs: 1200000,
        stallTimeoutMs: null,
        maxTurns: 40,
        maxConsecutiveFailures: 3,
        systemPrompt: null,
        local: {
          explorerMutations: 3,
          explorerSampling: 'mutate',
          optimizerSteps: 4,
          stepScale: 0.05,
        },
        prices: {},
        pool: [],
        poolPolicy: 'weight',
        runner: 'local',
        slurm: { partition: null, gpus: 0, gres: null, cpus: null, memory: null, timeMs: null, extraArgs: [], passEnv: [], pollMs: 1000, retries: 1 },
        baseUrl: null,
        mode: 'agent',
        maxTokens: 0,
        maxCostUsd: 0,
        api: {
          maxRetries: 4,
          requestTimeoutMs: 300000,
          maxOutputTokens: 8192,
          commandTimeoutMs: 120000,
          outputChars: 20000,
        },
        limits: { park: true, backoffMs: 60000, maxBackoffMs: 1800000, maxWaitMs: 21_600_000, maxParks: 10 },
        diff: {
          resamples: 2,
          fullRewrite: false,
          inspirations: 3,
        },
        claudeCode: {
          binary: 'claude',
          permissionMode: 'acceptEdits',
          maxBudgetUsd: null,
          extraArgs: [],
        },
        codex: {
          binary: 'codex',
          sandbox: 'workspace-write',
          extraArgs: [],
          configOverrides: {},
        },
        command: {
          argv: [],
          output: 'text',
          summaryPath: null,
          inputTokensPath: null,
          outputTokensPath: null,
          costUsdPath: null,
        },
      },
      shepherd: {
        schedule: 'waves',
        evolve: {
          islands: 3,
          featureDimensions: null,
          gridSize: 4,
          explorationRatio: 0.2,
          exploitationRatio: 0.7,
          eliteRatio: 0.1,
          migrationInterval: 4,
          migrationRate: 0.1,
          inspirations: 2,
        },
        rsi: {
          discount: 0.9,
          beta: 0.5,
          gamma: 0.5,
          k: 4,
        },
        policy: 'rules',
        initialExplorers: 4,
        waveSize: 4,
        leaders: 3,
        plateauWaves: 3,
        mergeEvery: 4,
        metaPrompts: false,
        niche: null,
        codeNiches: false,
        seed: 1,
        llm: {
          backend: 'anthropic',
          model: null,
          baseUrl: null,
          waveSize: null,
        },
        novelty: { threshold: null },
        memory: false,
      },
      budget: {
        attempts: 40,
        waves: 0,
        wallClockMs: 0,
        costUsd: 0,
        tokens: 0,
        evaluations: 0,
        selfEvaluations: 100,
      },
      concurrency: {
        agents: 4,
        evaluations: 2,
      },
      log: {
        level: 'info',
        maxEvaluatorLogBytes: 16 * 1024 * 1024,
        maxRunLogBytes: 2 * 1024 * 1024 * 1024,
      },
    } });
  });

  it('resolves durations in milliseconds, stage timeouts defaulting to the evaluator timeout', () => {
    const result = validateConfig({
      $schema: './schema.json',
      evaluator: {
        command: 'full', timeout: '1h30m',
        cascade: [{ name: 'quick', command: 'quick', timeout: 90, threshold: 0.5 }, { name: 'full', command: 'full' }],
      },
      agent: { timeout: '500ms' },
      budget: { wallClock: '2h' },
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.evaluator.timeoutMs).toBe(5_400_000);
    expect(result.config.agent.timeoutMs).toBe(500);
    expect(result.config.budget.wallClockMs).toBe(7_200_000);
    expect(result.config.evaluator.cascade).toEqual([
      { name: 'quick', command: 'quick', timeoutMs: 90_000, threshold: 0.5, thresholdOn: 'score' },
      { name: 'full', command: 'full', timeoutMs: 5_400_000, threshold: null, thresholdOn: 'score' },
    ]);
    expect(evaluationStages(result.config.evaluator).map((stage) => stage.name)).toEqual(['quick', 'full']);
  });

  it('resolves held-out stages: their own timeout, else the held-out timeout, else the evaluator timeout', () => {
    const resolved = (heldOut: Record<string, unknown>) => {
      const result = validateConfig(withEvaluator({ timeout: '10m', heldOut }));
      if (!result.ok) throw new Error(result.problems.join('\n'));
      return result.config.evaluator.heldOut;
    };
    expect(resolved({ command: 'node heldout.js' })).toEqual({
      finalists: 3, stages: [{ name: 'held-out', command: 'node heldout.js', timeoutMs: 600_000, threshold: null, thresholdOn: 'score' }],
    });
    expect(resolved({ timeout: '1m', finalists: 1, cascade: [{ name: 'a', command: 'a', timeout: 5 }, { name: 'b', command: 'b' }] })).toEqual({
      finalists: 1,
      stages: [
        { name: 'a', command: 'a', timeoutMs: 5000, threshold: null, thresholdOn: 'score' },
        { name: 'b', command: 'b', timeoutMs: 60_000, threshold: null, thresholdOn: 'score' },
      ],
    });
    expect(resolved({ cascade: [{ name: 'c', command: 'c' }] })?.stages[0]?.timeoutMs).toBe(600_000);
  });

  it('sizes waves by concurrency.agents unless they are set', () => {
    const sized = (raw: unknown): [number, number] => {
      const result = validateConfig(raw);
      if (!result.ok) throw new Error(result.problems.join('; '));
      return [result.config.shepherd.initialExplorers, result.config.shepherd.waveSize];
    };
    expect(sized(withEvaluator({}, { concurrency: { agents: 8 } }))).toEqual([8, 8]);
    expect(sized(withEvaluator({}, { concurrency: { agents: 8 }, shepherd: { waveSize: 3 } }))).toEqual([8, 3]);
    expect(sized(withEvaluator({}, { concurrency: { agents: 2 }, shepherd: { initialExplorers: 5, waveSize: null } }))).toEqual([5, 2]);
  });

  it('runs one stage "main" when the cascade is empty', () => {
    const result = validateConfig({ evaluator: { command: 'node evaluate.js', timeout: '90s' } });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(evaluationStages(result.config.evaluator)).toEqual([
      { name: 'main', command: 'node evaluate.js', timeoutMs: 90_000, threshold: null, thresholdOn: 'score' },
    ]);
  });
});

describe('did you mean', () => {
  it('measures edits and suggests only close or unique-prefix candidates', () => {
    expect(editDistance('atempts', 'attempts')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(closestMatch('wavesize', ['waveSize', 'leaders'])).toBe('waveSize');
    expect(closestMatch('claude', ['local', 'claude-code', 'codex'])).toBe('claude-code');
    expect(closestMatch('zzz', ['local', 'codex'])).toBeNull();
    expect(closestMatch('co', ['codex', 'command'])).toBeNull();
  });
});

describe('validateConfig: agent.pool', () => {
  const withPool = (agent: Record<string, unknown>) => validateConfig({ evaluator: { command: 'node e.js' }, agent });

  it('names entries by backend and model, and fills each entry\'s defaults', () => {
    const result = withPool({ pool: [{ backend: 'local' }, { backend: 'openai', model: 'gpt-x', weight: 2, roles: ['explorer'] }] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.agent.pool.map((e) => [e.name, e.weight, e.roles])).toEqual([['local', 1, ['explorer', 'optimizer']], ['openai:gpt-x', 2, ['explorer']]]);
  });

  it('refuses two entries of one name, a role no entry runs, and weights that are all 0, each with its fix', () => {
    const result = withPool({ pool: [{ backend: 'local', roles: ['explorer'], weight: 0 }, { backend: 'local', roles: ['explorer'], weight: 0 }] });
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result);
    expect(text).toContain('two pool entries are named \\"local\\"');
    expect(text).toContain('no pool entry runs the optimizer role');
    expect(text).toContain('every pool entry has weight 0');
  });

  it('places each entry by its own runner, else agent.runner; only an agent that works in its worktree may be a batch job', () => {
    const mixed = withPool({ pool: [{ backend: 'local' }, { name: 'gpu', backend: 'command', command: { argv: ['a'] }, runner: 'slurm', slurm: { gpus: 1 } }] });
    expect(mixed.ok, JSON.stringify(mixed)).toBe(true);
    if (mixed.ok) expect(mixed.config.agent.pool.map((e) => [e.name, e.runner ?? null, e.slurm?.gpus ?? null])).toEqual([['local', null, null], ['gpu', 'slurm', 1]]);
    const own = withPool({ pool: [{ backend: 'local', runner: 'slurm' }, { backend: 'command', command: { argv: ['a'] } }] });
    expect(own.ok).toBe(false);
    expect(JSON.stringify(own)).toContain('pool entry \\"local\\"\'s runner \\"slurm\\" runs an agent that works in its worktree');
    expect(JSON.stringify(own)).toContain('agent.pool[0].runner');
    // Inherited from agent.runner: the problem is agent.runner's, named once.
    const inherited = withPool({ runner: 'slurm', pool: [{ backend: 'local' }, { name: 'l2', backend: 'local' }, { backend: 'command', command: { argv: ['a'] } }] });
    expect(inherited.ok).toBe(false);
    const text = JSON.stringify(inherited);
    expect(text).toContain('agent.runner \\"slurm\\" runs an agent that works in its worktree');
    expect(text.match(/runs an agent that works/g)).toHaveLength(1);
    // An entry placed back on the driver is fine under agent.runner "slurm".
    expect(withPool({ runner: 'slurm', pool: [{ backend: 'local', runner: 'local' }, { backend: 'command', command: { argv: ['a'] } }] }).ok).toBe(true);
    // The API agents' tool loop may be a batch job; their diff mode (one model call) may not.
    expect(withPool({ runner: 'slurm', pool: [{ backend: 'openai', model: 'm' }, { backend: 'anthropic' }] }).ok).toBe(true);
    const diff = withPool({ pool: [{ backend: 'openai', model: 'm' }, { backend: 'anthropic', mode: 'diff', runner: 'slurm' }] });
    expect(diff.ok).toBe(false);
    expect(JSON.stringify(diff)).toContain('the \\"anthropic\\" backend in diff mode (pool entry \\"anthropic\\") makes one model call and runs no command');
  });
});

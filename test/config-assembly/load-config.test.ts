import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SwarmError } from '../../src/core/domain/errors.js';
import { loadConfig } from '../../src/config-assembly/load-config.js';
import { parseJsonc } from '../../src/config/parse-jsonc.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'swarm-config-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const writeRepo = async (config: unknown, files: Record<string, string> = { 'prompt.md': 'Make it faster.\n' }): Promise<void> => {
  await writeFile(path.join(root, '.swarmrc.json'), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
};

const failure = async (promise: Promise<unknown>): Promise<SwarmError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SwarmError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to fail');
};

describe('loadConfig', () => {
  it('reads the file, fills defaults and reads the prompt', async () => {
    await writeRepo({ evaluator: { command: 'node evaluate.js' }, budget: { wallClock: '1h30m' } });
    const loaded = await loadConfig(root);
    expect(loaded.file).toBe(path.join(root, '.swarmrc.json'));
    expect(loaded.prompt).toBe('Make it faster.\n');
    expect(loaded.config.evaluator.command).toBe('node evaluate.js');
    expect(loaded.config.budget.wallClockMs).toBe(5_400_000);
    expect(loaded.config.concurrency).toEqual({ agents: 4, evaluations: 2 });
  });

  it('says how to create a config when none exists', async () => {
    const error = await failure(loadConfig(root));
    expect(error.code).toBe('CONFIG_NOT_FOUND');
    expect(error.message).toBe(`no .swarmrc.json in ${root}; run \`swarm init\` to write one, or pass --config <file>`);
  });

  it('names a missing --config file', async () => {
    const error = await failure(loadConfig(root, { file: 'conf/swarm.json' }));
    expect(error.code).toBe('CONFIG_NOT_FOUND');
    expect(error.message).toContain(`config file ${path.join(root, 'conf/swarm.json')} not found; check the --config path`);
  });

  it('reads another file given relative to the repository root', async () => {
    await mkdir(path.join(root, 'docs'));
    await writeFile(path.join(root, 'docs/task.md'), 'Task');
    await writeFile(path.join(root, 'other.json'), JSON.stringify({ evaluator: { command: 'other' }, task: { prompt: 'docs/task.md' } }));
    const loaded = await loadConfig(root, { file: 'other.json' });
    expect(loaded.file).toBe(path.join(root, 'other.json'));
    expect(loaded.config.evaluator.command).toBe('other');
    expect(loaded.prompt).toBe('Task');
  });

  it('accepts a byte-order mark', async () => {
    await writeRepo(`\uFEFF${JSON.stringify({ evaluator: { command: 'x' } })}`);
    expect((await loadConfig(root)).config.evaluator.command).toBe('x');
  });

  it('reads comments and trailing commas', async () => {
    await writeRepo([
      '// swarm settings of this repository',
      '{',
      '  "evaluator": {',
      '    "command": "node evaluate.js", // scored by the harness',
      '    /* ten minutes were too short */ "timeout": "15m",',
      '  },',
      '  "budget": { "attempts": 12, },',
      '}',
      '',
    ].join('\n'));
    const { config } = await loadConfig(root);
    expect(config.evaluator.command).toBe('node evaluate.js');
    expect(config.evaluator.timeoutMs).toBe(900_000);
    expect(config.budget.attempts).toBe(12);
  });

  it('names the file, line and column of invalid JSON', async () => {
    await writeRepo('{\n  // the evaluator\n  "evaluator": { "command": "x" }\n  "budget": {}\n}\n');
    const error = await failure(loadConfig(root));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe(`${path.join(root, '.swarmrc.json')} is not valid JSON: line 4, column 3: expected ",", got "\\"budget\\""`);
  });

  it('lists every schema problem in one error, one per line', async () => {
    await writeRepo({ evaluator: { command: 'x', timeout: 'soon' }, concurrency: { agents: 0 }, budget: { atempts: 1 } });
    const error = await failure(loadConfig(root));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message.split('\n')).toEqual([
      `${path.join(root, '.swarmrc.json')} has 3 problems:`,
      '  evaluator.timeout: expected a duration longer than zero like "90s", "20m" or "1h30m", got "soon"',
      '  budget.atempts: unknown key (did you mean "attempts"?)',
      '  concurrency.agents: expected an integer from 1 to 256, got 0',
    ]);
  });

  it('reports a missing prompt file by its key', async () => {
    await writeRepo({ evaluator: { command: 'x' } }, {});
    const error = await failure(loadConfig(root));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe(`task.prompt: file prompt.md not found in ${root}`);
  });

  it('reports a missing prompt file together with the schema\'s problems, and both missing files', async () => {
    await writeRepo({ evaluator: { command: 'x' }, agent: { systemPrompt: 'roles.md' }, budget: { attempts: 'x' } }, {});
    const error = await failure(loadConfig(root));
    expect(error.message.split('\n')).toEqual([
      `${path.join(root, '.swarmrc.json')} has 3 problems:`,
      '  budget.attempts: expected an integer >= 1, got "x"',
      `  task.prompt: file prompt.md not found in ${root}`,
      `  agent.systemPrompt: file roles.md not found in ${root}`,
    ]);
  });

  it('reports a missing system prompt file by its key', async () => {
    await writeRepo({ evaluator: { command: 'x' }, agent: { systemPrompt: 'roles.md' } });
    const error = await failure(loadConfig(root));
    expect(error.message).toBe(`agent.systemPrompt: file roles.md not found in ${root}`);
  });

  it('applies CLI overrides over the file', async () => {
    await writeRepo({ evaluator: { command: 'x' }, budget: { attempts: 10 }, agent: { backend: 'codex' } });
    const { config } = await loadConfig(root, {
      overrides: { agent: 'claude-code', model: 'sonnet', attempts: 7, waves: 2, wallClock: '20m', agents: 8, evaluations: 3, seed: 9, policy: 'rules' },
    });
    expect(config.agent.backend).toBe('claude-code');
    expect(config.agent.model).toBe('sonnet');
    expect(config.budget).toEqual({ attempts: 7, waves: 2, wallClockMs: 1_200_000, costUsd: 0, tokens: 0, evaluations: 0, selfEvaluations: 100 });
    expect(config.concurrency).toEqual({ agents: 8, evaluations: 3 });
    expect(config.shepherd.seed).toBe(9);
  });

  it('validates overrides with the schema and names the flag', async () => {
    await writeRepo({ evaluator: { command: 'x' } });
    const error = await failure(loadConfig(root, { overrides: { agents: 0, wallClock: 'soon', policy: 'ucb' } }));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('shepherd.policy (from --policy): expected one of "rules", "greedy", "random", "swarm", "evolve", "rsi", "llm", got "ucb"');
    expect(error.message).toContain('budget.wallClock (from --wall-clock): expected a duration like "90s"');
    expect(error.message).toContain('concurrency.agents (from --agents): expected an integer from 1 to 256, got 0');
  });
});

describe('parseJsonc', () => {
  it.each([
    ['{"a": 1 "b": 2}', 1, 9, 'expected ",", got "\\"b\\""'],
    ['{\n  a: 1\n}', 2, 3, 'expected a double-quoted key, got "a"'],
    ["{'a': 1}", 1, 2, 'expected a double-quoted key, got "\'a\'"'],
    ['{"a": tru}', 1, 7, 'unexpected "tru"'],
    ['{"a": "x', 1, 7, 'unterminated string (a string ends on its line with "), got "\\"x"'],
    ['{"a": 1', 1, 8, 'expected "}", got the end of the file'],
    ['', 1, 1, 'expected a value, got the end of the file'],
    ['{} {}', 1, 4, 'expected the end of the file after the JSON value, got "{"'],
    ['{"a": 1 /* note', 1, 9, 'unterminated /* comment, got "/* note"'],
    ['[1,, 2]', 1, 4, 'expected a value, got ","'],
  ])('locates the error in %j', (text, line, column, reason) => {
    expect(parseJsonc(text)).toEqual({ ok: false, error: { line, column, reason } });
  });

  it('reads what JSON.parse reads, keys such as __proto__ included', () => {
    const text = '{"a": [1, -2.5e3, "x\\"y", true, null, {}], "__proto__": {"b": 1}}';
    const parsed = parseJsonc(text);
    expect(parsed).toEqual({ ok: true, value: JSON.parse(text) });
    expect(JSON.stringify(parsed.ok ? parsed.value : null)).toBe('{"a":[1,-2500,"x\\"y",true,null,{}],"__proto__":{"b":1}}');
  });

  it('allows comments and trailing commas', () => {
    expect(parseJsonc('/* a */ {"a": [1, 2,], // b\n "c": {"d": 1,},}')).toEqual({ ok: true, value: { a: [1, 2], c: { d: 1 } } });
  });
});

import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/config-assembly/index.js';
import { EVALUATOR_RUNNER_NAMES, EVALUATOR_RUNNER_REGISTRY, EVALUATOR_RUNNERS, findEvaluatorRunner } from '../../../src/eval/runners/registry.js';

const defaults = configSchema.parse({ evaluator: { command: 'true' } });

/** A name no runner will ever take: a registry key names a folder, and no folder is called this. */
const UNKNOWN = '<no such runner>';

describe('the evaluator runner registry', () => {
  it('is the list evaluator.runner accepts, the first its default', () => {
    for (const name of EVALUATOR_RUNNER_NAMES) expect(configSchema.parse({ evaluator: { command: 'true', runner: name } }).evaluator.runner).toBe(name);
    expect(configSchema.safeParse({ evaluator: { command: 'true', runner: UNKNOWN } }).success).toBe(false);
    expect(defaults.evaluator.runner).toBe(EVALUATOR_RUNNER_NAMES[0]);
    expect(Object.keys(EVALUATOR_RUNNERS)).toEqual(EVALUATOR_RUNNER_NAMES);
  });

  it('finds a runner named by a stored config, and none for a name no runner has', () => {
    for (const name of EVALUATOR_RUNNER_NAMES) expect(findEvaluatorRunner(name)).toBe(EVALUATOR_RUNNERS[name]);
    expect(findEvaluatorRunner(UNKNOWN)).toBeNull();
    expect(findEvaluatorRunner('toString')).toBeNull();
  });

  it('gives each runner with settings its own defaulted section of evaluator, under its key', () => {
    const evaluator: Record<string, unknown> = { ...defaults.evaluator };
    const keys = Object.values(EVALUATOR_RUNNERS).flatMap(({ settings }) => (settings === null ? [] : [settings.key]));
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(evaluator[key], `evaluator.${key}`).toBeTypeOf('object');
    // A setting of a runner's section that is not one is refused: the section is the runner's strict schema.
    for (const key of keys) expect(configSchema.safeParse({ evaluator: { command: 'true', [key]: { '<no such setting>': 1 } } }).success, key).toBe(false);
  });

  it('names each runner\'s jobs, and reaps leftovers or checks storage only through functions of its descriptor', () => {
    for (const [name, runner] of Object.entries(EVALUATOR_RUNNERS)) {
      expect(runner.doc, name).not.toBe('');
      expect(runner.jobLabel, name).toMatch(/\S/);
      if (runner.leftovers !== null) {
        expect(runner.leftovers.reap, name).toBeTypeOf('function');
        expect(runner.leftovers.jobs, name).toMatch(/\S/);
      }
      if (runner.checkStorage !== null) expect(runner.checkStorage, name).toBeTypeOf('function');
    }
  });

  it('refuses the command runner without evaluator.wrap instead of running the evaluator unwrapped', async () => {
    await expect(EVALUATOR_RUNNER_REGISTRY.command.create(defaults.evaluator, {})).rejects.toThrow(/evaluator.wrap is empty/);
  });
});

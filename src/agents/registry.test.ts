import { describe, expect, it } from 'vitest';
import { configSchema } from '../config/index.js';
import { EVALUATOR_RUNNER_NAMES, EVALUATOR_RUNNER_REGISTRY } from '../eval/runners/registry.js';
import { AGENT_BACKEND_NAMES, AGENT_BACKEND_REGISTRY, agentBackend } from './registry.js';

const defaults = configSchema.parse({ evaluator: { command: 'true' } });

describe('the backend registry', () => {
  it('is the list the config accepts: every name parses as agent.backend, and nothing else does', () => {
    for (const name of AGENT_BACKEND_NAMES) expect(configSchema.parse({ agent: { backend: name }, evaluator: { command: 'true' } }).agent.backend).toBe(name);
    expect(configSchema.safeParse({ agent: { backend: 'gemini' }, evaluator: { command: 'true' } }).success).toBe(false);
    // @ts-expect-error an unknown backend name does not compile
    expect(() => agentBackend('gemini').doc).toThrow();
  });

  it('gives every backend a doc line, and a settings section that the resolved config has', () => {
    for (const [name, descriptor] of Object.entries(AGENT_BACKEND_REGISTRY)) {
      expect(descriptor.doc.length, name).toBeGreaterThan(20);
      const key = descriptor.settings?.key;
      if (key !== undefined) expect(Object.entries(defaults.agent).find(([section]) => section === key)?.[1], name).toBeTypeOf('object');
    }
  });

  it('names an install hint for every backend that runs an executable, and none for the built-in ones', () => {
    for (const name of AGENT_BACKEND_NAMES) {
      const descriptor = agentBackend(name);
      const executable = descriptor.binary(defaults);
      expect(descriptor.installHint === null, name).toBe(executable === null);
    }
    expect(agentBackend('command').installHint).toContain('agent.command.argv[0]');
    expect(agentBackend('codex').installHint).toContain('@openai/codex');
  });
});

describe('the evaluator runner registry', () => {
  it('is the list evaluator.runner accepts', () => {
    for (const name of EVALUATOR_RUNNER_NAMES) expect(configSchema.parse({ evaluator: { command: 'true', runner: name } }).evaluator.runner).toBe(name);
    expect(configSchema.safeParse({ evaluator: { command: 'true', runner: 'kubernetes' } }).success).toBe(false);
    expect(Object.keys(EVALUATOR_RUNNER_REGISTRY)).toEqual(['local', 'slurm', 'command']);
  });

  it('refuses the command runner without evaluator.wrap instead of running the evaluator unwrapped', async () => {
    await expect(EVALUATOR_RUNNER_REGISTRY.command.create(defaults.evaluator, {})).rejects.toThrow(/evaluator.wrap is empty/);
  });
});

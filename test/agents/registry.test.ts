import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config-assembly/index.js';
import { AGENT_BACKEND_NAMES, AGENT_BACKEND_REGISTRY, agentBackend, findAgentBackend } from '../../src/agents/registry.js';

const defaults = configSchema.parse({ evaluator: { command: 'true' } });

/** A name no backend will ever take: a registry key names a folder, and no folder is called this. */
const UNKNOWN = '<no such backend>';

/** Whether the config takes `agent` (with an evaluator), and its problems when it does not. */
const agentConfig = (agent: Record<string, unknown>): { ok: boolean; text: string } => {
  const parsed = configSchema.safeParse({ agent, evaluator: { command: 'true' } });
  return { ok: parsed.success, text: parsed.success ? '' : JSON.stringify(parsed.error.issues) };
};

describe('the backend registry', () => {
  it('is the list the config accepts: every name parses as agent.backend, and nothing else does', () => {
    for (const name of AGENT_BACKEND_NAMES) expect(configSchema.parse({ agent: { backend: name }, evaluator: { command: 'true' } }).agent.backend).toBe(name);
    expect(configSchema.safeParse({ agent: { backend: UNKNOWN }, evaluator: { command: 'true' } }).success).toBe(false);
    // @ts-expect-error an unknown backend name does not compile
    expect(() => agentBackend(UNKNOWN).doc).toThrow();
    expect(findAgentBackend(UNKNOWN)).toBeNull();
    expect(findAgentBackend('toString')).toBeNull();
    for (const name of AGENT_BACKEND_NAMES) expect(findAgentBackend(name)).toBe(agentBackend(name));
  });

  it('places on a Slurm node exactly the backends whose descriptor says so, those with a diff mode only in agent mode', () => {
    for (const name of AGENT_BACKEND_NAMES) {
      const { slurmJob, diffMode } = agentBackend(name).capabilities;
      // Settings a backend needs to be configured at all (the command backend's argv) do not decide the placement.
      const agent = { backend: name, runner: 'slurm', command: { argv: ['agent'] } };
      expect(agentConfig(agent).ok, name).toBe(slurmJob);
      if (!slurmJob) expect(agentConfig(agent).text, name).toContain(`the \\"${name}\\" backend (agent.backend) runs inside the driver`);
      expect(agentConfig({ ...agent, mode: 'diff' }).ok, `${name} in diff mode`).toBe(slurmJob && !diffMode);
      expect(agentConfig({ pool: [{ backend: name, runner: 'slurm', command: { argv: ['agent'] } }, { backend: 'local' }] }).ok, `${name} in a pool`).toBe(slurmJob);
    }
  });

  it('gives every backend with a diff mode its model API, named as the backend (sessions carry that name back to the registry)', () => {
    for (const name of AGENT_BACKEND_NAMES) {
      const { capabilities, modelProvider } = agentBackend(name);
      expect(modelProvider !== undefined, name).toBe(capabilities.diffMode);
      if (modelProvider !== undefined) expect(modelProvider.name, name).toBe(name);
      if (modelProvider !== undefined) expect(agentBackend(name).defaultModel(defaults, {}).model, name).toBe(modelProvider.defaultModel);
      // The Shepherd's planning model is reached through exactly these backends.
      const planner = configSchema.safeParse({ shepherd: { policy: 'llm', llm: { backend: name } }, evaluator: { command: 'true' } });
      expect(planner.success, `shepherd.llm.backend ${name}`).toBe(modelProvider !== undefined);
    }
  });

  it('names a default model for pricing where the backend chooses one, and none for an offline one', () => {
    for (const name of AGENT_BACKEND_NAMES) {
      const descriptor = agentBackend(name);
      const { model, from } = descriptor.defaultModel(defaults, { HOME: '/nonexistent', CODEX_HOME: '/nonexistent' });
      expect(from.length, name).toBeGreaterThan(5);
      if (descriptor.capabilities.offline) expect(model, name).toBeNull();
      // An API backend is the one that picks the model itself: it needs a default to price.
      if (descriptor.capabilities.diffMode) expect(model, name).toMatch(/\S/);
    }
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

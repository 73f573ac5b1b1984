import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AgentBackendDescriptor } from '../../src/agents/backend-descriptor.js';
import { AGENT_BACKEND_REGISTRY } from '../../src/agents/registry.js';
import { configSchema } from '../../src/config-assembly/index.js';
import { configJsonSchema } from '../../src/config-assembly/json-schema.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ARCHITECTURE = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** The files docs/architecture.md says a new backend needs ("Adding an agent backend"), as path templates. */
const documentedFiles = (): string[] => {
  const section = ARCHITECTURE.slice(ARCHITECTURE.indexOf('## Adding an agent backend'), ARCHITECTURE.indexOf('## Adding an evaluator runner'));
  return [...section.matchAll(/`(src\/agents\/[^`]*<name>[^`]*)`/g)].map((m) => m[1] ?? '');
};

const descriptors: Array<[string, AgentBackendDescriptor]> = Object.entries(AGENT_BACKEND_REGISTRY);
const defaults = configSchema.parse({ evaluator: { command: 'true' } });
const agentProperties = (): Record<string, unknown> => {
  const agent = configJsonSchema().properties?.agent;
  return typeof agent === 'object' && agent.properties !== undefined ? agent.properties : {};
};

describe('a backend is its folder plus one registry line', () => {
  it('docs/architecture.md names the descriptor and the settings file of a backend folder', () => {
    expect(documentedFiles()).toEqual(expect.arrayContaining(['src/agents/<name>/index.ts', 'src/agents/<name>/settings.ts']));
    expect(ARCHITECTURE).toMatch(/\| `src\/agents\/registry\.ts` \| one line/);
  });

  it.each(descriptors)('%s: its folder exports the registered descriptor from index.ts', async (name, descriptor) => {
    const index = join(ROOT, 'src/agents', name, 'index.ts');
    expect(existsSync(index), `${index} is missing`).toBe(true);
    const exported: Record<string, unknown> = await import(pathToFileURL(index).href);
    expect(Object.values(exported), `src/agents/${name}/index.ts does not export the registry's descriptor`).toContain(descriptor);
  });

  it.each(descriptors)('%s: its own settings, when it has any, come from settings.ts in its folder and reach the config', async (name, descriptor) => {
    const file = join(ROOT, 'src/agents', name, 'settings.ts');
    if (descriptor.settings === null) {
      expect(existsSync(file), `${name} reads only the shared settings but has ${file}`).toBe(false);
      return;
    }
    expect(existsSync(file), `${file} is missing`).toBe(true);
    const exported: Record<string, unknown> = await import(pathToFileURL(file).href);
    expect(Object.values(exported), `src/agents/${name}/settings.ts does not export the descriptor's settings`).toContain(descriptor.settings);
    const { key, description } = descriptor.settings;
    expect(Object.entries(defaults.agent).find(([section]) => section === key)?.[1], `agent.${key} is not in the resolved config`).toBeTypeOf('object');
    expect(agentProperties()[key], `agent.${key} is not in the JSON Schema`).toMatchObject({ description });
  });

  it('gives every section its own key, none of them a shared agent setting', () => {
    const keys = descriptors.flatMap(([, d]) => (d.settings === null ? [] : [d.settings.key]));
    expect(new Set(keys).size).toBe(keys.length);
    // The sections close the agent object, in registry order, after every shared setting (a key
    // that collides with one stops the config schema from being built at all).
    const properties = Object.keys(agentProperties());
    expect(properties.slice(properties.length - keys.length)).toEqual(keys);
  });
});

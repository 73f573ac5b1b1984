import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../../support/toy-repo.js';

// What `swarm` loads before it knows the command: the built entry and the chunks it imports
// statically (esbuild names each bundled file in a `// path` comment). `--version` is answered
// there, so no package belongs in it; every other command then imports the program chunk, where
// only commander and the command table belong: a static import of a renderer, the config, zod or
// the store would make every command compile them again.
const DYNAMIC_IMPORT = /await import\("(\.\/[^"]+)"\)/g;
const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s*"(\.\/[^"]+)"|^\s*import\s*"(\.\/[^"]+)"/gm;
const BARE_IMPORT = /^\s*import\s[^;]*?from\s*["']([^./][^"']*)["']/gm;
const BUNDLED_FILE = /^\/\/ (\S+\.(?:[cm]?js|ts))$/gm;
// What the start-up path must leave to the actions: renderers and every room behind the API
// (src/index.ts, whose functions load them when called); pure src/core may be bundled.
const EAGER = /src\/(cli\/render|config|config-assembly|store|app|export|agents|eval|web|workspace|process)\//;

const staticClosure = (entry: string): string[] => {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = match[1] ?? match[2];
      if (target !== undefined) visit(join(dirname(file), target));
    }
  };
  visit(entry);
  return [...seen];
};

describe('the CLI entry', () => {
  const files = staticClosure(CLI);
  const sources = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(BUNDLED_FILE)].map((m) => m[1] ?? ''));
  const packages = new Set(sources.flatMap((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? []));
  const bare = new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(BARE_IMPORT)].map((m) => m[1] ?? '')));

  it('bundles no package before --version is answered', () => {
    expect(sources.some((path) => path.endsWith('src/cli/main.ts'))).toBe(true);
    expect([...packages]).toEqual([]);
  });

  it('bundles commander and no other package before a command runs', () => {
    const entry = readFileSync(CLI, 'utf8');
    // The entry imports the program chunk, and the io-failure line only when a write fails.
    const program = [...entry.matchAll(DYNAMIC_IMPORT)].map((m) => join(dirname(CLI), m[1] ?? '')).filter((file) => /\/program-[^/]+\.js$/.test(file));
    expect(program).toHaveLength(1);
    const programFiles = staticClosure(program[0] ?? '');
    const programSources = programFiles.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(BUNDLED_FILE)].map((m) => m[1] ?? ''));
    expect(programSources.some((path) => path.endsWith('src/cli/program.ts'))).toBe(true);
    expect(new Set(programSources.flatMap((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? []))).toEqual(new Set(['commander']));
    const eager = programSources.filter((path) => EAGER.test(path));
    expect(eager).toEqual([]);
  });

  it('imports only Node built-ins from outside the bundle at start-up (no SQLite, no jsonc-parser)', () => {
    expect([...bare].filter((name) => !name.startsWith('node:'))).toEqual([]);
  });

  it('leaves renderers, config schemas, the store and the queries to the actions', () => {
    const eager = sources.filter((path) => EAGER.test(path));
    expect(eager).toEqual([]);
  });
});

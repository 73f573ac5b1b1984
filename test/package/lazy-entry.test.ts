import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../support/toy-repo.js';

// What every `swarm` command loads before its action runs: the built entry and the chunks it
// imports statically (esbuild names each bundled file in a `// path` comment). Only commander and
// the command table belong there; a static import of a renderer, the config, zod or the store
// would make `swarm --version` compile them again.
const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s*"(\.\/[^"]+)"|^\s*import\s*"(\.\/[^"]+)"/gm;
const BARE_IMPORT = /^\s*import\s[^;]*?from\s*["']([^./][^"']*)["']/gm;
const BUNDLED_FILE = /^\/\/ (\S+\.(?:[cm]?js|ts))$/gm;

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

  it('bundles commander and no other package before a command runs', () => {
    expect(sources.some((path) => path.endsWith('src/cli/main.ts'))).toBe(true);
    expect([...packages]).toEqual(['commander']);
  });

  it('imports only Node built-ins from outside the bundle at start-up (no SQLite, no jsonc-parser)', () => {
    expect([...bare].filter((name) => !name.startsWith('node:'))).toEqual([]);
  });

  it('leaves renderers, config schemas, the store and the queries to the actions', () => {
    const eager = sources.filter((path) => /src\/(cli\/render|config\/(?!duration)|store|app|export\/(?!graph-formats))/.test(path));
    expect(eager).toEqual([]);
  });
});

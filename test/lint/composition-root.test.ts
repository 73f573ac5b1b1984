import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The use-case entry modules of src/app that open the concrete adapters (the composition roots):
 * they name `SwarmStore` and `GitWorkspace` only to import and open them. Every other app module
 * gets a port from core/ports (`RunStore`, `RunQueries`, `StoreHandle`, `Workspace`).
 */
const COMPOSITION_ROOTS = [
  'src/app/evaluation/eval-here.ts',
  'src/app/evaluation/eval-protection.ts',
  'src/app/queries/run-progress.ts',
  'src/app/run/claim-run.ts',
  'src/app/run/driver-session.ts',
  'src/app/run/fresh-seed.ts',
  'src/app/run/run-search.ts',
  'src/app/diagnose/project-report.ts',
  'src/app/project/open-store.ts',
  'src/app/steer/spawn-attempt.ts',
  'src/app/steer/spawn-driver.ts',
];

const CONCRETE = /\b(SwarmStore|GitWorkspace)\b/g;

/** The source without comments, so a doc comment may name the adapters. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Whether the occurrence at `index` only imports or opens the adapter (never types anything on it). */
const opensOnly = (text: string, index: number, name: string): boolean => {
  const line = text.slice(text.lastIndexOf('\n', index) + 1, text.indexOf('\n', index) === -1 ? undefined : text.indexOf('\n', index));
  if (/^\s*import\s*\{[^}]*\}\s*from\s*'[^']*(store\/swarm-store|workspace\/index|workspace\/git-workspace)\.js';/.test(line) && !/^\s*import\s+type\b/.test(line)) return true;
  if (/^\s*const\s*\{[^}]*\}\s*=\s*await import\('[^']*(store\/swarm-store|workspace\/index|workspace\/git-workspace)\.js'\);/.test(line)) return true;
  return /^\.(open|openForDriver|openForReading)\(/.test(text.slice(index + name.length));
};

interface Source {
  file: string;
  text: string;
}

/** Each use of SwarmStore/GitWorkspace in src/app that breaks the rule, as `file: what`. */
const violations = (files: Source[], roots: readonly string[]): string[] => {
  const found: string[] = [];
  for (const { file, text } of files) {
    const source = code(text);
    for (const match of source.matchAll(CONCRETE)) {
      const name = match[1] ?? '';
      if (!roots.includes(file)) {
        found.push(`${file}: names ${name} outside the composition roots; type it on a port of core/ports`);
        break;
      }
      if (!opensOnly(source, match.index, name)) {
        const line = source.slice(0, match.index).split('\n').length;
        found.push(`${file}:${line}: uses ${name} as a type; the composition root only imports and opens it`);
      }
    }
  }
  return found;
};

const appSources = (): Source[] =>
  readdirSync(join(ROOT, 'src/app'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => posix.join('src/app', file.split('\\').join('/')))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

describe('the concrete store and workspace in src/app', () => {
  it('are opened only in the composition roots, and typed nowhere', () => {
    expect(violations(appSources(), COMPOSITION_ROOTS)).toEqual([]);
  });

  it('names only composition roots that exist and still open an adapter', () => {
    for (const file of COMPOSITION_ROOTS) {
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      expect(code(readFileSync(join(ROOT, file), 'utf8')), file).toMatch(/\b(SwarmStore|GitWorkspace)\.open/);
    }
  });

  it('refuses a use case typed on SwarmStore, a root that types on it, and lets a root open it', () => {
    const files = [
      { file: 'src/app/queries/a.ts', text: "import type { SwarmStore } from '../../store/swarm-store.js';\nexport const a = (s: SwarmStore) => s;" },
      { file: 'src/app/run/root.ts', text: "import { SwarmStore } from '../../store/swarm-store.js';\nconst s = SwarmStore.open('x');\nconst t: SwarmStore = s;" },
      { file: 'src/app/run/fine.ts', text: "import { GitWorkspace } from '../../workspace/index.js';\n// a GitWorkspace here\nconst w = await GitWorkspace.open('.');" },
      { file: 'src/app/run/lazy.ts', text: "const { GitWorkspace } = await import('../../workspace/index.js');\nconst w = await GitWorkspace.open('.');" },
    ];
    expect(violations(files, ['src/app/run/root.ts', 'src/app/run/fine.ts', 'src/app/run/lazy.ts'])).toEqual([
      'src/app/queries/a.ts: names SwarmStore outside the composition roots; type it on a port of core/ports',
      'src/app/run/root.ts:3: uses SwarmStore as a type; the composition root only imports and opens it',
    ]);
  });
});

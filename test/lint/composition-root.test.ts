import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The one composition root of swarm: `openProject` (app/project/open-project.ts) finds the project,
 * loads its config and opens its store, and hands out ports; it is the only module of `src` outside
 * the adapters themselves (`src/store`, `src/workspace`) that names `SwarmStore` or `GitWorkspace`,
 * and it only imports and opens them. Every command, `swarm eval`, the run driver and the spawn
 * driver go through it and get a port from core/ports (`RunStore`, `RunQueries`, `StoreHandle`,
 * `Workspace`).
 */
const COMPOSITION_ROOTS = ['src/app/project/open-project.ts'];

/**
 * The one exemption: `swarm status --json` (`cli/status-json-entry.ts` → `app/queries/status-json.ts`
 * → `store/status-json-reads.ts`) is a CommonJS bundle built without zod or commander, so that the
 * question an agent-Shepherd asks every few seconds answers in a few milliseconds; `SwarmStore`
 * validates its rows with zod, so that path reads the file through `openStatusJsonReads`, read-only,
 * and leaves anything it does not build to the full program. Only that module may call it.
 */
const STATUS_JSON_READER = 'src/app/queries/status-json.ts';

/** The folders of the adapters themselves, where the classes are defined and tested. */
const ADAPTERS = ['src/store/', 'src/workspace/'];

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

/** Each use of SwarmStore/GitWorkspace (or of the status --json reader) in src that breaks the rule, as `file: what`. */
const violations = (files: Source[], roots: readonly string[]): string[] => {
  const found: string[] = [];
  for (const { file, text } of files) {
    if (ADAPTERS.some((folder) => file.startsWith(folder))) continue;
    const source = code(text);
    if (file !== STATUS_JSON_READER && /\bopenStatusJsonReads\b/.test(source)) found.push(`${file}: opens the store through the status --json reader; open the project with openProject`);
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

const srcSources = (): Source[] =>
  readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.c?ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => posix.join('src', file.split('\\').join('/')))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

describe('the concrete store and workspace in src', () => {
  it('are opened only in the composition root, and typed nowhere', () => {
    expect(violations(srcSources(), COMPOSITION_ROOTS)).toEqual([]);
  });

  it('leave the status --json reader to the status --json path', () => {
    const users = srcSources().filter(({ file, text }) => !file.startsWith('src/store/') && /\bopenStatusJsonReads\b/.test(code(text))).map(({ file }) => file);
    expect(users).toEqual([STATUS_JSON_READER]);
  });

  it('names only a composition root that exists and still opens both adapters', () => {
    for (const file of COMPOSITION_ROOTS) {
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      expect(code(readFileSync(join(ROOT, file), 'utf8')), file).toMatch(/\bSwarmStore\.open/);
      expect(code(readFileSync(join(ROOT, file), 'utf8')), file).toMatch(/\bGitWorkspace\.open/);
    }
  });

  it('refuses a use case typed on SwarmStore, a root that types on it, a store opened outside src/app or by the status --json reader, and lets a root open it', () => {
    const files = [
      { file: 'src/app/queries/a.ts', text: "import type { SwarmStore } from '../../store/swarm-store.js';\nexport const a = (s: SwarmStore) => s;" },
      { file: 'src/app/run/root.ts', text: "import { SwarmStore } from '../../store/swarm-store.js';\nconst s = SwarmStore.open('x');\nconst t: SwarmStore = s;" },
      { file: 'src/app/run/fine.ts', text: "import { GitWorkspace } from '../../workspace/index.js';\n// a GitWorkspace here\nconst w = await GitWorkspace.open('.');" },
      { file: 'src/app/run/lazy.ts', text: "const { GitWorkspace } = await import('../../workspace/index.js');\nconst w = await GitWorkspace.open('.');" },
      { file: 'src/web/server.ts', text: "import { SwarmStore } from '../store/swarm-store.js';\nconst s = SwarmStore.openForReading('x');" },
      { file: 'src/app/queries/peek.ts', text: "import { openStatusJsonReads } from '../../store/status-json-reads.js';\nconst r = openStatusJsonReads('x');" },
      { file: 'src/store/report-queries.ts', text: "import type { SwarmStore } from './swarm-store.js';\nexport const q = (s: SwarmStore) => s;" },
    ];
    expect(violations(files, ['src/app/run/root.ts', 'src/app/run/fine.ts', 'src/app/run/lazy.ts'])).toEqual([
      'src/app/queries/a.ts: names SwarmStore outside the composition roots; type it on a port of core/ports',
      'src/app/run/root.ts:3: uses SwarmStore as a type; the composition root only imports and opens it',
      'src/web/server.ts: names SwarmStore outside the composition roots; type it on a port of core/ports',
      'src/app/queries/peek.ts: opens the store through the status --json reader; open the project with openProject',
    ]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Every relative import, type imports, re-exports, side-effect and dynamic imports included.
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

interface Source {
  file: string;
  text: string;
}

const sources = (dir: string): Source[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.c?ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => posix.join(dir, file.split('\\').join('/')))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

/** Each file's relative imports, as paths from the repository root (`.js` as written). */
const importsOf = ({ file, text }: Source): string[] =>
  [...text.matchAll(IMPORT)].map((match) => posix.normalize(posix.join(posix.dirname(file), match[1] ?? '')));

/**
 * The two folders an import between `from` and `to` pairs: the children of their deepest common
 * folder that hold each (sibling folders, or two top-level rooms); none when one folder holds the
 * other (a registry and its plugins, `cli` and `cli/commands`) or both are the same folder.
 */
const folderPair = (from: string, to: string): [string, string] | null => {
  const [a, b] = [from.split('/'), to.split('/')];
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
  if (common === a.length || common === b.length) return null;
  return [a.slice(0, common + 1).join('/'), b.slice(0, common + 1).join('/')];
};

/** Folder pairs that import each other (type imports included), with one import each way. */
const twoWayPairs = (files: Source[]): string[] => {
  const edges = new Map<string, string>();
  for (const source of files) {
    for (const target of importsOf(source)) {
      const pair = folderPair(posix.dirname(source.file), posix.dirname(target));
      if (pair === null) continue;
      const key = `${pair[0]} -> ${pair[1]}`;
      if (!edges.has(key)) edges.set(key, `${source.file} -> ${target}`);
    }
  }
  const pairs: string[] = [];
  for (const [key, example] of edges) {
    const [from = '', to = ''] = key.split(' -> ');
    const back = edges.get(`${to} -> ${from}`);
    if (from < to && back !== undefined) pairs.push(`${from} <-> ${to} (${example}; ${back})`);
  }
  return pairs;
};

/** The source file an import names (`./x.js` is `x.ts`, `./x.cjs` is `x.cts`), or null outside the sources. */
const resolveImport = (target: string, known: ReadonlySet<string>): string | null => {
  const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.cjs$/, '.cts'), `${target}.ts`, `${target}/index.ts`];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
};

/** The import cycles between files (type imports included): each strongly connected group of two or more files, sorted. */
const fileCycles = (files: Source[]): string[][] => {
  const known = new Set(files.map(({ file }) => file));
  const graph = new Map(files.map((source) => [source.file, importsOf(source).map((target) => resolveImport(target, known)).filter((file) => file !== null)]));
  // Tarjan's algorithm, iterative (a deep import chain must not overflow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ file: string; next: number }> = [{ file: start, next: 0 }];
    index.set(start, index.size);
    low.set(start, index.get(start) ?? 0);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame === undefined) break;
      const targets = graph.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next] ?? '';
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, index.size);
          low.set(target, index.get(target) ?? 0);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.file, Math.min(low.get(parent.file) ?? 0, low.get(frame.file) ?? 0));
      if (low.get(frame.file) !== index.get(frame.file)) continue;
      const group: string[] = [];
      for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
        onStack.delete(file);
        group.push(file);
        if (file === frame.file) break;
      }
      if (group.length > 1) cycles.push(group.sort());
    }
  }
  return cycles;
};

const SRC = sources('src');

describe('the import graph of src', () => {
  it('has no two folders that import each other', () => {
    expect(twoWayPairs(SRC)).toEqual([]);
  });

  it('has no import cycle between files, type imports included', () => {
    expect(fileCycles(SRC)).toEqual([]);
  });

  it('keeps src/config below the plugins: it imports no registry and no backend or runner', () => {
    const upward = SRC.filter(({ file }) => file.startsWith('src/config/'))
      .flatMap((source) => importsOf(source).filter((target) => /^src\/(agents|eval)\//.test(target)).map((target) => `${source.file} -> ${target}`));
    expect(upward).toEqual([]);
  });

  it('names a pair that does, with an import each way', () => {
    const files = [
      { file: 'src/app/run/a.ts', text: "import { b } from '../attempt/b.js';" },
      { file: 'src/app/attempt/b.ts', text: "import type { A } from '../run/a.js';" },
      { file: 'src/app/attempt/c.ts', text: "import { d } from '../context/d.js';" },
    ];
    expect(twoWayPairs(files)).toEqual(['src/app/attempt <-> src/app/run (src/app/attempt/b.ts -> src/app/run/a.js; src/app/run/a.ts -> src/app/attempt/b.js)']);
  });

  it('pairs nested folders by the children of their common folder, and exempts a folder and its own subfolders', () => {
    const files = [
      { file: 'src/app/setup/diagnose/check.ts', text: "import { e } from '../../evaluation/e.js';" },
      { file: 'src/app/evaluation/e.ts', text: "import { p } from '../setup/paths.js';" },
      { file: 'src/agents/registry.ts', text: "export { codex } from './codex/index.js';" },
      { file: 'src/agents/codex/index.ts', text: "import type { D } from '../backend-descriptor.js';" },
      { file: 'src/config/schema.ts', text: "import type { R } from '../agents/registry.js';" },
      { file: 'src/agents/codex/settings.ts', text: "import type { int } from '../../config/schema.js';" },
    ];
    expect(twoWayPairs(files)).toEqual([
      'src/app/evaluation <-> src/app/setup (src/app/evaluation/e.ts -> src/app/setup/paths.js; src/app/setup/diagnose/check.ts -> src/app/evaluation/e.js)',
      'src/agents <-> src/config (src/agents/codex/settings.ts -> src/config/schema.js; src/config/schema.ts -> src/agents/registry.js)',
    ]);
  });

  it('finds a file cycle closed by a type import, and nothing in a chain', () => {
    const files = [
      { file: 'src/store/swarm-store.ts', text: "import { ReportQueries } from './report-queries.js';" },
      { file: 'src/store/report-queries.ts', text: "import { rows } from './report-rows.js';\nimport type { SwarmStore } from './swarm-store.js';" },
      { file: 'src/store/report-rows.ts', text: "import type { Db } from './open-database.js';" },
      { file: 'src/store/open-database.ts', text: '' },
    ];
    expect(fileCycles(files)).toEqual([['src/store/report-queries.ts', 'src/store/swarm-store.ts']]);
    expect(fileCycles(files.slice(2))).toEqual([]);
  });
});

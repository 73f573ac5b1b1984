import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const IMPORT = /(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

interface Source {
  file: string;
  text: string;
}

const sources = (dir: string): Source[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => posix.join(dir, file.split('\\').join('/')))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

/** Folder pairs (by the folder each file sits in) that import each other, with one import each way. */
const twoWayPairs = (files: Source[]): string[] => {
  const edges = new Map<string, string>();
  for (const { file, text } of files) {
    for (const match of text.matchAll(IMPORT)) {
      const target = posix.normalize(posix.join(posix.dirname(file), match[1] ?? ''));
      const [from, to] = [posix.dirname(file), posix.dirname(target)];
      if (from !== to && !edges.has(`${from} -> ${to}`)) edges.set(`${from} -> ${to}`, `${file} -> ${target}`);
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

describe('the import graph of src/app and src/core', () => {
  it('has no two folders that import each other', () => {
    expect(twoWayPairs([...sources('src/app'), ...sources('src/core')])).toEqual([]);
  });

  it('names a pair that does, with an import each way', () => {
    const files = [
      { file: 'src/app/run/a.ts', text: "import { b } from '../attempt/b.js';" },
      { file: 'src/app/attempt/b.ts', text: "import type { A } from '../run/a.js';" },
      { file: 'src/app/attempt/c.ts', text: "import { d } from '../context/d.js';" },
    ];
    expect(twoWayPairs(files)).toEqual(['src/app/attempt <-> src/app/run (src/app/attempt/b.ts -> src/app/run/a.js; src/app/run/a.ts -> src/app/attempt/b.js)']);
  });
});

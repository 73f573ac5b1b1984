import { open, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type EvolveSource, toEvolveSource } from './plan-mutation.js';
import { solutionScope } from './solution-scope.js';

const SKIPPED_NAMES = new Set(['.git', 'node_modules', '.swarm', 'findings.md', '__pycache__', '.venv', 'venv']);
const MAX_BYTES = 1024 * 1024;
const SNIFF_BYTES = 8192;

const looksBinary = async (path: string): Promise<boolean> => {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
};

const walk = async (root: string, relDir: string, out: string[]): Promise<void> => {
  const entries = await readdir(join(root, relDir), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (SKIPPED_NAMES.has(entry.name)) continue;
    const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
    if (entry.isDirectory()) await walk(root, rel, out);
    else if (entry.isFile()) out.push(rel);
  }
};

/**
 * Reads the text files of the worktree the agent evolves (sorted by path, so a seed always sees
 * the same order): those with an EVOLVE-BLOCK, and with `solutionFiles` set only those files (a
 * named solution file without markers is evolved as a whole). Skips .git, node_modules, .swarm,
 * findings.md, Python caches and virtualenvs, symlinks, files over 1 MB and binary files.
 */
export const collectSources = async (worktree: string, solutionFiles: readonly string[] = []): Promise<EvolveSource[]> => {
  const scope = solutionScope(solutionFiles);
  const paths: string[] = [];
  await walk(worktree, '', paths);
  const sources: EvolveSource[] = [];
  for (const rel of paths.filter((path) => scope.allows(path))) {
    const absolute = join(worktree, rel);
    if ((await stat(absolute)).size > MAX_BYTES || (await looksBinary(absolute))) continue;
    const text = await readFile(absolute, 'utf8');
    const wholeFile = scope.wholeFileWhenUnmarked(rel);
    if (!wholeFile && !text.includes('EVOLVE-BLOCK-START')) continue;
    const source = toEvolveSource(rel, text, wholeFile);
    if (source.regionCount > 0) sources.push(source);
  }
  return sources;
};

/** Writes new texts of files (relative paths) into the worktree. */
export const writeTexts = async (worktree: string, texts: ReadonlyMap<string, string>): Promise<void> => {
  for (const [rel, text] of texts) await writeFile(join(worktree, rel), text, 'utf8');
};

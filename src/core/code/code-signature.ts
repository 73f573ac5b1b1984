import { findRegions } from './evolve-regions.js';

/**
 * Where and which way a program differs from the run's baseline, per file: the changed sites of
 * its EVOLVE-BLOCKs (of the whole file when it has none). A site is `<block>:<line>.<token>` with
 * `+` or `-` for a number that went up or down, `*` for a string literal that changed; a line
 * whose code around its literals changed is `<block>:<line>~`, a block whose length changed
 * `<block>~`. Programs with equal signatures changed the same places the same way, whatever the
 * sizes of the moves: a behavior descriptor read from the code, for niches without an oracle.
 */
export type CodeSignature = Record<string, string[]>;

/** A string literal (group 1) or a number that is not part of a name (group 2). */
const TOKEN = /('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")|((?<![\w.$])(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w.]))/g;

interface LineTokens {
  skeleton: string;
  tokens: Array<{ text: string; number: boolean }>;
}

const tokenize = (line: string): LineTokens => {
  const tokens: LineTokens['tokens'] = [];
  const skeleton = line.replace(TOKEN, (match: string, text: string | undefined) => {
    tokens.push({ text: match, number: text === undefined });
    return text === undefined ? '#' : '$';
  });
  return { skeleton: skeleton.replace(/\s+/g, ''), tokens };
};

const lineSites = (before: string, after: string, site: string): string[] => {
  if (before === after) return [];
  const old = tokenize(before);
  const now = tokenize(after);
  if (old.skeleton !== now.skeleton) return [`${site}~`];
  return now.tokens.flatMap((token, j) => {
    const previous = old.tokens[j];
    if (previous === undefined || previous.text === token.text) return [];
    if (!token.number) return [`${site}.${j + 1}*`];
    const moved = Number(token.text) - Number(previous.text);
    return moved === 0 ? [] : [`${site}.${j + 1}${moved > 0 ? '+' : '-'}`];
  });
};

const blockSites = (before: string, after: string, block: number): string[] => {
  if (before === after) return [];
  const old = before.split('\n');
  const now = after.split('\n');
  if (old.length !== now.length) return [`${block}~`];
  return now.flatMap((line, i) => lineSites(old[i] ?? '', line, `${block}:${i + 1}`));
};

/** The bodies of a file's EVOLVE-BLOCKs, or the whole file when it has none. */
const blocksOf = (text: string): string[] => {
  const regions = findRegions(text);
  return regions.length === 0 ? [text] : regions.map((r) => text.slice(r.bodyStart, r.bodyEnd));
};

/** The sites of one file (`added` or `deleted` when it exists on one side only; `blocks~` when its block count changed). */
export const fileSignature = (baseline: string | null, head: string | null): string[] => {
  if (baseline === head) return [];
  if (baseline === null) return ['added'];
  if (head === null) return ['deleted'];
  const old = blocksOf(baseline);
  const now = blocksOf(head);
  if (old.length !== now.length) return ['blocks~'];
  return now.flatMap((body, i) => blockSites(old[i] ?? '', body, i + 1));
};

/** The signature of a program given the baseline's and the program's text of each file that may differ. */
export const codeSignature = (files: ReadonlyArray<{ path: string; baseline: string | null; head: string | null }>): CodeSignature => {
  const signature: CodeSignature = {};
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const sites = fileSignature(file.baseline, file.head);
    if (sites.length > 0) signature[file.path] = sites;
  }
  return signature;
};

/** One line naming a signature (`design.js 1:2.1+ 1:3.1-`; empty when the code equals the baseline's where it counts). */
export const signatureKey = (signature: CodeSignature): string =>
  Object.keys(signature)
    .sort()
    .map((path) => `${path} ${(signature[path] ?? []).join(' ')}`)
    .join('; ');

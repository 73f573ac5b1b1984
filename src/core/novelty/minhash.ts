/**
 * Near-duplicate programs without a model: normalized token shingles, summarized by MinHash, whose
 * agreement estimates the Jaccard similarity of two programs' shingle sets (Broder 1997). Pure:
 * the caller reads the files and strips their comments.
 */

/** Hash functions of a signature: the estimate's standard error is about 1/sqrt(128) ≈ 0.09 / 2 near 0.9. */
export const SIGNATURE_SIZE = 128;
/** Tokens per shingle. */
export const SHINGLE = 4;

/** Identifiers, numbers and single punctuation characters; whitespace and layout are not tokens. */
const TOKEN = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\S/g;

export const tokenize = (text: string): string[] => text.match(TOKEN) ?? [];

const fnv1a = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** A 32-bit finalizer (murmur3's): one seeded mix per hash function of the family. */
const mix = (value: number, seed: number): number => {
  let h = (value ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

const SEEDS = Array.from({ length: SIGNATURE_SIZE }, (_, i) => mix(i + 1, 0x9e3779b9));

/**
 * The MinHash signature of one file: the minimum of each hash function over its token shingles,
 * salted with the file's path (so the signature of a program, the element-wise minimum over its
 * files, is the signature of the union of their shingles). A file shorter than a shingle is one.
 */
export const fileSignature = (path: string, text: string): Uint32Array => {
  const tokens = tokenize(text);
  const signature = new Uint32Array(SIGNATURE_SIZE).fill(0xffffffff);
  const count = Math.max(1, tokens.length - SHINGLE + 1);
  for (let i = 0; i < count; i++) {
    const shingle = fnv1a(`${path}\u0000${tokens.slice(i, i + SHINGLE).join('\u0001')}`);
    for (let k = 0; k < SIGNATURE_SIZE; k++) {
      const h = mix(shingle, SEEDS[k] ?? 0);
      if (h < (signature[k] ?? 0)) signature[k] = h;
    }
  }
  return signature;
};

/** The signature of several files together (the union of their shingles). */
export const unionSignature = (signatures: readonly Uint32Array[]): Uint32Array => {
  const out = new Uint32Array(SIGNATURE_SIZE).fill(0xffffffff);
  for (const s of signatures) for (let k = 0; k < SIGNATURE_SIZE; k++) if ((s[k] ?? 0) < (out[k] ?? 0)) out[k] = s[k] ?? 0;
  return out;
};

/** The estimated Jaccard similarity of two signatures: the share of hash functions whose minima agree. */
export const similarity = (a: Uint32Array, b: Uint32Array): number => {
  let same = 0;
  for (let k = 0; k < SIGNATURE_SIZE; k++) if (a[k] === b[k]) same++;
  return same / SIGNATURE_SIZE;
};

/** A program as the index keeps it: its own version of each file it changed against the baseline. */
export interface IndexedProgram {
  id: string;
  files: ReadonlyMap<string, Uint32Array>;
}

/**
 * The most similar indexed program to `candidate`, over the files either of them changed (a file
 * one of them left alone is the baseline's), when its similarity is at least `threshold`; else null.
 * Ties go to the earlier program. Linear in the programs evaluated, a few files each.
 */
export const nearestProgram = (
  candidate: IndexedProgram,
  programs: readonly IndexedProgram[],
  baseline: (path: string) => Uint32Array,
  threshold: number,
): { id: string; similarity: number } | null => {
  let best: { id: string; similarity: number } | null = null;
  for (const program of programs) {
    const paths = new Set([...candidate.files.keys(), ...program.files.keys()]);
    if (paths.size === 0) continue;
    const version = (p: IndexedProgram): Uint32Array => unionSignature([...paths].map((path) => p.files.get(path) ?? baseline(path)));
    const score = similarity(version(candidate), version(program));
    if (score >= threshold && (best === null || score > best.similarity)) best = { id: program.id, similarity: score };
  }
  return best;
};

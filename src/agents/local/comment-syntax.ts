/** How comments and multi-line strings look in a file, so numbers inside them are left alone. */
export interface CommentSyntax {
  /** Line comment openers. */
  line: readonly string[];
  /** Block comments as [open, close]. */
  block: ReadonlyArray<readonly [string, string]>;
  /** Python-style `"""` / `'''` strings. */
  tripleQuotes: boolean;
  /** When true, a line opener only counts when followed by whitespace or the end of the line. */
  strictLineOpeners: boolean;
}

const C_LIKE: CommentSyntax = { line: ['//'], block: [['/*', '*/']], tripleQuotes: false, strictLineOpeners: false };
const HASH: CommentSyntax = { line: ['#'], block: [], tripleQuotes: false, strictLineOpeners: false };
const PYTHON: CommentSyntax = { ...HASH, tripleQuotes: true };
const DASH: CommentSyntax = { line: ['--'], block: [['--[[', ']]'], ['/*', '*/'], ['{-', '-}']], tripleQuotes: false, strictLineOpeners: false };
/** Unknown languages: every common opener, but only in the unambiguous `// note` form. */
const ANY: CommentSyntax = { line: ['//', '#', '--'], block: [['/*', '*/']], tripleQuotes: true, strictLineOpeners: true };

const BY_EXTENSION: Record<string, CommentSyntax> = {
  js: C_LIKE, mjs: C_LIKE, cjs: C_LIKE, ts: C_LIKE, mts: C_LIKE, cts: C_LIKE, tsx: C_LIKE, jsx: C_LIKE,
  c: C_LIKE, h: C_LIKE, cc: C_LIKE, cpp: C_LIKE, cxx: C_LIKE, hpp: C_LIKE, cu: C_LIKE, cuh: C_LIKE,
  java: C_LIKE, kt: C_LIKE, scala: C_LIKE, go: C_LIKE, rs: C_LIKE, swift: C_LIKE, cs: C_LIKE, dart: C_LIKE, zig: C_LIKE,
  py: PYTHON, pyx: PYTHON, sh: HASH, bash: HASH, rb: HASH, pl: HASH, r: HASH, jl: HASH, nim: HASH,
  toml: HASH, yaml: HASH, yml: HASH, cfg: HASH, conf: HASH,
  lua: DASH, sql: DASH, hs: DASH,
};

/** Picks the comment syntax from a file name's extension; unknown files get a cautious mix. */
export const commentSyntaxFor = (fileName: string): CommentSyntax => {
  const dot = fileName.lastIndexOf('.');
  const extension = dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
  return BY_EXTENSION[extension] ?? ANY;
};

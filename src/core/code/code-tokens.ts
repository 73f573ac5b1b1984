/**
 * Exact token streams of source files, per language: what a program means to its compiler or
 * interpreter with comments left out. Two versions of a file with equal streams differ only in
 * comments and in whitespace that cannot change what the program does, so an attempt that made
 * only such a change may reuse its parent's evaluation (docs/objectives.md, "Only real
 * improvements are crowned"). Where a language's rules are not followed exactly here, the
 * tokenizer answers null rather than guess.
 */

interface Language {
  /** Line comment opener. */
  line: '//' | '#' | null;
  /** `#` opens a comment only at a word's start (the shell's `$#`, `${x#y}`; YAML's `a#b`). */
  hashAtWordStart: boolean;
  /** Block comments `/* … *\/`, nested where the language nests them (Rust). */
  block: 'none' | 'flat' | 'nested';
  /** Quote characters that open a string; `'''`/`"""` also open a multi-line one (Python, TOML). */
  quotes: string;
  /** Of those, the quotes whose strings know no backslash escapes (shell and TOML `'`, Go's backquote). */
  rawQuotes: string;
  /** Whether a quoted string may span lines (shell, YAML). */
  multiLineQuotes: boolean;
  tripleQuotes: boolean;
  /** JavaScript: template literals and regular expression literals. */
  js: boolean;
  /** C-like: `'x'` is a character literal only when short (a Rust lifetime `'a` is not). */
  charLiterals: boolean;
  /** Rust's r#"…"# and C++'s R"d(…)d" raw strings. */
  rawStrings: boolean;
  /** Whether a line's indentation is part of its meaning (Python, YAML). */
  indentation: boolean;
  /** A construct this scanner does not follow (shell heredocs, YAML block scalars): no stream. */
  unsupported: RegExp | null;
}

const JS: Language = { line: '//', hashAtWordStart: false, block: 'flat', quotes: '\'"', rawQuotes: '', multiLineQuotes: false, tripleQuotes: false, js: true, charLiterals: false, rawStrings: false, indentation: false, unsupported: null };
const C: Language = { ...JS, quotes: '"', js: false, charLiterals: true, rawStrings: true };
const GO: Language = { ...C, quotes: '"`', rawQuotes: '`', rawStrings: false };
const RUST: Language = { ...C, block: 'nested' };
const PYTHON: Language = { line: '#', hashAtWordStart: false, block: 'none', quotes: '\'"', rawQuotes: '', multiLineQuotes: false, tripleQuotes: true, js: false, charLiterals: false, rawStrings: false, indentation: true, unsupported: null };
const SHELL: Language = { ...PYTHON, hashAtWordStart: true, quotes: '\'"`', rawQuotes: '\'', multiLineQuotes: true, tripleQuotes: false, indentation: false, unsupported: /<</ };
const YAML: Language = { ...SHELL, quotes: '\'"', indentation: true, unsupported: /(?:^|[:-]\s*)[|>][-+0-9]*\s*(?:#.*)?$/m };
const TOML: Language = { ...PYTHON, rawQuotes: '\'', indentation: false };

const BY_EXTENSION: Record<string, Language> = {
  js: JS, mjs: JS, cjs: JS, jsx: JS, ts: JS, mts: JS, cts: JS, tsx: JS,
  c: C, h: C, cc: C, cpp: C, cxx: C, hpp: C, hh: C, hxx: C, cu: C, cuh: C, java: C, go: GO, rs: RUST,
  py: PYTHON, pyi: PYTHON, sh: SHELL, bash: SHELL, zsh: SHELL, yaml: YAML, yml: YAML, toml: TOML,
};

const languageOf = (fileName: string): Language | null => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? null : (BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null);
};

/** Reserved words after which `/` starts a regular expression. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
const WORD = /[\p{L}\p{N}_$]/u;

class Untokenizable extends Error {}

/** The end (exclusive) of a quoted string starting at `i` with `quote` (`'''` etc.); backslash escapes except in shell single quotes. */
const stringEnd = (text: string, i: number, quote: string, escapes: boolean, stopAtNewline: boolean): number => {
  let j = i + quote.length;
  while (j < text.length) {
    if (text.startsWith(quote, j)) return j + quote.length;
    const c = text[j];
    if (escapes && c === '\\') j += 2;
    else if (stopAtNewline && c === '\n') throw new Untokenizable('unterminated string');
    else j++;
  }
  throw new Untokenizable('unterminated string');
};

/** The end of a JavaScript template literal at `i`, `${…}` expressions (with their own strings) included. */
const templateEnd = (text: string, i: number): number => {
  let j = i + 1;
  while (j < text.length) {
    const c = text[j];
    if (c === '\\') j += 2;
    else if (c === '`') return j + 1;
    else if (c === '$' && text[j + 1] === '{') {
      let depth = 1;
      j += 2;
      while (j < text.length && depth > 0) {
        const d = text[j] ?? '';
        if (d === '{') depth++;
        else if (d === '}') depth--;
        if (d === '`') j = templateEnd(text, j);
        else if (d === '"' || d === '\'') j = stringEnd(text, j, d, true, true);
        else j++;
      }
    } else j++;
  }
  throw new Untokenizable('unterminated template');
};

/** The end of a regular expression literal at `i` (classes and escapes followed), flags included. */
const regexEnd = (text: string, i: number): number => {
  let j = i + 1;
  let inClass = false;
  while (j < text.length) {
    const c = text[j];
    if (c === '\n') throw new Untokenizable('unterminated regular expression');
    if (c === '\\') j += 2;
    else if (c === '[' || c === ']') {
      inClass = c === '[';
      j++;
    } else if (c === '/' && !inClass) {
      j++;
      while (j < text.length && WORD.test(text[j] ?? '')) j++;
      return j;
    } else j++;
  }
  throw new Untokenizable('unterminated regular expression');
};

/** The end of a block comment at `i`, nested ones counted where the language nests them. */
const blockEnd = (text: string, i: number, nested: boolean): number => {
  let depth = 1;
  let j = i + 2;
  while (j < text.length) {
    if (text.startsWith('*/', j)) {
      depth--;
      j += 2;
      if (depth === 0 || !nested) return j;
    } else if (nested && text.startsWith('/*', j)) {
      depth++;
      j += 2;
    } else j++;
  }
  throw new Untokenizable('unterminated block comment');
};

/** Raw strings after a word: Rust `r#"…"#` (and `br`), C++ `R"d(…)d"`; the end, or null when none starts here. */
const rawStringEnd = (text: string, word: string, j: number): number | null => {
  if (/^b?r$/.test(word) && /^#*"/.test(text.slice(j, j + 260))) {
    const hashes = /^#*/.exec(text.slice(j))?.[0] ?? '';
    const end = text.indexOf(`"${hashes}`, j + hashes.length + 1);
    if (end < 0) throw new Untokenizable('unterminated raw string');
    return end + 1 + hashes.length;
  }
  if (/^(?:u8|u|U|L)?R$/.test(word) && text[j] === '"') {
    const open = text.indexOf('(', j);
    if (open < 0 || open - j > 17) return null;
    const end = text.indexOf(`)${text.slice(j + 1, open)}"`, open);
    if (end < 0) throw new Untokenizable('unterminated raw string');
    return end + (open - j - 1) + 2;
  }
  return null;
};

/**
 * The tokens of `text` as the language of `fileName` reads them, with comments left out and each
 * run of whitespace between tokens kept as one separator: a line break (with the next line's
 * indentation where indentation means something), else a space. Null for a language it does not
 * know or a file it cannot read exactly.
 */
export const codeTokens = (fileName: string, text: string): string[] | null => {
  const lang = languageOf(fileName);
  if (lang === null || (lang.unsupported !== null && lang.unsupported.test(text))) return null;
  try {
    return scan(lang, text);
  } catch (error) {
    if (error instanceof Untokenizable) return null;
    throw error;
  }
};

const scan = (lang: Language, text: string): string[] => {
  const tokens: string[] = [];
  let gap = '';
  let lineStart = 0;
  const last: { token: string | null } = { token: null };
  const push = (token: string, at: number): void => {
    if (tokens.length > 0 && gap !== '') tokens.push(gap === '\n' && lang.indentation ? `\n${/^[ \t]*/.exec(text.slice(lineStart, at))?.[0] ?? ''}` : gap);
    tokens.push(token);
    last.token = token;
    gap = '';
  };
  const space = (kind: ' ' | '\n'): void => {
    if (kind === '\n' || gap === '') gap = kind;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (c === '\n') {
      space('\n');
      lineStart = ++i;
    } else if (/\s/.test(c)) {
      space(' ');
      i++;
    } else if (lang.line === '//' && text.startsWith('//', i)) {
      space(' ');
      while (i < text.length && text[i] !== '\n') i++;
    } else if (lang.line === '#' && c === '#' && (!lang.hashAtWordStart || i === 0 || /[\s;&|()]/.test(text[i - 1] ?? ''))) {
      space(' ');
      while (i < text.length && text[i] !== '\n') i++;
    } else if (lang.block !== 'none' && text.startsWith('/*', i)) {
      const end = blockEnd(text, i, lang.block === 'nested');
      const comment = text.slice(i, end);
      space(comment.includes('\n') ? '\n' : ' ');
      if (comment.includes('\n')) lineStart = i + comment.lastIndexOf('\n') + 1;
      i = end;
    } else if (lang.tripleQuotes && (text.startsWith('"""', i) || text.startsWith('\'\'\'', i))) {
      const end = stringEnd(text, i, text.slice(i, i + 3), true, false);
      push(text.slice(i, end), i);
      i = end;
    } else if (lang.quotes.includes(c)) {
      const end = stringEnd(text, i, c, !lang.rawQuotes.includes(c), !lang.multiLineQuotes && !lang.rawQuotes.includes(c));
      push(text.slice(i, end), i);
      i = end;
    } else if (lang.js && c === '`') {
      const end = templateEnd(text, i);
      push(text.slice(i, end), i);
      i = end;
    } else if (lang.charLiterals && c === '\'') {
      const literal = /^'(?:\\[^\n]{1,9}?|[^\\'\n]{1,2})'/u.exec(text.slice(i, i + 12))?.[0];
      push(literal ?? c, i);
      i += literal?.length ?? 1;
    } else if (lang.js && c === '/' && regexAllowed(last.token)) {
      const end = regexEnd(text, i);
      push(text.slice(i, end), i);
      i = end;
    } else if (WORD.test(c)) {
      let j = i;
      while (j < text.length && WORD.test(text[j] ?? '')) j++;
      const word = text.slice(i, j);
      const raw = lang.rawStrings ? rawStringEnd(text, word, j) : null;
      push(text.slice(i, raw ?? j), i);
      i = raw ?? j;
    } else {
      push(c, i);
      i++;
    }
  }
  return tokens;
};

/** Whether a `/` after `previous` opens a regular expression rather than dividing. */
const regexAllowed = (previous: string | null): boolean => {
  if (previous === null) return true;
  if (WORD.test(previous[0] ?? '')) return BEFORE_REGEX.has(previous);
  return !/^[)\]}'"`]/.test(previous) && !(previous.startsWith('/') && previous.length > 1);
};

/** True when both versions have token streams and they are equal: a change of comments and layout only. */
export const sameTokens = (fileName: string, before: string, after: string): boolean | null => {
  const a = codeTokens(fileName, before);
  const b = codeTokens(fileName, after);
  if (a === null || b === null) return null;
  return a.length === b.length && a.every((token, i) => token === b[i]);
};

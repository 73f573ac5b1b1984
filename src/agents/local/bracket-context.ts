/**
 * Which brackets a scan of code is inside, so literals whose change breaks the program rather than
 * tuning it are left alone: an index or slice bound (`a[0]`, `a[1:3]`, `a[-1]`), a `range()`
 * argument (a count: `range(3)` over three points), and anything nested in either.
 */
type Bracket = 'subscript' | 'list' | 'range' | 'paren' | 'brace';

/** Words after which `[` opens a list display, not a subscript (`return [1, 2]`, `x in [3, 4]`). */
const LIST_AFTER_WORDS = new Set([
  'return', 'in', 'and', 'or', 'not', 'else', 'if', 'elif', 'while', 'yield', 'lambda', 'await', 'case', 'of',
  'typeof', 'throw', 'do', 'then', 'is', 'assert', 'from', 'import', 'with', 'as', 'new', 'print',
]);
const RANGE_WORDS = new Set(['range', 'xrange']);
const WORD = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

export interface BracketContext {
  /** Feeds one punctuation character (a bracket opens or closes; anything else is ignored). */
  feed(char: string, previous: string): void;
  /** True inside an index or slice, or inside the arguments of `range()`. */
  structural(): boolean;
}

/**
 * A bracket stack over one region. `previous` is the scanner's last token: a word, a punctuation
 * character, `'string'` after a string literal or `'0'` after a number.
 */
export const createBracketContext = (): BracketContext => {
  const stack: Bracket[] = [];
  return {
    feed: (char, previous) => {
      if (char === '[') stack.push(opensSubscript(previous) ? 'subscript' : 'list');
      else if (char === '(') stack.push(RANGE_WORDS.has(previous) ? 'range' : 'paren');
      else if (char === '{') stack.push('brace');
      else if (char === ']' || char === ')' || char === '}') stack.pop();
    },
    structural: () => stack.some((bracket) => bracket === 'subscript' || bracket === 'range'),
  };
};

/** `[` after an operand (a name, a call's `)`, a subscript's `]`, a string) indexes it. */
const opensSubscript = (previous: string): boolean =>
  previous === ')' || previous === ']' || previous === 'string' || (WORD.test(previous) && !LIST_AFTER_WORDS.has(previous));

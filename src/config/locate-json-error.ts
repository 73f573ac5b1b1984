export interface JsonErrorLocation {
  line: number;
  column: number;
  reason: string;
}

class JsonSyntaxProblem {
  constructor(readonly offset: number, readonly reason: string) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'] as const;

const unexpected = (text: string, at: number): JsonSyntaxProblem =>
  new JsonSyntaxProblem(at, at >= text.length ? 'unexpected end of file' : `unexpected ${JSON.stringify(text[at])}`);

// A strict JSON scanner used only after JSON.parse failed: Node 20's messages often lack a position.
const scan = (text: string): void => {
  let at = 0;
  const skipSpace = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at += 1;
  };
  const expect = (char: string, what: string): void => {
    skipSpace();
    if (text[at] !== char) throw new JsonSyntaxProblem(at, `expected ${what}, got ${unexpected(text, at).reason.replace('unexpected ', '')}`);
    at += 1;
  };
  const string = (): void => {
    at += 1;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new JsonSyntaxProblem(at, 'unterminated string');
      if (char === '"') { at += 1; return; }
      if (char < ' ') throw new JsonSyntaxProblem(at, 'line break or control character inside a string');
      at += char === '\\' ? 2 : 1;
    }
  };
  const value = (): void => {
    skipSpace();
    const char = text[at];
    if (char === '"') return string();
    if (char === '{' || char === '[') return container(char);
    NUMBER.lastIndex = at;
    if (NUMBER.test(text)) { at = NUMBER.lastIndex; return; }
    const literal = LITERALS.find((word) => text.startsWith(word, at));
    if (literal === undefined) throw unexpected(text, at);
    at += literal.length;
  };
  const container = (open: '{' | '['): void => {
    const close = open === '{' ? '}' : ']';
    at += 1;
    skipSpace();
    if (text[at] === close) { at += 1; return; }
    for (;;) {
      if (open === '{') {
        skipSpace();
        if (text[at] === close) throw new JsonSyntaxProblem(at, 'trailing comma before "}"');
        if (text[at] !== '"') throw new JsonSyntaxProblem(at, `expected a double-quoted key, got ${unexpected(text, at).reason.replace('unexpected ', '')}`);
        string();
        expect(':', '":"');
      }
      skipSpace();
      if (open === '[' && text[at] === close) throw new JsonSyntaxProblem(at, 'trailing comma before "]"');
      value();
      skipSpace();
      if (text[at] === close) { at += 1; return; }
      expect(',', `"," or "${close}"`);
    }
  };
  value();
  skipSpace();
  if (at < text.length) throw new JsonSyntaxProblem(at, `unexpected ${JSON.stringify(text[at])} after the end of the JSON value`);
};

/** Where and why `text` is not valid JSON (1-based line and column), or null when it is valid. */
export const locateJsonError = (text: string): JsonErrorLocation | null => {
  try {
    scan(text);
    return null;
  } catch (problem) {
    if (!(problem instanceof JsonSyntaxProblem)) throw problem;
    const before = text.slice(0, problem.offset);
    const line = before.split('\n').length;
    const column = problem.offset - (before.lastIndexOf('\n') + 1) + 1;
    return { line, column, reason: problem.reason };
  }
};

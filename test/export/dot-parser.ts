/**
 * A strict little parser for the subset of DOT that graphToDot emits, so that tests check real
 * syntax (quoting, escapes, statement shape) without the Graphviz binary.
 */
export interface DotGraph {
  name: string;
  defaults: Map<string, Map<string, string>>;
  nodes: Map<string, Map<string, string>>;
  edges: Array<{ from: string; to: string; attrs: Map<string, string> }>;
}

type Token = { kind: 'id'; value: string; quoted: boolean } | { kind: 'punct'; value: string };

const tokenize = (text: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (/\s/.test(ch)) i += 1;
    else if (text.startsWith('->', i)) {
      tokens.push({ kind: 'punct', value: '->' });
      i += 2;
    } else if ('{}[]=,;'.includes(ch)) {
      tokens.push({ kind: 'punct', value: ch });
      i += 1;
    } else if (ch === '"') {
      let j = i + 1;
      let value = '';
      // In DOT only \" is an escape of the string itself; other backslashes stay for the label.
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\n') throw new Error(`raw newline inside string at ${j}`);
        if (text[j] === '\\' && j + 1 < text.length) {
          value += text.slice(j, j + 2);
          j += 2;
        } else {
          value += text[j];
          j += 1;
        }
      }
      if (j >= text.length) throw new Error(`unterminated string at ${i}`);
      tokens.push({ kind: 'id', value, quoted: true });
      i = j + 1;
    } else {
      const match = /^(?:[A-Za-z_][A-Za-z0-9_]*|-?(?:\.\d+|\d+(?:\.\d*)?))/.exec(text.slice(i));
      if (!match) throw new Error(`unexpected ${JSON.stringify(ch)} at ${i}`);
      tokens.push({ kind: 'id', value: match[0], quoted: false });
      i += match[0].length;
    }
  }
  return tokens;
};

/** Decodes the label escapes graphToDot uses (`\\`, `\"`, `\n`) back to text. */
export const decodeDotString = (raw: string): string =>
  raw.replace(/\\(.)/g, (_all, ch: string) => (ch === 'n' ? '\n' : ch));

/** Parses DOT text; throws with a position on anything outside the expected grammar. */
export const parseDot = (text: string): DotGraph => {
  const tokens = tokenize(text);
  let at = 0;
  const next = (): Token => {
    const token = tokens[at];
    if (!token) throw new Error('unexpected end of input');
    at += 1;
    return token;
  };
  const expect = (value: string): void => {
    const token = next();
    if (token.value !== value || token.kind !== 'punct') throw new Error(`expected ${value}, got ${token.value}`);
  };
  const id = (): string => {
    const token = next();
    if (token.kind !== 'id') throw new Error(`expected id, got ${token.value}`);
    return token.value;
  };
  const attrs = (): Map<string, string> => {
    const map = new Map<string, string>();
    expect('[');
    while (tokens[at]?.value !== ']') {
      const key = id();
      expect('=');
      map.set(key, id());
      if (tokens[at]?.value === ',') at += 1;
    }
    expect(']');
    return map;
  };

  const head = id();
  if (head !== 'digraph') throw new Error('expected digraph');
  const graph: DotGraph = { name: id(), defaults: new Map(), nodes: new Map(), edges: [] };
  expect('{');
  while (tokens[at]?.value !== '}') {
    const first = next();
    if (first.kind !== 'id') throw new Error(`statement starts with ${first.value}`);
    if (!first.quoted && ['graph', 'node', 'edge'].includes(first.value)) graph.defaults.set(first.value, attrs());
    else if (tokens[at]?.value === '->') {
      at += 1;
      const to = id();
      graph.edges.push({ from: first.value, to, attrs: attrs() });
    } else graph.nodes.set(first.value, attrs());
    expect(';');
  }
  expect('}');
  if (at !== tokens.length) throw new Error('content after closing brace');
  return graph;
};

import { describe, expect, it } from 'vitest';
import { codeTokens, sameTokens } from '../../../src/core/code/code-tokens.js';

describe('sameTokens: comments and layout only', () => {
  it('JS/TS: line, block and doc comments are left out; strings, templates and regexes are kept whole', () => {
    const before = 'const url = "http://x"; // keep\nconst re = /\\/\\*[^/]*/g;\nconst t = `a ${b /* not a comment */} c`;\nexport const f = (a) => a / 2 / 3;\n';
    const after = '/** Adds docs. */\nconst url = "http://x";\n// a new comment\nconst re = /\\/\\*[^/]*/g; /* trailing */\nconst t = `a ${b /* not a comment */} c`;\n\n\nexport const f = (a) => a / 2 / 3; // halves then thirds\n';
    expect(sameTokens('m.ts', before, after)).toBe(true);
    expect(sameTokens('m.ts', before, before.replace('http://x', 'http://y'))).toBe(false);
    expect(sameTokens('m.ts', before, before.replace('not a comment', 'changed'))).toBe(false);
    expect(sameTokens('m.js', 'let a = b\n+c', 'let a = b /* x */ +c')).toBe(false); // a line break can matter (ASI)
    expect(sameTokens('m.js', 'a = x + +y', 'a = x ++y')).toBe(false);
  });

  it('Python: indentation is meaning, docstrings are strings, `#` inside a string is not a comment', () => {
    const before = 'def f(x):\n    if x:\n        return 1\n    return "#2"\n';
    expect(sameTokens('p.py', before, '# header\ndef f(x):  # f\n    if x:\n        # one\n        return 1\n\n    return "#2"\n')).toBe(true);
    expect(sameTokens('p.py', before, 'def f(x):\n    if x:\n        return 1\n        return "#2"\n')).toBe(false);
    expect(sameTokens('p.py', before, 'def f(x):\n    """Doc."""\n    if x:\n        return 1\n    return "#2"\n')).toBe(false);
    expect(sameTokens('p.py', 's = """a\n# b\n"""\n', 's = """a\n# c\n"""\n')).toBe(false);
  });

  it('C-like: block comments (nested in Rust), character literals, raw strings', () => {
    expect(sameTokens('m.c', 'int a = \'/\';\nchar *s = "/* x */";\n', '/* top */\nint a = \'/\'; // slash\nchar *s = "/* x */";\n')).toBe(true);
    expect(sameTokens('m.rs', 'fn f<\'a>(x: &\'a str) -> u8 { 1 }\n', '/* outer /* inner */ still */\nfn f<\'a>(x: &\'a str) -> u8 { 1 } // one\n')).toBe(true);
    expect(sameTokens('m.rs', 'let s = r#"a // b"#;\n', 'let s = r#"a // c"#;\n')).toBe(false);
    expect(sameTokens('m.cpp', 'auto s = R"x(a // b)x";\n', 'auto s = R"x(a // c)x";\n')).toBe(false);
    expect(sameTokens('m.go', 'var s = `a // b`\n', 'var s = `a // c`\n')).toBe(false);
  });

  it('shell and YAML: `#` at a word start only, spacing kept; heredocs and block scalars are not read', () => {
    expect(sameTokens('run.sh', 'echo ${#x} a#b\nn=$#\n', '# count\necho ${#x} a#b # words\nn=$#\n')).toBe(true);
    expect(sameTokens('run.sh', 'a=b\n', 'a = b\n')).toBe(false);
    expect(sameTokens('run.sh', 'cat <<EOF\n# kept\nEOF\n', 'cat <<EOF\n# changed\nEOF\n')).toBeNull();
    expect(sameTokens('c.yaml', 'a:\n  b: 1 # one\n', 'a:\n  # note\n  b: 1\n')).toBe(true);
    expect(sameTokens('c.yaml', 'a:\n  b: 1\n', 'a:\nb: 1\n')).toBe(false);
    expect(sameTokens('c.yaml', 'run: |\n  echo # kept\n', 'run: |\n  echo # changed\n')).toBeNull();
  });

  it('knows no stream for an unknown language or an unterminated construct', () => {
    expect(codeTokens('data.csv', 'a,b')).toBeNull();
    expect(codeTokens('m.js', 'const s = "open\n')).toBeNull();
    expect(codeTokens('m.c', '/* never closed')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { NON_FINITE_MARK } from '../../../src/core/evaluation/lenient-json.js';
import { readStdoutJson } from '../../../src/core/evaluation/stdout-json.js';

describe('readStdoutJson', () => {
  it('takes the last line that parses as an object, ignoring trailing log lines', () => {
    const text = ['{"score": 1}', 'log', '{"score": 2}', 'done', '{ broken', ''].join('\n');
    expect(readStdoutJson(text)).toEqual({ score: 2 });
  });

  it('handles CRLF output and surrounding whitespace', () => {
    expect(readStdoutJson('noise\r\n  {"score": 3}  \r\n')).toEqual({ score: 3 });
  });

  it('falls back to a pretty-printed object that ends the output', () => {
    const text = `log\n${JSON.stringify({ score: 4, instances: { a: 1 } }, null, 2)}\n`;
    expect(readStdoutJson(text)).toEqual({ score: 4, instances: { a: 1 } });
  });

  it('returns null when there is no object', () => {
    expect(readStdoutJson('hello\n[1,2]\n42\n')).toBeNull();
    expect(readStdoutJson('')).toBeNull();
  });

  it('reads a whole pretty-printed object before looking at its lines', () => {
    const value = { score: 5, runs: [{}, { seed: 1 }, {}] };
    expect(readStdoutJson(JSON.stringify(value, null, 2))).toEqual(value);
  });

  it('reads a bare NaN as a marker instead of losing the object', () => {
    expect(readStdoutJson('{"score": NaN, "valid": true}')).toEqual({ score: `${NON_FINITE_MARK}NaN`, valid: true });
  });

  it('takes the last object line of a JSON-lines stream even when a scalar line follows it', () => {
    expect(readStdoutJson('{"type":"start"}\n{"type":"result","usage":{"input_tokens":3}}\n42\n')).toEqual({ type: 'result', usage: { input_tokens: 3 } });
  });
});

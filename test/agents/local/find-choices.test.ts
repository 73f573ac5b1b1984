import { describe, expect, it } from 'vitest';
import { findChoices } from '../../../src/agents/local/find-choices.js';
import { findRegions } from '../../../src/core/code/evolve-regions.js';

const wrap = (code: string, comment = '#'): string =>
  `LOADER = 'csv_reader'\n${comment} EVOLVE-BLOCK-START\n${code}\n${comment} EVOLVE-BLOCK-END\nafter = 'json_reader'\n`;

const sites = (code: string, fileName = 'pipeline.py', comment = '#') => {
  const text = wrap(code, fileName.endsWith('.py') ? comment : '//');
  return findChoices(text, findRegions(text), fileName).map((site) => {
    expect(text.slice(site.start, site.end)).toBe(site.text);
    return { text: site.text, alternatives: site.alternatives, line: site.line };
  });
};

describe('findChoices', () => {
  it('finds a Python string whose alternatives a comment list in the same block declares', () => {
    expect(sites("# loader: ['csv_reader', 'json_reader', \"xml_reader\"]\nLOADER = 'json_reader'")).toEqual([
      { text: "'json_reader'", alternatives: ['csv_reader', 'json_reader', 'xml_reader'], line: 4 },
    ]);
  });

  it('reads code lists on one line or several, and leaves the list items themselves alone', () => {
    const code = "LOADERS = [\n    'csv_reader',\n    'json_reader',\n]\nLOADER = \"csv_reader\"\nMODE = 'fast'";
    expect(sites(code)).toEqual([{ text: '"csv_reader"', alternatives: ['csv_reader', 'json_reader'], line: 7 }]);
  });

  it('handles JS-like quoting: single, double and backtick strings, // and /* */ comment lists', () => {
    const code = [
      "// loss: ['l1', 'l2', 'huber']",
      '/* schedule: ["cosine", "step"] */',
      "const LOSS = 'huber';",
      'const SCHEDULE = `step`;',
      'const NAME = "l1";',
    ].join('\n');
    expect(sites(code, 'train.js').map((s) => s.text)).toEqual(["'huber'", '`step`', '"l1"']);
  });

  it('ignores strings in comments, outside the block, prefixed, escaped or undeclared', () => {
    const code = [
      "# loader: ['csv_reader', 'json_reader']",
      "# default LOADER = 'csv_reader'",
      "A = f'csv_reader'",
      "B = 'csv\\_reader'",
      "C = 'parquet_reader'",
      "D = '''csv_reader'''",
    ].join('\n');
    expect(sites(code)).toEqual([]);
  });

  it('needs a list of two or more plain strings in the same region', () => {
    expect(sites("# only: ['csv_reader']\nX = 'csv_reader'")).toEqual([]);
    expect(sites("# mixed: ['csv_reader', 2]\nX = 'csv_reader'")).toEqual([]);
    const two = `# EVOLVE-BLOCK-START\n# m: ['a', 'b']\n# EVOLVE-BLOCK-END\n# EVOLVE-BLOCK-START\nX = 'a'\n# EVOLVE-BLOCK-END\n`;
    expect(findChoices(two, findRegions(two), 'p.py')).toEqual([]);
  });

  it('uses the first list that declares the value and drops alternatives the quote cannot hold', () => {
    const code = "# a: ['x', \"it's\", 'y']\n# b: ['x', 'z']\nX = 'x'\nY = \"it's\"";
    expect(sites(code).map((s) => [s.text, s.alternatives])).toEqual([
      ["'x'", ['x', 'y']],
      ['"it\'s"', ['x', "it's", 'y']],
    ]);
  });
});

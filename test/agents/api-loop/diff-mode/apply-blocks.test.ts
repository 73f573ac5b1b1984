import { describe, expect, it } from 'vitest';
import { applyRegionRewrites, applySearchReplace } from '../../../../src/agents/api-loop/diff-mode/apply-blocks.js';
import { parseRegionRewrites, parseSearchReplace } from '../../../../src/agents/api-loop/diff-mode/parse-blocks.js';

const PROG = `const head = 1;
// EVOLVE-BLOCK-START
const a = 1.0;
const b = 2.0;
// EVOLVE-BLOCK-END
const tail = 1.0;
`;
const sources = [{ relPath: 'prog.js', text: PROG }];
const block = (search: string, replace: string, file = 'prog.js') => `${file}\n\`\`\`\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\`\n`;

describe('SEARCH/REPLACE parsing and application', () => {
  it('parses blocks with the file named on the line before', () => {
    const { blocks, errors } = parseSearchReplace(`HYPOTHESIS: x\n${block('const a = 1.0;', 'const a = 3.0;')}\n${block('const b = 2.0;', 'const b = -1.0;', 'File: prog.js')}`);
    expect(errors).toEqual([]);
    expect(blocks).toEqual([
      { file: 'prog.js', search: 'const a = 1.0;', replace: 'const a = 3.0;' },
      { file: 'prog.js', search: 'const b = 2.0;', replace: 'const b = -1.0;' },
    ]);
  });

  it('reports an unterminated block', () => {
    expect(parseSearchReplace('<<<<<<< SEARCH\nconst a = 1.0;\n=======\n').errors[0]).toMatch(/not terminated/);
  });

  it('applies blocks inside regions only', () => {
    const result = applySearchReplace(sources, parseSearchReplace(block('const a = 1.0;\nconst b = 2.0;', 'const a = 3.0;\nconst b = -1.0;')).blocks);
    expect(result.ok && result.files.get('prog.js')).toBe(PROG.replace('const a = 1.0;\nconst b = 2.0;', 'const a = 3.0;\nconst b = -1.0;'));
  });

  it('rejects non-matching, ambiguous, outside-region and marker-touching blocks, applying nothing', () => {
    const cases: Array<[string, RegExp]> = [
      [block('const a = 9.0;', 'x'), /does not match exactly/],
      [block(' = ', 'x'), /matches 2 times/],
      [block('const tail = 1.0;', 'const tail = 2.0;'), /outside the EVOLVE-BLOCK regions/],
      [block('// EVOLVE-BLOCK-END\nconst tail = 1.0;', 'x'), /marker/],
      [block('const a = 1.0;', 'x', 'other.js'), /other.js has no EVOLVE-BLOCK region/],
      ['no blocks here', /no SEARCH\/REPLACE blocks/],
    ];
    for (const [reply, error] of cases) {
      const result = applySearchReplace(sources, parseSearchReplace(reply).blocks);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.join('\n')).toMatch(error);
    }
    const mixed = applySearchReplace(sources, parseSearchReplace(block('const a = 1.0;', 'const a = 3.0;') + block('nope', 'x')).blocks);
    expect(mixed.ok).toBe(false);
  });

  it('rejects blocks that pull code onto a marker line by joining lines', () => {
    // The REPLACE drops the newline before the END marker: code and marker end up on one line.
    const joined = applySearchReplace(sources, [{ file: 'prog.js', search: 'const b = 2.0;\n', replace: 'const b = 3.0; ' }]);
    expect(joined.ok).toBe(false);
    if (!joined.ok) expect(joined.errors.join('\n')).toMatch(/changed an EVOLVE-BLOCK marker line or code outside the regions/);
  });

  it('rewrites whole region bodies in full-rewrite mode', () => {
    const parsed = parseRegionRewrites('HYPOTHESIS: y\n<<<<<<< REGION 1\nconst a = 3;\nconst b = -1;\n>>>>>>> END\n');
    const result = applyRegionRewrites(sources, parsed.rewrites);
    expect(result.ok && result.files.get('prog.js')).toBe(PROG.replace('const a = 1.0;\nconst b = 2.0;\n', 'const a = 3;\nconst b = -1;\n'));
    const bad = applyRegionRewrites(sources, parseRegionRewrites('<<<<<<< REGION 2\nx\n>>>>>>> END').rewrites);
    expect(bad.ok).toBe(false);
  });
});

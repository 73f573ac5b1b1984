import { describe, expect, it } from 'vitest';
import { stripControl } from '../../../src/core/text/terminal-text.js';

describe('stripControl', () => {
  it.each([
    ['colours (CSI)', 'a\u001b[31mred\u001b[0m b', 'ared b'],
    ['cursor and erase (CSI with parameters)', 'x\u001b[2J\u001b[1;1Hy', 'xy'],
    ['a title (OSC to BEL)', 'title\u001b]0;evil\u0007after', 'titleafter'],
    ['a hyperlink (OSC to ST)', 'see \u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\', 'see link'],
    ['BEL and other C0', 'ring\u0007\u0000\u0008\r!', 'ring!'],
    ['a two-byte escape (reset)', 'esc\u001bcx', 'escx'],
    ['C1 CSI', 'c1\u009b31mX', 'c1X'],
    ['DEL', 'del\u007f', 'del'],
  ])('removes %s', (_name, input, expected) => {
    expect(stripControl(input)).toBe(expected);
  });

  it('keeps newlines, tabs and any printable text, wide characters included', () => {
    expect(stripControl('line 1\n\tline 2 ★ ünï 数')).toBe('line 1\n\tline 2 ★ ünï 数');
  });
});

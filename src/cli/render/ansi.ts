import stringWidth from 'string-width';

/** ANSI styles the terminal renderers use; plain escape codes. */
export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';

const CODES: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
};

export type Paint = (text: string, ...styles: Array<Style | null>) => string;

/** A painter that wraps text in ANSI codes when `color` is true and returns it untouched otherwise. */
export const painter =
  (color: boolean): Paint =>
  (text, ...styles) => {
    if (!color || text === '') return text;
    let out = text;
    for (const style of styles) {
      if (style === null) continue;
      const [open, close] = CODES[style];
      out = `\u001b[${open}m${out}\u001b[${close}m`;
    }
    return out;
  };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Shortens plain text to `width` terminal columns, ending in `…` when cut; line breaks become
 * spaces. Cuts between graphemes, so a wide CJK character or an emoji is kept whole or dropped.
 */
export const truncate = (text: string, width: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (stringWidth(flat) <= width) return flat;
  if (width <= 0) return '';
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(flat)) {
    const next = stringWidth(segment);
    if (used + next > width - 1) break;
    kept += segment;
    used += next;
  }
  return `${kept.trimEnd()}…`;
};

/** Pads plain text to `width` terminal columns (left-aligned, or right-aligned for numbers). */
export const pad = (text: string, width: number, align: 'left' | 'right' = 'left'): string => {
  const missing = width - stringWidth(text);
  if (missing <= 0) return text;
  return align === 'left' ? text + ' '.repeat(missing) : ' '.repeat(missing) + text;
};

/** Terminal columns plain text takes: CJK characters and most emoji take two, combining marks none. */
export const textWidth = (text: string): number => stringWidth(text);

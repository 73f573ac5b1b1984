/** ANSI styles the terminal renderers use; plain escape codes, no dependency. */
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

/** Shortens plain text to `width` characters, ending in `…` when cut; line breaks become spaces. */
export const truncate = (text: string, width: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= width) return flat;
  if (width <= 0) return '';
  return `${chars.slice(0, width - 1).join('').trimEnd()}…`;
};

/** Pads plain text to `width` characters (left-aligned, or right-aligned for numbers). */
export const pad = (text: string, width: number, align: 'left' | 'right' = 'left'): string => {
  const missing = width - Array.from(text).length;
  if (missing <= 0) return text;
  return align === 'left' ? text + ' '.repeat(missing) : ' '.repeat(missing) + text;
};

/** Visible length of plain text (code points). */
export const textWidth = (text: string): number => Array.from(text).length;

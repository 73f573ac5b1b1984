/** Escapes text for SVG/HTML element content and double-quoted attributes. */
export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The font every picture uses; resvg maps `sans-serif` to an installed sans font. */
export const FONT_FAMILY = 'Helvetica, Arial, sans-serif';

/**
 * A generous estimate of the width of `text` in `fontSize` px (Helvetica averages ~0.55 em a
 * character); used to place legend items and plot labels without measuring.
 */
export const textWidth = (text: string, fontSize: number): number => Math.ceil(text.length * fontSize * 0.6);

/** Shortens `text` to `max` characters with an ellipsis. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text);

/** One `<text>` element; `attrs` are written as given (numbers and pre-escaped values). */
export const svgText = (x: number, y: number, text: string, attrs: Record<string, string | number> = {}): string => {
  const extra = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? value : escapeXml(value)}"`)
    .join('');
  return `<text x="${x}" y="${y}"${extra}>${escapeXml(text)}</text>`;
};

/** One EVOLVE-BLOCK: the lines strictly between a start marker line and an end marker line. */
export interface EvolveRegion {
  /** 1-based line number of the line holding `EVOLVE-BLOCK-START`. */
  startMarkerLine: number;
  /** 1-based line number of the line holding `EVOLVE-BLOCK-END`. */
  endMarkerLine: number;
  /** Offset of the first character after the start marker line. */
  bodyStart: number;
  /** Offset of the first character of the end marker line. */
  bodyEnd: number;
}

const START = 'EVOLVE-BLOCK-START';
const END = 'EVOLVE-BLOCK-END';

/**
 * Finds every EVOLVE-BLOCK region in a file, whatever its comment syntax: the markers are found
 * by substring. An unterminated start is ignored; a second start before an end restarts the
 * region, so a region body never contains a marker line.
 */
export const findRegions = (text: string): EvolveRegion[] => {
  const regions: EvolveRegion[] = [];
  let open: { line: number; bodyStart: number } | null = null;
  let lineStart = 0;
  let lineNumber = 1;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const next = newline === -1 ? text.length + 1 : newline + 1;
    if (line.includes(START)) {
      open = { line: lineNumber, bodyStart: Math.min(next, text.length) };
    } else if (line.includes(END) && open !== null) {
      regions.push({ startMarkerLine: open.line, endMarkerLine: lineNumber, bodyStart: open.bodyStart, bodyEnd: lineStart });
      open = null;
    }
    lineStart = next;
    lineNumber += 1;
  }
  return regions;
};

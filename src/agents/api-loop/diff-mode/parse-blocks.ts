/** One SEARCH/REPLACE edit, optionally naming its file. */
export interface SearchReplaceBlock {
  file: string | null;
  search: string;
  replace: string;
}

/** A whole new body for region `index` (1-based, as numbered in the prompt). */
export interface RegionRewrite {
  index: number;
  body: string;
}

const SEARCH = /^<{5,9} SEARCH\s*$/;
const DIVIDER = /^={5,9}\s*$/;
const REPLACE = /^>{5,9} REPLACE\s*$/;
const FENCE = /^```/;

/** A file named on the line before a block: `prog.js`, `File: prog.js`, `### prog.js`, `**prog.js**`. */
const fileHint = (line: string | undefined): string | null => {
  const cleaned = (line ?? '').trim().replace(/^(#+\s*|file:\s*|path:\s*)/i, '').replace(/^[*`]+|[*`:]+$/g, '').trim();
  return /^[\w./-]+\.[\w]+$/.test(cleaned) ? cleaned : null;
};

const previousContentLine = (lines: readonly string[], index: number): string | undefined => {
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (FENCE.test(line.trim())) continue;
    return line.trim() === '' ? undefined : line;
  }
  return undefined;
};

/**
 * Parses `<<<<<<< SEARCH / ======= / >>>>>>> REPLACE` blocks from a model reply. An unterminated
 * block is reported in `errors` rather than silently dropped.
 */
export const parseSearchReplace = (reply: string): { blocks: SearchReplaceBlock[]; errors: string[] } => {
  const lines = reply.replace(/\r\n/g, '\n').split('\n');
  const blocks: SearchReplaceBlock[] = [];
  const errors: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!SEARCH.test(lines[i] ?? '')) continue;
    const start = i;
    const divider = lines.findIndex((l, j) => j > start && DIVIDER.test(l));
    const end = divider === -1 ? -1 : lines.findIndex((l, j) => j > divider && REPLACE.test(l));
    if (divider === -1 || end === -1) {
      errors.push(`block ${blocks.length + 1} (line ${start + 1}) is not terminated: it needs a ======= line and a >>>>>>> REPLACE line`);
      break;
    }
    blocks.push({
      file: fileHint(previousContentLine(lines, start)),
      search: lines.slice(start + 1, divider).join('\n'),
      replace: lines.slice(divider + 1, end).join('\n'),
    });
    i = end;
  }
  return { blocks, errors };
};

const REGION_START = /^<{5,9} REGION (\d+)\s*$/;
const REGION_END = /^>{5,9} END\s*$/;

/** Parses `<<<<<<< REGION n` ... `>>>>>>> END` full rewrites of region bodies. */
export const parseRegionRewrites = (reply: string): { rewrites: RegionRewrite[]; errors: string[] } => {
  const lines = reply.replace(/\r\n/g, '\n').split('\n');
  const rewrites: RegionRewrite[] = [];
  const errors: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = REGION_START.exec(lines[i] ?? '');
    if (!match) continue;
    const end = lines.findIndex((l, j) => j > i && REGION_END.test(l));
    if (end === -1) {
      errors.push(`REGION ${match[1]} (line ${i + 1}) is not terminated by a >>>>>>> END line`);
      break;
    }
    rewrites.push({ index: Number(match[1]), body: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return { rewrites, errors };
};

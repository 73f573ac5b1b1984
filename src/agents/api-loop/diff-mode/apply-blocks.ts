import { findRegions } from '../../../core/code/evolve-regions.js';
import type { RegionRewrite, SearchReplaceBlock } from './parse-blocks.js';

/** A file with EVOLVE-BLOCK regions: path relative to the worktree and its text. */
export interface SourceText {
  relPath: string;
  text: string;
}

export type ApplyResult = { ok: true; files: Map<string, string>; changed: string[] } | { ok: false; errors: string[] };

const MARKER = /EVOLVE-BLOCK-(START|END)/;

const occurrences = (text: string, search: string): number[] => {
  const found: number[] = [];
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) found.push(at);
  return found;
};

/** Where `search` occurs strictly inside a region body of `text` (offsets), and how often in the whole file. */
const locate = (text: string, search: string): { inRegions: number[]; inFile: number } => {
  const all = occurrences(text, search);
  const regions = findRegions(text);
  const inRegions = all.filter((at) => regions.some((r) => at >= r.bodyStart && at + search.length <= r.bodyEnd));
  return { inRegions, inFile: all.length };
};

const describe = (index: number, block: SearchReplaceBlock): string => {
  const first = block.search.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  return `block ${index + 1}${block.file ? ` (${block.file})` : ''} starting "${first.slice(0, 60)}"`;
};

/**
 * Applies SEARCH/REPLACE blocks in order, each only inside EVOLVE-BLOCK regions. Every block must
 * match exactly once (in the named file, or across all region files); a block that does not match,
 * matches twice, or whose text lies outside the regions is an error, and then nothing is applied.
 */
export const applySearchReplace = (sources: readonly SourceText[], blocks: readonly SearchReplaceBlock[]): ApplyResult => {
  const files = new Map(sources.map((s) => [s.relPath, s.text]));
  const errors: string[] = [];
  const changed = new Set<string>();
  if (blocks.length === 0) return { ok: false, errors: ['the reply contains no SEARCH/REPLACE blocks'] };
  blocks.forEach((block, index) => {
    const name = describe(index, block);
    if (block.search.trim() === '') return void errors.push(`${name}: the SEARCH part is empty`);
    if (MARKER.test(block.search) || MARKER.test(block.replace)) {
      return void errors.push(`${name}: touches an EVOLVE-BLOCK marker line; edit only the code between the markers`);
    }
    if (block.file !== null && !files.has(block.file)) {
      return void errors.push(`${name}: ${block.file} has no EVOLVE-BLOCK region; editable files: ${[...files.keys()].join(', ')}`);
    }
    const candidates = block.file !== null ? [block.file] : [...files.keys()];
    const hits: Array<{ file: string; at: number }> = [];
    let outside = 0;
    for (const file of candidates) {
      const text = files.get(file) ?? '';
      const { inRegions, inFile } = locate(text, block.search);
      hits.push(...inRegions.map((at) => ({ file, at })));
      outside += inFile - inRegions.length;
    }
    const hit = hits[0];
    if (hits.length === 0) {
      return void errors.push(
        outside > 0
          ? `${name}: matches code outside the EVOLVE-BLOCK regions; only code between the markers may change`
          : `${name}: SEARCH text does not match exactly; copy the lines exactly as shown, including indentation`,
      );
    }
    if (hits.length > 1 || !hit) return void errors.push(`${name}: SEARCH text matches ${hits.length} times; include more lines so it matches once`);
    const text = files.get(hit.file) ?? '';
    files.set(hit.file, text.slice(0, hit.at) + block.replace + text.slice(hit.at + block.search.length));
    changed.add(hit.file);
  });
  if (errors.length > 0) return { ok: false, errors };
  // The final guard: whatever the blocks did, the markers and the code outside the regions are
  // byte-identical (a REPLACE can otherwise join a line with a marker and move a region's end).
  for (const file of changed) {
    const before = sources.find((source) => source.relPath === file)?.text ?? '';
    if (outsideRegions(before) !== outsideRegions(files.get(file) ?? '')) {
      errors.push(`${file}: the blocks changed an EVOLVE-BLOCK marker line or code outside the regions; keep every edit strictly between the markers`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, files, changed: [...changed] };
};

/** Everything of a file but its region bodies: marker lines and the code around them. */
const outsideRegions = (text: string): string => {
  const regions = findRegions(text);
  const parts: string[] = [];
  let from = 0;
  for (const region of regions) {
    parts.push(text.slice(from, region.bodyStart));
    from = region.bodyEnd;
  }
  parts.push(text.slice(from));
  return `${regions.length}\0${parts.join('\0')}`;
};

/** Regions of all sources in prompt order (file order, then position), numbered from 1. */
export const numberedRegions = (sources: readonly SourceText[]): Array<{ index: number; relPath: string; body: string; startLine: number }> => {
  const out: Array<{ index: number; relPath: string; body: string; startLine: number }> = [];
  for (const source of sources) {
    for (const region of findRegions(source.text)) {
      out.push({ index: out.length + 1, relPath: source.relPath, body: source.text.slice(region.bodyStart, region.bodyEnd), startLine: region.startMarkerLine + 1 });
    }
  }
  return out;
};

/** Replaces whole region bodies; regions not named stay as they are. */
export const applyRegionRewrites = (sources: readonly SourceText[], rewrites: readonly RegionRewrite[]): ApplyResult => {
  const count = numberedRegions(sources).length;
  const errors: string[] = [];
  if (rewrites.length === 0) errors.push('the reply contains no <<<<<<< REGION n ... >>>>>>> END sections');
  for (const r of rewrites) {
    if (r.index < 1 || r.index > count) errors.push(`REGION ${r.index} does not exist; regions are numbered 1 to ${count}`);
    if (MARKER.test(r.body)) errors.push(`REGION ${r.index} contains an EVOLVE-BLOCK marker; give only the code between the markers`);
  }
  if (new Set(rewrites.map((r) => r.index)).size !== rewrites.length) errors.push('a region is rewritten twice; give each region once');
  if (errors.length > 0) return { ok: false, errors };
  const files = new Map<string, string>();
  const changed: string[] = [];
  let index = 0;
  for (const source of sources) {
    let text = source.text;
    // Rewrite from the last region backwards so earlier offsets stay valid.
    const regions = findRegions(text).map((region) => ({ region, index: ++index }));
    for (const { region, index: n } of [...regions].reverse()) {
      const rewrite = rewrites.find((r) => r.index === n);
      if (!rewrite) continue;
      const body = rewrite.body === '' || rewrite.body.endsWith('\n') ? rewrite.body : `${rewrite.body}\n`;
      text = text.slice(0, region.bodyStart) + body + text.slice(region.bodyEnd);
    }
    files.set(source.relPath, text);
    if (text !== source.text) changed.push(source.relPath);
  }
  return { ok: true, files, changed };
};

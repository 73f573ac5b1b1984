import type { Role } from '../../../core/domain/types.js';
import { numberedRegions, type SourceText } from './apply-blocks.js';

const FENCE = '```';

const SEARCH_REPLACE_FORMAT = [
  'Answer with one line `HYPOTHESIS: <the idea your change tests>`, then one or more edits in exactly this format:',
  '',
  'prog.py',
  '<<<<<<< SEARCH',
  '<lines copied exactly from a region, including indentation>',
  '=======',
  '<the new lines>',
  '>>>>>>> REPLACE',
  '',
  'The line before each block names the file. Each SEARCH part must match exactly once, inside an EVOLVE-BLOCK region.',
  'Never include the EVOLVE-BLOCK marker lines themselves.',
].join('\n');

const REWRITE_FORMAT = [
  'Answer with one line `HYPOTHESIS: <the idea your change tests>`, then the complete new body of each region you change:',
  '',
  '<<<<<<< REGION 1',
  '<all the code that goes between the markers of region 1>',
  '>>>>>>> END',
  '',
  'Regions you do not list stay unchanged. Never include the EVOLVE-BLOCK marker lines themselves.',
].join('\n');

/** System prompt of diff mode: the role in one line and the reply contract. */
export const diffSystemPrompt = (role: Exclude<Role, 'baseline'>, fullRewrite: boolean): string =>
  [
    'You improve a program against an evaluator by proposing code changes in a single reply; you cannot run anything.',
    role === 'explorer'
      ? 'You are an Explorer: pursue ONE idea that is fundamentally different from what was already tried.'
      : 'You are an Optimizer: refine the current approach with a careful, targeted improvement.',
    'Only the code between EVOLVE-BLOCK-START and EVOLVE-BLOCK-END markers may change.',
    fullRewrite ? REWRITE_FORMAT : SEARCH_REPLACE_FORMAT,
  ].join('\n\n');

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}\n[... truncated ...]` : text);

/**
 * The user prompt of a diff-mode attempt: the attempt prompt (task, objective, Shepherd context,
 * parents' scores and feedback), the numbered regions, and the lineage's findings.md.
 */
export const composeDiffPrompt = (p: { attemptPrompt: string; sources: readonly SourceText[]; findings: string | null; maxFindingsChars?: number }): string => {
  const regions = numberedRegions(p.sources).map(
    (r) => `## Region ${r.index} — ${r.relPath} (from line ${r.startLine})\n\n${FENCE}\n${r.body.endsWith('\n') ? r.body : `${r.body}\n`}${FENCE}`,
  );
  const sections = [p.attemptPrompt.trim(), `# Code you may change\n\n${regions.join('\n\n')}`];
  if (p.findings && p.findings.trim() !== '') sections.push(`# findings.md (what this lineage tried)\n\n${clip(p.findings.trim(), p.maxFindingsChars ?? 6000)}`);
  return sections.join('\n\n');
};

/** The message that asks for a new reply after edits failed to apply. */
export const retryPrompt = (errors: readonly string[]): string =>
  [
    'Your edits were NOT applied, because:',
    ...errors.map((e) => `- ${e}`),
    'Reply again with the hypothesis line and ALL your edits, corrected; copy SEARCH text exactly from the regions shown above.',
  ].join('\n');

import type { AttemptId } from '../domain/ids.js';
import { childrenOf, rankScored } from '../domain/population.js';
import { formatScore, type Direction } from '../domain/score.js';
import type { AttemptView, Operator } from '../domain/types.js';

const oneLine = (text: string | null, max = 140): string => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * The Shepherd's short context for an agent: facts about what was already explored and how it
 * scored. It never prescribes the idea to pursue (SwarmResearch discipline).
 */
export const composeContext = (p: {
  attempts: readonly AttemptView[];
  direction: Direction;
  parents: readonly AttemptId[];
  operator: Operator;
  maxTried?: number;
}): string => {
  const byId = new Map(p.attempts.map((a) => [a.id, a]));
  const lines: string[] = [];
  const ranked = rankScored(p.attempts, p.direction);
  const best = ranked[0];
  const scored = ranked.length;
  const failed = p.attempts.filter((a) => a.status === 'invalid' || a.status === 'failed').length;
  lines.push(`Population: ${p.attempts.length} attempts so far, ${scored} scored, ${failed} failed or invalid.`);
  if (best) lines.push(`Best so far: ${best.id} with score ${formatScore(best.score)} (${p.direction}).`);
  for (const parentId of p.parents) {
    const parent = byId.get(parentId);
    if (!parent) continue;
    const status = parent.status === 'scored' ? `score ${formatScore(parent.score)}` : parent.status;
    lines.push(`Parent ${parent.id} (${parent.role}): ${status}${parent.hypothesis ? ` — ${oneLine(parent.hypothesis)}` : ''}.`);
    const tried = childrenOf(p.attempts, parentId).filter((c) => c.status !== 'running' && c.hypothesis);
    if (tried.length > 0) {
      lines.push(`Already tried from ${parent.id} (do not repeat):`);
      for (const child of tried.slice(-(p.maxTried ?? 6))) {
        const outcome = child.status === 'scored' ? formatScore(child.score) : child.status;
        lines.push(`  - ${child.id}: ${oneLine(child.hypothesis, 110)} → ${outcome}`);
      }
    }
  }
  const elsewhere = p.attempts.filter((a) => a.role !== 'baseline' && a.status !== 'running' && a.hypothesis && !p.parents.includes(a.id) && !p.parents.includes(a.parents[0] ?? a.id));
  if (p.operator !== 'repair' && elsewhere.length > 0) {
    lines.push('Ideas already tried elsewhere in the population (do not repeat):');
    for (const other of elsewhere.slice(-(p.maxTried ?? 6))) {
      const outcome = other.status === 'scored' ? formatScore(other.score) : other.status;
      const flags = (other.flags ?? []).length > 0 ? ` [${(other.flags ?? []).join(', ')}]` : '';
      lines.push(`  - ${other.id}: ${oneLine(other.hypothesis, 110)} → ${outcome}${flags}`);
    }
  }
  if (p.operator === 'merge') lines.push('This branch merges the parents above; combine what works in each.');
  if (p.operator === 'explore' && p.parents.length === 1 && best && best.id !== p.parents[0]) {
    lines.push('The population has plateaued around the leaders; a fundamentally different approach is wanted.');
  }
  return lines.join('\n');
};

import type { Rng } from '../../core/domain/random.js';
import { applyEdits, type TextEdit } from './mutate.js';
import type { EvolveSource, LiteralChange, LiteralSpan } from './plan-mutation.js';

/** A conflicted file of a merge: the first parent's version and the other parents' side copies. */
export interface ConflictGroup {
  primary: EvolveSource;
  /** `solve.from-a12.py` copies holding another parent's version of `solve.py`. */
  sides: EvolveSource[];
}

const SIDE_NAME = /^(.+)\.from-([A-Za-z0-9_-]+)(\.[^./]+)?$/;

/** `solve.from-a12.py` -> `solve.py` (the path the side copy stands beside); null for other names. */
export const primaryPathOf = (relPath: string): string | null => {
  const slash = relPath.lastIndexOf('/');
  const dir = relPath.slice(0, slash + 1);
  const match = SIDE_NAME.exec(relPath.slice(slash + 1));
  if (!match) return null;
  const [, stem = '', , ext = ''] = match;
  return `${dir}${stem}${ext}`;
};

/**
 * Splits the sources into conflict groups (a file with the side copies the merge saved beside it)
 * and the rest. A side copy whose file is gone is left with the rest.
 */
export const groupConflicts = (sources: readonly EvolveSource[]): { groups: ConflictGroup[]; others: EvolveSource[] } => {
  const byPath = new Map(sources.map((s) => [s.relPath, s]));
  const groups = new Map<string, ConflictGroup>();
  const sideOf = new Set<string>();
  for (const source of sources) {
    const primaryPath = primaryPathOf(source.relPath);
    const primary = primaryPath === null ? undefined : byPath.get(primaryPath);
    if (!primary || primaryPath === null) continue;
    const group = groups.get(primaryPath) ?? { primary, sides: [] };
    group.sides.push(source);
    groups.set(primaryPath, group);
    sideOf.add(source.relPath);
  }
  return { groups: [...groups.values()], others: sources.filter((s) => !sideOf.has(s.relPath) && !groups.has(s.relPath)) };
};

export interface CrossoverPlan {
  /** New text of every primary file. */
  texts: Map<string, string>;
  /** Side copies to delete once combined. */
  removed: string[];
  /** Literals taken from a side copy. */
  changes: LiteralChange[];
  /** Files whose versions did not line up literal by literal: one version was taken whole. */
  wholeFiles: Array<{ file: string; from: string }>;
}

/**
 * Uniform crossover of the parents' versions of each conflicted file: when every version has the
 * same literals and choices in its EVOLVE-BLOCK regions (same counts), each literal and each choice
 * takes the value of a parent drawn at random; otherwise one version is taken whole. Pure and
 * deterministic for a seed.
 */
export const planCrossover = (groups: readonly ConflictGroup[], rng: Rng): CrossoverPlan => {
  const plan: CrossoverPlan = { texts: new Map(), removed: [], changes: [], wholeFiles: [] };
  for (const { primary, sides } of groups) {
    plan.removed.push(...sides.map((s) => s.relPath));
    const versions = [primary, ...sides];
    const aligned = sides.every((s) => s.literals.length === primary.literals.length && s.choices.length === primary.choices.length);
    if (!aligned) {
      const chosen = versions[rng.int(versions.length)] ?? primary;
      plan.texts.set(primary.relPath, chosen.text);
      if (chosen !== primary) plan.wholeFiles.push({ file: primary.relPath, from: chosen.relPath });
      continue;
    }
    const edits: TextEdit[] = [];
    const take = (literal: LiteralSpan, donorText: (donor: EvolveSource) => string | undefined): void => {
      const donor = versions[rng.int(versions.length)] ?? primary;
      const replacement = donorText(donor) ?? literal.text;
      if (replacement === literal.text) return;
      edits.push({ start: literal.start, end: literal.end, replacement });
      plan.changes.push({ file: primary.relPath, line: literal.line, from: literal.text, to: replacement });
    };
    primary.literals.forEach((literal, index) => take(literal, (donor) => donor.literals[index]?.text));
    // Choices draw after every number, so files without any combine exactly as before.
    primary.choices.forEach((choice, index) => take(choice, (donor) => donor.choices[index]?.text));
    plan.texts.set(primary.relPath, applyEdits(primary.text, edits));
  }
  return plan;
};

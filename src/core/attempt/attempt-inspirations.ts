/** What the Shepherd planned an attempt from: its parents and its declared sources (informed-by). */
export interface AttemptSources<Id extends string = string> {
  parents: readonly Id[];
  informedBy: readonly Id[];
}

/**
 * How many of the run's best attempts to ask the store for: enough that `limit` remain once the
 * attempt's own parents are left out.
 */
export const bestWanted = (spec: AttemptSources, limit: number): number => limit + spec.parents.length;

/**
 * The other attempts an agent's prompt shows (score, hypothesis, feedback): the Shepherd's
 * informed-by picks first, then the run's best (`best`, best first), never a parent, at most
 * `limit` of them.
 */
export const promptInspirations = <Id extends string>(spec: AttemptSources<Id>, best: readonly Id[], limit: number): Id[] => {
  if (limit <= 0) return [];
  const parents = new Set<string>(spec.parents);
  const chosen = [...new Set<Id>([...spec.informedBy, ...best])].filter((id) => !parents.has(id));
  return chosen.slice(0, limit);
};

/** The declared sources whose programs an agent may read (by commit): the informed-by picks that are not parents. */
export const programSources = <Id extends string>(spec: AttemptSources<Id>): Id[] => spec.informedBy.filter((id) => !spec.parents.includes(id));

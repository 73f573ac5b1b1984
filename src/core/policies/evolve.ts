import type { AttemptId } from '../ids.js';
import { parentsUnderOptimization } from '../population.js';
import { formatScore } from '../score.js';
import type { AttemptSpec, AttemptView } from '../types.js';
import { makeSpec, type PolicyInput, type PolicyPlan } from './policy-input.js';
import { refinedBefore } from './niches.js';
import { buildDatabase, nichePrefix, type DatabaseSettings, type Island } from './program-database.js';

export interface EvolveSettings extends DatabaseSettings {
  initialExplorers: number;
  waveSize: number;
  explorationRatio: number;
  exploitationRatio: number;
  inspirations: number;
}

type Sampling = 'exploration' | 'exploitation' | 'diversity';

/**
 * AlphaEvolve / OpenEvolve style: islands of MAP-Elites grids. Each slot takes the next island
 * of the ring and samples a parent from it: exploration (any member), exploitation (an archive
 * elite of any island, refined by an optimizer unless one already refined it) or diversity (the elite of a random grid cell), with a few
 * elites of other cells as inspirations (informed_by). When `niche` names a behavior descriptor
 * metric, it is an exact grid dimension and the archive keeps every niche's elite, so exploitation
 * also refines a niche whose programs still rank below the incumbent.
 */
export const planEvolve = (input: PolicyInput & { settings: EvolveSettings }): PolicyPlan => {
  const { attempts, settings, rng } = input;
  const searchers = attempts.filter((a) => a.role !== 'baseline');
  if (searchers.length === 0 || input.wave <= 1) {
    const size = Math.min(Math.max(settings.initialExplorers, settings.islands), input.maxAttempts);
    return {
      specs: Array.from({ length: size }, () => makeSpec(input, { parents: [input.baselineId], role: 'explorer', operator: 'explore' })),
      rationale: `seeding ${settings.islands} island(s): ${size} explorers from baseline`,
    };
  }
  const db = buildDatabase(attempts, input.direction, input.wave, settings);
  const size = Math.min(settings.waveSize, input.maxAttempts);
  const busy = parentsUnderOptimization(attempts);
  const specs: AttemptSpec[] = [];
  const notes: string[] = [];
  for (let slot = 0; slot < size; slot++) {
    const island = db.islands[(searchers.length + slot) % db.islands.length];
    if (!island) break;
    const pool = [...island.members, ...island.migrants];
    if (pool.length === 0) {
      specs.push(makeSpec(input, { parents: [input.baselineId], role: 'explorer', operator: 'explore' }));
      notes.push(`island ${island.index}: empty, explorer from baseline`);
      continue;
    }
    const draw = rng.next();
    const sampling: Sampling = draw < settings.explorationRatio ? 'exploration' : draw < settings.explorationRatio + settings.exploitationRatio ? 'exploitation' : 'diversity';
    const parent = sampleParent(island, pool, db.archive, sampling, rng.next(), settings.niche);
    const inspirations = pickInspirations(db.islands, island, parent.id, settings.inspirations, rng.next());
    const refine = sampling === 'exploitation' && !busy.has(parent.id) && !refinedBefore(attempts, parent.id);
    if (refine) busy.add(parent.id);
    const hasChildren = attempts.some((a) => a.parents[0] === parent.id);
    specs.push(
      makeSpec(input, {
        parents: [parent.id],
        role: refine ? 'optimizer' : 'explorer',
        operator: refine || !hasChildren ? 'deepen' : 'fan-out',
        informedBy: inspirations.map((a) => a.id),
        extra: inspirationLines(inspirations),
      }),
    );
    notes.push(`island ${island.index}: ${sampling} parent ${parent.id}${inspirations.length > 0 ? `, inspirations ${inspirations.map((a) => a.id).join(', ')}` : ''}`);
  }
  const migration = db.islands.some((i) => i.migrants.length > 0) ? '; ring migration active' : '';
  return { specs, rationale: `${notes.join('; ')}${migration}` };
};

const sampleParent = (island: Island, pool: readonly AttemptView[], archive: readonly AttemptView[], sampling: Sampling, u: number, niche: string | null): AttemptView => {
  const pick = (items: readonly AttemptView[], v = u): AttemptView | undefined => items[Math.floor(v * items.length)];
  const fallback = pool[0] as AttemptView;
  if (sampling === 'exploration') return pick(pool) ?? fallback;
  if (sampling === 'exploitation') {
    // The archive is global (elites of every island); uniform over niches first (one u drives both
    // draws), so a niche whose elite ranks below the incumbent is exploited too.
    const local = archive.length > 0 ? archive : pool;
    const niches = [...new Set(local.map((a) => nichePrefix(a, niche)))];
    const scaled = u * niches.length;
    const chosen = niches[Math.floor(scaled)];
    const inNiche = local.filter((a) => nichePrefix(a, niche) === chosen);
    return pick(inNiche, scaled - Math.floor(scaled)) ?? fallback;
  }
  return pick([...island.cells.values()]) ?? fallback;
};

/** Elites of other cells (this island first, then the others), excluding the parent. */
const pickInspirations = (islands: readonly Island[], island: Island, parent: AttemptId, count: number, u: number): AttemptView[] => {
  if (count <= 0) return [];
  const local = [...island.cells.values()].filter((a) => a.id !== parent);
  const others = islands.filter((i) => i !== island).flatMap((i) => [...i.cells.values()]);
  const candidates = [...local, ...others].filter((a, i, all) => a.id !== parent && all.findIndex((b) => b.id === a.id) === i);
  const start = Math.floor(u * Math.max(1, candidates.length));
  return Array.from({ length: Math.min(count, candidates.length) }, (_, i) => candidates[(start + i) % candidates.length]).filter((a): a is AttemptView => a !== undefined);
};

const inspirationLines = (inspirations: readonly AttemptView[]): string[] =>
  inspirations.length === 0
    ? []
    : ['Inspirations (elites of other cells of the program database; read them, do not copy blindly):', ...inspirations.map((a) => `  - ${a.id}: score ${formatScore(a.score)}${a.hypothesis ? ` — ${a.hypothesis.replace(/\s+/g, ' ').slice(0, 110)}` : ''}`)];

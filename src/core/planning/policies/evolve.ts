import type { AttemptId } from '../../domain/ids.js';
import { parentsUnderOptimization, rankScored } from '../../domain/population.js';
import { formatScore, isBetter } from '../../domain/score.js';
import type { AttemptSpec, AttemptView } from '../../domain/types.js';
import { makeSpec, type PolicyInput, type PolicyPlan } from '../policy-input.js';
import { exhaustedPrograms, NICHE_BETA, pickNiches, summarizeNiches, type NicheDescriptor } from './niches.js';
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
 * of the ring and samples a parent from it: exploration (binary tournament over its members),
 * exploitation (an archive elite of any island drawn by a power law of its rank, handed to the next
 * free program when it is busy) or diversity (the elite of a random grid cell, given an explorer).
 * An exploration or exploitation parent that is free is refined by an optimizer. The run's best
 * program and a few elites of other cells are the inspirations (informed_by). When `niche` names
 * a behavior descriptor metric, it is an exact grid dimension and the archive keeps every niche's
 * elite, so exploitation also refines a niche whose programs still rank below the incumbent,
 * visiting niches by a UCB of their gain per attempt.
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
  // With a behavior descriptor, exploitation visits niches in the order of a UCB of their gain per
  // attempt (curiosity: a niche whose offspring keep improving is revisited), not uniformly.
  const nicheTurns = settings.niche === null ? [] : pickNiches(summarizeNiches(attempts, input.direction, settings.niche), size, NICHE_BETA).map((n) => `${n.key}|`);
  const exhausted = exhaustedPrograms(attempts);
  const free = (a: AttemptView): boolean => !busy.has(a.id) && !exhausted.has(a.id);
  const baselineScore = db.ranked.find((a) => a.id === input.baselineId)?.score ?? null;
  // Exploitation refines. When the drawn elite is already being refined (one optimizer per program
  // at a time) or had its two, the best free program of its niche takes the optimizer, else the
  // best free program of the archive or the population that is not worse than the baseline: a wave
  // refines several good programs at once rather than exploring around a busy one, and a weak
  // program is not refined just for being free.
  const handOff = (elite: AttemptView): AttemptView | undefined => {
    const candidates = [...db.archive, ...db.ranked].filter((a) => a.role !== 'baseline' && free(a));
    const niche = nichePrefix(elite, settings.niche);
    return (
      (settings.niche === null ? undefined : candidates.find((a) => nichePrefix(a, settings.niche) === niche)) ??
      candidates.find((a) => a.score !== null && !isBetter(baselineScore, a.score, input.direction))
    );
  };
  for (let slot = 0; slot < size; slot++) {
    const island = db.islands[(searchers.length + slot) % db.islands.length];
    if (!island) break;
    const pool = rankScored([...island.members, ...island.migrants], input.direction);
    if (pool.length === 0) {
      specs.push(makeSpec(input, { parents: [input.baselineId], role: 'explorer', operator: 'explore' }));
      notes.push(`island ${island.index}: empty, explorer from baseline`);
      continue;
    }
    const draw = rng.next();
    const sampling: Sampling = draw < settings.explorationRatio ? 'exploration' : draw < settings.explorationRatio + settings.exploitationRatio ? 'exploitation' : 'diversity';
    const preferred = sampling === 'exploitation' ? nicheTurns.shift() : undefined;
    const sampled = sampleParent(island, pool, db.archive, sampling, [rng.next(), rng.next()], settings.niche, preferred);
    const parent = sampling === 'exploitation' && !free(sampled) ? (handOff(sampled) ?? sampled) : sampled;
    const inspirations = pickInspirations(db, island, parent.id, settings.inspirations, rng.next());
    // Exploration and exploitation say where the parent comes from (OpenEvolve gives both the same
    // kind of edit): a free parent is refined either way. Diversity slots make a bold change.
    const refine = sampling !== 'diversity' && free(parent);
    if (refine) busy.add(parent.id);
    const hasChildren = attempts.some((a) => a.parents[0] === parent.id);
    specs.push(
      makeSpec(input, {
        parents: [parent.id],
        role: refine ? 'optimizer' : 'explorer',
        operator: parent.id === input.baselineId && !refine ? 'explore' : refine || !hasChildren ? 'deepen' : 'fan-out',
        informedBy: inspirations.map((a) => a.id),
        extra: inspirationLines(inspirations),
      }),
    );
    notes.push(`island ${island.index}: ${sampling} parent ${parent.id}${inspirations.length > 0 ? `, inspirations ${inspirations.map((a) => a.id).join(', ')}` : ''}`);
  }
  const migration = db.islands.some((i) => i.migrants.length > 0) ? '; ring migration active' : '';
  return { specs, rationale: `${notes.join('; ')}${migration}` };
};

const sampleParent = (island: Island, pool: readonly AttemptView[], archive: readonly AttemptView[], sampling: Sampling, draws: readonly [number, number], niche: NicheDescriptor, preferred?: string): AttemptView => {
  const [u, v] = draws;
  const pick = (items: readonly AttemptView[], w = u): AttemptView | undefined => items[Math.floor(w * items.length)];
  const fallback = pool[0] as AttemptView;
  // The baseline seeds every island, but once an island has lineages of its own, exploration
  // continues those (a fresh start from the baseline is what the first wave already did); the
  // grid's cells never hold the baseline, so diversity draws the island's own programs too.
  const natives = pool.filter((a) => a.role !== 'baseline');
  if (sampling === 'exploration') {
    // Binary tournament over the island (its pool is best first): any member may be drawn, the
    // better of two draws is kept, so a small budget is not spent evenly on the island's worst.
    const from = natives.length > 0 ? natives : pool;
    const first = Math.floor(u * from.length);
    const second = Math.floor(v * from.length);
    return from[Math.min(first, second)] ?? fallback;
  }
  if (sampling === 'exploitation') {
    // The archive is global (elites of every island). Its niche is the preferred one when that
    // niche has an elite there, else uniform over niches (one u drives both draws), so a niche
    // whose elite ranks below the incumbent is exploited too; within the niche, rank power law.
    // The baseline is an exploitation parent only while it leads (first in the archive).
    const elites = archive.filter((a, i) => a.role !== 'baseline' || i === 0);
    const local = elites.length > 0 ? elites : pool;
    const niches = [...new Set(local.map((a) => nichePrefix(a, niche)))];
    const scaled = u * niches.length;
    const chosen = preferred !== undefined && niches.includes(preferred) ? preferred : niches[Math.floor(scaled)];
    const inNiche = local.filter((a) => nichePrefix(a, niche) === chosen);
    return inNiche[powerLawRank(inNiche.length, scaled - Math.floor(scaled))] ?? fallback;
  }
  return pick([...island.cells.values()]) ?? fallback;
};

/** Steepness of the rank weighting of exploitation parents (ShinkaEvolve's `power_law` selection). */
export const EXPLOITATION_ALPHA = 1;

/**
 * A rank in [0, count) drawn with probability proportional to (rank + 1)^-alpha from one uniform
 * draw u: the archive's best is refined most often, its runners-up still get turns.
 */
export const powerLawRank = (count: number, u: number, alpha = EXPLOITATION_ALPHA): number => {
  const weights = Array.from({ length: count }, (_, i) => (i + 1) ** -alpha);
  const total = weights.reduce((s, w) => s + w, 0);
  let cumulative = 0;
  for (let i = 0; i < count; i++) {
    cumulative += (weights[i] ?? 0) / total;
    if (u < cumulative) return i;
  }
  return Math.max(0, count - 1);
};

/**
 * The run's best program (OpenEvolve always includes the absolute best when it is not the
 * parent), then elites of other cells (this island first, then the others), excluding the parent.
 */
const pickInspirations = (db: { ranked: readonly AttemptView[]; islands: readonly Island[] }, island: Island, parent: AttemptId, count: number, u: number): AttemptView[] => {
  if (count <= 0) return [];
  const best = db.ranked.find((a) => a.role !== 'baseline');
  const lead = best !== undefined && best.id !== parent ? [best] : [];
  const local = [...island.cells.values()];
  const others = db.islands.filter((i) => i !== island).flatMap((i) => [...i.cells.values()]);
  const candidates = [...local, ...others].filter((a, i, all) => a.id !== parent && a.id !== best?.id && all.findIndex((b) => b.id === a.id) === i);
  const start = Math.floor(u * Math.max(1, candidates.length));
  const rest = Array.from({ length: Math.min(count - lead.length, candidates.length) }, (_, i) => candidates[(start + i) % candidates.length]).filter((a): a is AttemptView => a !== undefined);
  return [...lead, ...rest];
};

const inspirationLines = (inspirations: readonly AttemptView[]): string[] =>
  inspirations.length === 0
    ? []
    : ['Inspirations (elites of other cells of the program database; read them, do not copy blindly):', ...inspirations.map((a) => `  - ${a.id}: score ${formatScore(a.score)}${a.hypothesis ? ` — ${a.hypothesis.replace(/\s+/g, ' ').slice(0, 110)}` : ''}`)];

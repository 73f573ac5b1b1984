import type { AttemptId } from '../../domain/ids.js';
import { creditWithheld, depthOf, rankScored } from '../../domain/population.js';
import type { Direction } from '../../domain/score.js';
import { isBetter } from '../../domain/score.js';
import type { AttemptView } from '../../domain/types.js';
import { nicheLabel, type NicheDescriptor } from './niches.js';

export interface DatabaseSettings {
  islands: number;
  /** `depth`, `diffSize`, `score`, or the name of an evaluator metric. */
  featureDimensions: string[];
  gridSize: number;
  eliteRatio: number;
  migrationInterval: number;
  migrationRate: number;
  /** What names an attempt's niche (an evaluator metric or the code signature): an exact, unbinned grid dimension. */
  niche: NicheDescriptor;
}

/** One island: its members and its MAP-Elites grid (cell key -> best program of the cell). */
export interface Island {
  index: number;
  members: AttemptView[];
  cells: Map<string, AttemptView>;
  /** Programs received from the previous island of the ring at the last migration. */
  migrants: AttemptView[];
}

export interface ProgramDatabase {
  islands: Island[];
  /** The best `eliteRatio` share of all scored programs (at least one), plus the best program of every niche. */
  archive: AttemptView[];
  islandOf: Map<AttemptId, number>;
  /** Every scored program whose credit is not withheld, the baseline included, best first. */
  ranked: AttemptView[];
}

const featureValue = (attempts: readonly AttemptView[], attempt: AttemptView, dimension: string): number => {
  if (dimension === 'depth') return depthOf(attempts, attempt.id);
  if (dimension === 'diffSize') return attempt.diffSize ?? 0;
  if (dimension === 'score') return attempt.score ?? 0;
  return attempt.metrics?.[dimension] ?? 0;
};

/** `design=2|` for a program reporting metric `design` = 2 when that metric names the niche (its code signature likewise); else empty. */
export const nichePrefix = (attempt: AttemptView, niche: NicheDescriptor): string => (niche === null ? '' : `${nicheLabel(attempt, niche) ?? '?'}|`);

/** The cell of a program: each feature binned over the range seen in the population. */
export const cellKey = (values: readonly number[], ranges: ReadonlyArray<readonly [number, number]>, gridSize: number): string =>
  values
    .map((value, i) => {
      const [low, high] = ranges[i] ?? [0, 0];
      const t = high > low ? (value - low) / (high - low) : 0;
      return Math.min(gridSize - 1, Math.max(0, Math.floor(t * gridSize)));
    })
    .join(',');

/** What island assignment reads of an attempt (an `AttemptView`, or a report row in the graph). */
export interface IslandMember<Id extends string = string> {
  id: Id;
  role: AttemptView['role'];
  parents: readonly Id[];
}

/**
 * The island of every searched attempt, given oldest first: a family's island is the order of its
 * root among the roots, modulo `count`; a child stays on its first parent's island. The baseline has
 * none (it seeds every island). The evolve policy and `swarm graph` both read islands from here.
 */
export const assignIslands = <Id extends string>(attempts: readonly IslandMember<Id>[], count: number): Map<Id, number> => {
  const known = new Set(attempts.map((a) => a.id));
  const islandOf = new Map<Id, number>();
  let roots = 0;
  for (const attempt of attempts) {
    if (attempt.role === 'baseline') continue;
    const parent = attempt.parents[0];
    const inherited = parent !== undefined && known.has(parent) ? islandOf.get(parent) : undefined;
    islandOf.set(attempt.id, inherited ?? roots++ % Math.max(1, count));
  }
  return islandOf;
};

/**
 * Rebuilds the program database from the population (policies are stateless): a family's island
 * is the order of its root among the baseline's children, modulo the island count, and children
 * stay on their first parent's island. Every `migrationInterval` generations the best
 * `migrationRate` share of each island also becomes available to the next island of the ring.
 */
export const buildDatabase = (attempts: readonly AttemptView[], direction: Direction, generation: number, settings: DatabaseSettings): ProgramDatabase => {
  const count = Math.max(1, settings.islands);
  const islandOf = assignIslands([...attempts].sort((a, b) => a.createdAt - b.createdAt), count);
  // The baseline is a member of every island (as OpenEvolve, FunSearch and ShinkaEvolve seed every
  // island with the initial program) but holds no cell: cells are the island's own programs.
  const ranked = rankScored(attempts, direction).filter((a) => !creditWithheld(a));
  const scored = ranked.filter((a) => a.role !== 'baseline');
  const vectors = new Map(ranked.map((a) => [a.id, settings.featureDimensions.map((d) => featureValue(attempts, a, d))]));
  const ranges = settings.featureDimensions.map((_, i) => {
    const values = [...vectors.values()].map((v) => v[i] ?? 0);
    return [Math.min(...values, 0), Math.max(...values, 0)] as const;
  });
  const islands: Island[] = Array.from({ length: count }, (_, index) => ({ index, members: [], cells: new Map(), migrants: [] }));
  for (const attempt of ranked) {
    const key = nichePrefix(attempt, settings.niche) + cellKey(vectors.get(attempt.id) ?? [], ranges, settings.gridSize);
    const homes = attempt.role === 'baseline' ? islands : [islands[islandOf.get(attempt.id) ?? 0]];
    for (const island of homes) {
      if (!island) continue;
      island.members.push(attempt);
      if (attempt.role !== 'baseline' && isBetter(attempt.score, island.cells.get(key)?.score ?? null, direction)) island.cells.set(key, attempt);
    }
  }
  if (count > 1 && settings.migrationInterval > 0 && generation > settings.migrationInterval) {
    for (const island of islands) {
      const source = islands[(island.index + count - 1) % count];
      if (!source || source.members.length === 0) continue;
      const natives = source.members.filter((a) => a.role !== 'baseline');
      if (natives.length === 0) continue;
      island.migrants = natives.slice(0, Math.max(1, Math.ceil(settings.migrationRate * natives.length)));
    }
  }
  // The archive ranks the baseline too: while nothing beats it, it is the elite exploitation refines.
  const archive = ranked.slice(0, Math.max(1, Math.ceil(settings.eliteRatio * scored.length)));
  if (settings.niche !== null) {
    // MAP-Elites keeps the elite of every behavior niche, however it ranks overall.
    const seen = new Set(archive.map((a) => nichePrefix(a, settings.niche)));
    for (const attempt of scored) {
      const niche = nichePrefix(attempt, settings.niche);
      if (seen.has(niche)) continue;
      seen.add(niche);
      archive.push(attempt);
    }
  }
  return { islands, archive, islandOf, ranked };
};

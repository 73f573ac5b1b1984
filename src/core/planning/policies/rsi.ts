import type { AttemptId } from '../../domain/ids.js';
import { bestAttempt, creditWithheld, parentsUnderOptimization, rankScored } from '../../domain/population.js';
import { formatScore } from '../../domain/score.js';
import type { AttemptSpec } from '../../domain/types.js';
import { byPlanOrder, makeSpec, type PolicyInput, type PolicyPlan } from '../policy-input.js';
import { armOf, discountedUcb, rewardOf, type Arm } from './rsi-bandit.js';
import { largestGain, pickNiches, refinementsExhausted, summarizeNiches, type NicheDescriptor } from './niches.js';
import { crossoverDonors, unresolvedNeeds } from './rsi-needs.js';

export interface RsiSettings {
  initialExplorers: number;
  waveSize: number;
  /** Discount of past outcomes in the UCB index (1 = stationary UCB). */
  discount: number;
  /** Weight of the exploration bonus. */
  beta: number;
  /** Weight of the request pressure from unresolved needs. */
  gamma: number;
  /** Size of the program frontier and cap on the needs considered. */
  k: number;
  /** What names an attempt's niche (an evaluator metric or the code signature); null: niches are lineages. */
  niche: NicheDescriptor;
}

const MAX_DONORS = 3;

/**
 * SwarmRSI: a hypothesis frontier and a program frontier. Each slot picks H (revise the idea) or
 * P (repair or refine the implementation) by a discounted-UCB index over recent improvement per
 * cost plus `gamma` times the pressure of unresolved needs: invalid programs ask P to repair,
 * mixed per-instance results ask H to broaden (crossover), a new incumbent asks H to rebase
 * retained hypotheses of the incumbent's niche onto it. The program frontier holds the best `k`
 * programs (with a behavior descriptor, every niche's best first); P refines its best free program
 * (the baseline while nothing beats it), and new hypotheses start from the frontier niche with the
 * best upper confidence bound on gain per attempt, so a young niche below the incumbent keeps
 * receiving tries while it improves.
 */
export const planRsi = (input: PolicyInput & { settings: RsiSettings }): PolicyPlan => {
  const { attempts, direction, settings } = input;
  const searchers = attempts.filter((a) => a.role !== 'baseline');
  if (searchers.length === 0 || input.wave <= 1) {
    const size = Math.min(settings.initialExplorers, input.maxAttempts);
    return { specs: Array.from({ length: size }, () => makeSpec(input, { parents: [input.baselineId], role: 'explorer', operator: 'explore' })), rationale: `initial hypotheses: ${size} explorers from baseline` };
  }
  const byId = new Map(attempts.map((a) => [a.id, a]));
  const baseline = byId.get(input.baselineId);
  // Rewards are gains in units of the largest gain so far, so beta weighs the same on every task.
  const scale = largestGain(attempts, direction);
  const incumbent = bestAttempt(attempts, direction);
  const baselineLeads = incumbent?.id === input.baselineId;
  const finished = searchers.filter((a) => a.status !== 'running').sort(byPlanOrder);
  const costs = finished.map((a) => a.costUsd);
  const meanCost = costs.length > 0 ? costs.reduce((s, c) => s + c, 0) / costs.length : 0;
  const outcomes = finished.flatMap((a) => {
    const arm = armOf(a.operator);
    return arm === null ? [] : [{ arm, reward: rewardOf(a, byId, scale, meanCost, direction) }];
  });
  const needs = unresolvedNeeds(attempts, direction, settings.k, settings.niche);
  const niches = summarizeNiches(attempts, direction, settings.niche);
  // The program frontier: the best `k` programs; with a behavior descriptor, the best program of
  // every niche first (a declared design family is kept alive however it ranks; lineages are not
  // designs, so without a descriptor weak lineages drop off the frontier).
  const ranked = rankScored(attempts, direction).filter((a) => !creditWithheld(a) && a.role !== 'baseline');
  const described = settings.niche !== null;
  const eliteIds = new Set(described ? niches.map((n) => n.best.id) : []);
  const frontier = [...niches.filter((n) => eliteIds.has(n.best.id)).map((n) => n.best), ...ranked.filter((a) => !eliteIds.has(a.id))].slice(0, Math.max(1, settings.k, eliteIds.size));
  const onFrontier = new Set(frontier.map((a) => a.id));
  // New hypotheses start from the niches of the frontier by UCB; while nothing beats the baseline, the first from it.
  const frontierNiches = niches.filter((n) => described || onFrontier.has(n.best.id));
  const nicheBases = pickNiches(frontierNiches, Math.min(settings.waveSize, input.maxAttempts), settings.beta).map((n) => n.best.id);
  const hypothesisBases = baselineLeads ? [input.baselineId, ...nicheBases] : nicheBases;
  const busy = parentsUnderOptimization(attempts);
  const size = Math.min(settings.waveSize, input.maxAttempts);
  const specs: AttemptSpec[] = [];
  const notes: string[] = [];
  const virtual: Array<{ arm: Arm; reward: number }> = [];
  let explorerTurn = 0;
  let rebased = false;

  for (let slot = 0; slot < size; slot++) {
    const ucb = discountedUcb([...outcomes, ...virtual], settings.discount, settings.beta);
    const pressureH = Math.min(1, (needs.rebases.length + needs.mixed.length) / settings.k);
    const pressureP = Math.min(1, needs.repairs.length / settings.k);
    const indexH = ucb.H.index + settings.gamma * pressureH;
    const indexP = ucb.P.index + settings.gamma * pressureP;
    const arm: Arm = indexP > indexH ? 'P' : 'H';
    virtual.push({ arm, reward: ucb[arm].mean });
    const step = arm === 'P' ? planP() : planH();
    specs.push(step.spec);
    notes.push(`${arm} (index ${indexH.toFixed(3)} vs ${indexP.toFixed(3)}): ${step.note}`);
  }
  return { specs, rationale: notes.join('; ') };

  function planP(): { spec: AttemptSpec; note: string } {
    const broken = needs.repairs.shift();
    if (broken) {
      return { spec: makeSpec(input, { parents: [broken.id], role: 'optimizer', operator: 'repair', extra: [`Repair: ${broken.id} was invalid; make its idea work.`] }), note: `repair ${broken.id}` };
    }
    const free = (id: AttemptId): boolean => !busy.has(id) && !refinementsExhausted(attempts, id) && (id !== input.baselineId || baselineLeads);
    // While nothing beats the baseline, it is the incumbent the program frontier refines first.
    const leader = baselineLeads && baseline && free(baseline.id) ? baseline : undefined;
    // Then the best free program of the frontier (niche elites best first, then runners-up): an
    // implementation is refined where a better one pays most, not spread over weak lineages.
    const target = leader ?? frontier.find((a) => free(a.id));
    if (target) {
      busy.add(target.id);
      return { spec: makeSpec(input, { parents: [target.id], role: 'optimizer', operator: 'deepen' }), note: `refine ${target.id} (best free on the frontier)` };
    }
    return planH();
  }

  function planH(): { spec: AttemptSpec; note: string } {
    // One rebase per plan: the request raises H's index, it does not own every H slot.
    const rebase = rebased ? undefined : needs.rebases.shift();
    if (rebase) {
      rebased = true;
      const idea = rebase.source.hypothesis ?? 'its change';
      return {
        spec: makeSpec(input, {
          parents: [rebase.base],
          role: 'explorer',
          operator: 'rebase',
          informedBy: [rebase.source.id],
          extra: [`Rebase: realize the retained hypothesis of ${rebase.source.id} (score ${formatScore(rebase.source.score)}) on this base: ${idea.replace(/\s+/g, ' ').slice(0, 200)}`],
        }),
        note: `rebase ${rebase.source.id} onto ${rebase.base}`,
      };
    }
    const mixed = needs.mixed.shift();
    if (mixed) {
      const { donors, assignment } = crossoverDonors([mixed, ...frontier.filter((a) => a.id !== mixed.id)], direction);
      const parents = donors.slice(0, MAX_DONORS).map((a) => a.id);
      if (parents.length >= 2) {
        const lines = assignment.filter((a) => parents.includes(a.donor.id)).map((a) => `  - instance ${a.instance}: take the components of ${a.donor.id} (${formatScore(a.score)})`);
        return { spec: makeSpec(input, { parents, role: 'explorer', operator: 'merge', extra: ['Crossover per instance: the donors below each win these evaluator instances.', ...lines] }), note: `crossover of ${parents.join(' + ')}` };
      }
    }
    const parent: AttemptId = hypothesisBases[explorerTurn++] ?? input.baselineId;
    const operator = parent === input.baselineId ? 'explore' : 'fan-out';
    return { spec: makeSpec(input, { parents: [parent], role: 'explorer', operator }), note: `new hypothesis from ${parent} (niche UCB)` };
  }
};


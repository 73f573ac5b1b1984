import { z } from 'zod';
import { attemptId, type AttemptId } from '../../domain/ids.js';
import { parentsUnderOptimization } from '../../domain/population.js';
import type { Rng } from '../../domain/random.js';
import type { AttemptSpec, AttemptView, Operator } from '../../domain/types.js';
import type { WavePlan } from './rules.js';

const planSchema = z.object({
  reasoning: z.string().default(''),
  attempts: z
    .array(
      z.object({
        parents: z.array(z.string().min(1)).min(1),
        role: z.enum(['explorer', 'optimizer']),
        context: z.string().default(''),
        backend: z.string().optional(),
        informedBy: z.array(z.string()).optional(),
      }),
    )
    .min(1),
});

export interface PlanLimits {
  attempts: readonly AttemptView[];
  baselineId: AttemptId;
  maxAttempts: number;
  backend: string;
  rng: Rng;
}

/** The JSON object of a reply: the whole text, or the first `{` to the last `}` (models wrap JSON in prose or fences). */
const extractJson = (text: string): unknown => {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end < start) throw new Error('the reply contains no JSON object');
  return JSON.parse(text.slice(start, end + 1));
};

const operatorOf = (role: AttemptSpec['role'], parents: readonly AttemptId[], baselineId: AttemptId): Operator =>
  role === 'optimizer' ? 'deepen' : parents.length > 1 ? 'merge' : parents[0] === baselineId ? 'explore' : 'fan-out';

/**
 * Validates a model's wave plan: JSON shape, parents that exist and are scored, a role, at most
 * one optimizer per parent (running ones included), the backend of this run, and the wave size.
 * Returns every problem at once so they can be sent back to the model.
 */
export const validateShepherdPlan = (reply: string, limits: PlanLimits): { ok: true; plan: WavePlan } | { ok: false; errors: string[] } => {
  let raw: unknown;
  try {
    raw = extractJson(reply);
  } catch (error) {
    return { ok: false, errors: [`not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const parsed = planSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => `${i.path.join('.') || '(plan)'}: ${i.message}`) };
  const errors: string[] = [];
  const byId = new Map(limits.attempts.map((a) => [a.id as string, a]));
  const busy = new Set<string>(parentsUnderOptimization(limits.attempts));
  const { attempts } = parsed.data;
  if (attempts.length > limits.maxAttempts) errors.push(`attempts: ${attempts.length} planned, at most ${limits.maxAttempts} allowed in this wave`);
  attempts.forEach((a, index) => {
    const at = `attempts.${index}`;
    for (const parent of a.parents) {
      const known = byId.get(parent);
      if (!known) errors.push(`${at}.parents: ${parent} is not an attempt of this run`);
      else if (known.status !== 'scored') errors.push(`${at}.parents: ${parent} is ${known.status}; only scored attempts can be parents`);
    }
    if (new Set(a.parents).size !== a.parents.length) errors.push(`${at}.parents: a parent is listed twice`);
    if (a.backend !== undefined && a.backend !== limits.backend) errors.push(`${at}.backend: only "${limits.backend}" runs in this swarm`);
    for (const source of a.informedBy ?? []) if (!byId.has(source)) errors.push(`${at}.informedBy: ${source} is not an attempt of this run`);
    if (a.role === 'optimizer') {
      const parent = a.parents[0] ?? '';
      if (a.parents.length !== 1) errors.push(`${at}: an optimizer has exactly one parent`);
      else if (busy.has(parent)) errors.push(`${at}: ${parent} already has an optimizer (at most one optimizer per parent)`);
      busy.add(parent);
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  const specs: AttemptSpec[] = attempts.map((a) => {
    const parents = a.parents.map(attemptId);
    return {
      parents,
      role: a.role,
      operator: operatorOf(a.role, parents, limits.baselineId),
      backend: limits.backend,
      context: a.context.trim(),
      informedBy: (a.informedBy ?? []).map(attemptId),
      seed: limits.rng.int(2 ** 31),
    };
  });
  return { ok: true, plan: { specs, rationale: `llm: ${parsed.data.reasoning.replace(/\s+/g, ' ').trim().slice(0, 300) || `${specs.length} attempts`}` } };
};

import { z } from 'zod';
import type { ReportProvenance } from '../../export/report-winner.js';
import type { RunStore } from '../../core/ports/index.js';
import type { Workspace } from '../../core/ports/index.js';
import { swarmOwnPathsIn } from '../../workspace/findings-path.js';

// Only what the report shows of the stored config; the rest is printed as stored.
const storedConfig = z.object({
  shepherd: z.object({ seed: z.number() }).partial().optional(),
  evaluator: z.object({ command: z.string().nullable(), cascade: z.array(z.object({ command: z.string() })) }).partial().optional(),
});

const evaluatorCommandOf = (configJson: string): { seed: number | null; command: string | null } => {
  try {
    const parsed = storedConfig.safeParse(JSON.parse(configJson));
    if (!parsed.success) return { seed: null, command: null };
    const evaluator = parsed.data.evaluator;
    const command = evaluator?.command ?? (evaluator?.cascade?.map((stage) => stage.command).join(' → ') || null);
    return { seed: parsed.data.shepherd?.seed ?? null, command };
  } catch {
    return { seed: null, command: null };
  }
};

/**
 * How a run was made (baseline commit, seed, evaluator command, the resolved config) and what won
 * it: the best attempt's change against the baseline commit and its changed files in full.
 */
export const loadReportProvenance = async (store: RunStore, workspace: Workspace, runId: string, bestId: string | null): Promise<ReportProvenance> => {
  const run = store.requireRun(runId);
  const { seed, command } = evaluatorCommandOf(run.configJson);
  const attempts = store.listAttempts(runId);
  const metricsById = Object.fromEntries(attempts.filter((a) => Object.keys(a.metrics).length > 0).map((a) => [a.id, a.metrics]));
  const best = bestId === null ? null : attempts.find((a) => a.id === bestId) ?? null;
  const tip = best?.tipCommit ?? best?.headCommit ?? null;
  if (best === null || best.role === 'baseline' || tip === null) return { baseCommit: run.baseCommit, seed, evaluatorCommand: command, configJson: run.configJson, metricsById, winner: null };
  const excluded = swarmOwnPathsIn(workspace.subdir);
  const diff = await workspace.diffText(run.baseCommit, tip, excluded);
  const paths = [...diff.matchAll(/^diff --git a\/(.+?) b\/(.+)$/gm)].map((m) => m[2] ?? '').filter((path) => path !== '');
  const files = await Promise.all(paths.map(async (path) => ({ path, text: await workspace.showFile(tip, path) })));
  return {
    baseCommit: run.baseCommit,
    seed,
    evaluatorCommand: command,
    configJson: run.configJson,
    metricsById,
    winner: { id: best.id, score: best.score, metrics: best.metrics, diff, files },
  };
};

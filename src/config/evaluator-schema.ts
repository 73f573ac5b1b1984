import { z } from 'zod';
import type { ConfigPlugins } from './config-plugins.js';
import { evaluatorRunnerSections } from './runner-sections.js';
import { int, positiveDurationSchema } from './schema-primitives.js';

export const EVAL_SANDBOXES = ['none', 'bwrap'] as const;

const stageSchema = z.strictObject({
  name: z.string().min(1).describe('Stage name, shown in status and passed to the evaluator as SWARM_STAGE.'),
  command: z.string().min(1).describe('Shell command of this stage, run in the attempt checkout.'),
  timeout: positiveDurationSchema.optional()
    .describe('Timeout of this stage; defaults to evaluator.timeout.'),
  threshold: z.number().nullable().default(null)
    .describe('The primary metric must reach this value (>= when maximizing, <= when minimizing) for the next stage to run; null = always go on.'),
  thresholdOn: z.enum(['score', 'combined-or-mean']).default('score')
    .describe('What the threshold is compared with: "score" = this stage\'s primary metric; "combined-or-mean" = OpenEvolve\'s rule, `combined_score` of the metrics of every stage so far, else the mean of those metrics except `error`, always compared with >=.'),
}).transform(({ timeout, ...stage }) => ({ ...stage, timeoutMs: timeout }));

type StageWithDefaultTimeout = z.output<typeof stageSchema>;

/** Stages whose timeout was not written take `timeoutMs`, the timeout of the enclosing section. */
const withTimeouts = (stages: StageWithDefaultTimeout[], timeoutMs: number) =>
  stages.map((stage) => ({ ...stage, timeoutMs: stage.timeoutMs ?? timeoutMs }));

const heldOutSchema = z.strictObject({
  command: z.string().min(1).nullable().default(null)
    .describe('Held-out evaluator command, run in a finalist\'s checkout (SWARM_STAGE "held-out"); null = evaluator.heldOut.cascade.'),
  cascade: z.array(stageSchema).prefault([]).describe('Held-out stages instead of one command.'),
  timeout: positiveDurationSchema.optional().describe('Timeout of the held-out command; defaults to evaluator.timeout.'),
  finalists: int(1, 100).default(3).describe('How many of the best attempts are scored held-out when a run ends.'),
}).transform(({ command, cascade, timeout, finalists }, ctx) => {
  // A timeout still undefined here is evaluator.timeout's, filled in by the evaluator's transform.
  const stages: StageWithDefaultTimeout[] = cascade.length > 0
    ? cascade.map((stage) => ({ ...stage, timeoutMs: stage.timeoutMs ?? timeout }))
    : command === null ? [] : [{ name: 'held-out', command, timeoutMs: timeout, threshold: null, thresholdOn: 'score' }];
  if (stages.length === 0) {
    ctx.issues.push({ code: 'custom', input: { command, cascade }, message: 'has neither a command nor a cascade; set evaluator.heldOut.command, or set evaluator.heldOut to null' });
    return z.NEVER;
  }
  return { stages, finalists };
});

/**
 * `evaluator`: how an attempt is scored; resolves to the shapes runners read (durations in ms, stage
 * timeouts filled). The runners' names and own sections come from their registry, through `runners`.
 */
export const evaluatorSchemaFor = (runners: ConfigPlugins['runners']) => {
  // Typed as `object`: the static type is the shared evaluator's; the runners' sections are added by the assembled config's type.
  const runnerSections: object = evaluatorRunnerSections(runners, ['wrap', 'sandbox', 'network']);
  return z.strictObject({
    command: z.string().min(1)
      .describe('Command that scores a checkout, run through a shell with the attempt checkout as working directory. Required.'),
    timeout: positiveDurationSchema.prefault('10m').describe('Timeout of each evaluation stage.'),
    protect: z.array(z.string().min(1)).default([])
      .describe('Globs (picomatch syntax) of files agents and evaluated programs may not change, e.g. ["evaluate.js", "data/**"]; before every evaluation they are restored to the run\'s baseline and made read-only, and an attempt that changes one is invalid (flag protected-violation).'),
    artifacts: z.array(z.string().min(1)).default([])
      .describe('Globs (picomatch syntax) of evaluation output files to keep: copied to .swarm/logs/<attempt>/artifacts/ after each evaluation. Nothing an evaluation writes enters the attempt\'s branch.'),
    cascade: z.array(stageSchema).prefault([])
      .superRefine((stages, ctx) => {
        const seen = new Set<string>();
        stages.forEach((stage, index) => {
          if (seen.has(stage.name)) {
            ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `duplicate stage name "${stage.name}"; give each stage its own name` });
          }
          seen.add(stage.name);
        });
      })
      .describe('Ordered evaluation stages; empty means one stage "main" running evaluator.command.'),
    confirm: int(0, 10).default(0).describe('Extra evaluations with other seeds before a new best is crowned (the mean is its score); 0 with a noisy evaluator (the baseline\'s noise check) means 2, and the mean must then beat the best by the noise margin (docs/objectives.md).'),
    noiseCheck: z.boolean().default(true)
      .describe('Evaluate the baseline twice with the same seed and warn when the scores differ (an evaluator that is not deterministic for a seed makes "best" partly noise); then measure its spread (two more seeds, or the evaluator\'s score_stderr) and crown only beyond 2 standard errors (docs/objectives.md); false = evaluate it once and crown on the score alone.'),
    env: z.record(z.string(), z.string()).default({}).describe('Extra environment variables for the evaluator.'),
    passEnv: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')).default([])
      .describe('Names of variables of swarm\'s environment passed on to the evaluator (and to API agents\' run_command) besides the allow-list (PATH, HOME, LANG, LC_*, TMPDIR, SWARM_*, GPU variables, ...).'),
    gpus: z.array(z.string().min(1)).default([])
      .describe('GPU ids of a local GPU pool; each evaluation holds evaluator.gpusPerEvaluation of them, as CUDA_VISIBLE_DEVICES, HIP_VISIBLE_DEVICES and ROCR_VISIBLE_DEVICES (agents\' `swarm eval` included). Empty = no GPU pool.'),
    gpusPerEvaluation: int(1, 64).default(1)
      .describe('GPUs of evaluator.gpus each local evaluation holds (CUDA_VISIBLE_DEVICES="a,b"); at most the size of the pool.'),
    heldOut: heldOutSchema.nullable().prefault(null)
      .describe('A second evaluation run only on finalists (the best evaluator.heldOut.finalists attempts when a run ends, and `swarm heldout`), stored as kind "held-out" and never shown to agents or the Shepherd; null = none.'),
    tailBytes: int(0, 10_000_000).default(4000).describe('Bytes of the evaluator\'s stdout and stderr tails to keep.'),
    runner: z.enum(runners.names).default('local')
      .describe('Where evaluations run: "local" processes (with evaluator.gpus slots), "slurm" batch jobs (evaluator.slurm), or "command": evaluator.wrap around the evaluator command (srun, kubectl, modal …).'),
    // Each runner's own section (evaluator.slurm, …), from its descriptor's settings.
    ...runnerSections,
    wrap: z.array(z.string().min(1)).default([])
      .refine((argv) => argv.length === 0 || argv.includes('{command}'), { message: 'evaluator.wrap must contain "{command}" where the evaluator command goes, e.g. ["srun", "--gpus=1", "{command}"]' })
      .describe('evaluator.runner "command": argv that wraps the evaluator command, "{command}" standing for it (run as `sh -c <command>`), e.g. ["srun", "--gpus=1", "{command}"]; same timeout and tree kill as local.'),
    sandbox: z.enum(EVAL_SANDBOXES).default('none')
      .describe('Containment of every evaluation (the run\'s and agents\' `swarm eval`): "none" runs a plain process tree; "bwrap" runs it under bubblewrap (Linux, package bubblewrap) with a read-only root, a writable checkout, a private /tmp, protected paths read-only, no network unless evaluator.network, and its own PID namespace. See docs/trust.md.'),
    network: z.boolean().default(false)
      .describe('Under evaluator.sandbox "bwrap": let evaluations reach the network, loopback services included. Without a sandbox the network is always reachable.'),
  }).superRefine((evaluator, ctx) => {
    // A check across fields, as a refinement: it is reported even when another field of the evaluator is wrong too.
    const pool = evaluator.gpus.length;
    if (pool > 0 && evaluator.gpusPerEvaluation > pool) {
      ctx.addIssue({
        code: 'custom', path: ['gpusPerEvaluation'], input: evaluator.gpusPerEvaluation,
        message: `${evaluator.gpusPerEvaluation} is more than the ${pool} GPU${pool === 1 ? '' : 's'} evaluator.gpus lists; list more GPUs or lower evaluator.gpusPerEvaluation`,
      });
    }
  }).transform(({ timeout, cascade, heldOut, ...evaluator }) => {
    return {
      ...evaluator,
      timeoutMs: timeout,
      cascade: withTimeouts(cascade, timeout),
      heldOut: heldOut === null ? null : { ...heldOut, stages: withTimeouts(heldOut.stages, timeout) },
    };
  });
};

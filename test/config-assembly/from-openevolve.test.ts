import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config-assembly/schema.js';
import { mapOpenEvolve, type OpenEvolveExample } from '../../src/config-assembly/from-openevolve.js';

const example = (overrides: Partial<OpenEvolveExample> = {}): OpenEvolveExample => ({
  config: {}, configFile: 'config.yaml', evaluatorFile: 'evaluator.py', programFile: 'initial_program.py', adapterFile: 'openevolve_adapter.py',
  stageFunctions: [], reportsCombinedScore: true, ...overrides,
});
const base = 'python3 openevolve_adapter.py evaluator.py initial_program.py';

describe('mapOpenEvolve', () => {
  it('maps a three-stage cascade with OpenEvolve\'s default thresholds: the last stage has none', () => {
    const { config } = mapOpenEvolve(example({ stageFunctions: [1, 2, 3] }));
    expect(config.evaluator?.cascade).toEqual([
      { name: 'stage1', command: `${base} --stage 1`, threshold: 0.5, thresholdOn: 'combined-or-mean' },
      { name: 'stage2', command: `${base} --stage 2`, threshold: 0.75, thresholdOn: 'combined-or-mean' },
      { name: 'stage3', command: `${base} --stage 3`, threshold: null, thresholdOn: 'combined-or-mean' },
    ]);
    expect(configSchema.safeParse(config).success).toBe(true);
  });

  it('runs evaluate() alone when the cascade is off or there is no evaluate_stage1', () => {
    expect(mapOpenEvolve(example({ config: { evaluator: { cascade_evaluation: false } }, stageFunctions: [1, 2] })).config.evaluator?.cascade).toEqual([]);
    expect(mapOpenEvolve(example({ stageFunctions: [2] })).config.evaluator?.cascade).toEqual([]);
  });

  it('derives mean_of_metrics without combined_score and says so', () => {
    const mapping = mapOpenEvolve(example({ reportsCombinedScore: false }));
    expect(mapping.config.objective).toEqual({ metric: 'mean_of_metrics', direction: 'maximize' });
    expect(mapping.notes.join('\n')).toMatch(/mean_of_metrics.*OpenEvolve's fallback/);
  });

  it('keeps swarm defaults for values it cannot read, names them, and lists unknown keys with advice', () => {
    const mapping = mapOpenEvolve(example({ config: { max_iterations: 'many', database: { feature_dimensions: ['score', 3], num_islands: 4 }, evaluator: { timeout: 60, use_llm_feedback: true }, early_stopping_patience: 5, hierarchical: { enabled: false } } }));
    expect(mapping.config.budget).toBeUndefined();
    expect(mapping.config.evaluator?.timeout).toBe('60s');
    expect(mapping.notes[0]).toMatch(/config\.yaml has values swarm cannot read \(max_iterations, database\.feature_dimensions\)/);
    expect(mapping.config.shepherd?.evolve).toEqual({ islands: 4 });
    expect(mapping.unmapped).toEqual([
      'evaluator.use_llm_feedback: no LLM judge in swarm evaluations; put such scoring into the evaluator',
      'early_stopping_patience: swarm stops on budget.attempts, budget.waves, budget.wallClock, budget.costUsd or budget.tokens',
      'hierarchical: no swarm equivalent',
    ]);
  });

  it('protects the config file it was given, by its own name, and none when there is none', () => {
    expect(mapOpenEvolve(example({ configFile: 'config_phase_1.yaml' })).config.evaluator?.protect).toEqual(['evaluator.py', 'openevolve_adapter.py', 'config_phase_1.yaml']);
    expect(mapOpenEvolve(example({ configFile: 'config_phase_1.yaml', config: { max_iterations: 'x' } })).notes[0]).toMatch(/^config_phase_1\.yaml has values swarm cannot read/);
    expect(mapOpenEvolve(example({ configFile: null, config: null })).config.evaluator?.protect).toEqual(['evaluator.py', 'openevolve_adapter.py']);
  });
});

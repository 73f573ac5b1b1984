import { describe, expect, it } from 'vitest';
import { RunCostMeter } from '../../../src/core/budget/run-cost-meter.js';

describe('RunCostMeter', () => {
  it('counts recorded cost plus running attempts\' reported cost, each attempt once', () => {
    const recorded = { attempts: [{ id: 'a1', costUsd: 0.5 }, { id: 'a2', costUsd: 0 }], otherUsd: 0.1 };
    const meter = new RunCostMeter(1, () => recorded);
    const a2 = meter.gauge('a2');
    const a3 = meter.gauge('a3');
    expect(meter.spent()).toBeCloseTo(0.6);
    a2.report(0.2);
    a3.report(0.1);
    expect(meter.spent()).toBeCloseTo(0.9);
    expect(a2.exceeded()).toBeNull();
    // a2 recorded with its final cost: counted once, at the larger of stored and reported.
    recorded.attempts[1] = { id: 'a2', costUsd: 0.375 };
    expect(meter.spent()).toBeCloseTo(1.075);
    expect(a3.exceeded()).toMatch(/^cost budget of \$1 reached \(\$1\.0750 spent/);
  });

  it('never stops anything without a cap', () => {
    const meter = new RunCostMeter(0, () => ({ attempts: [{ id: 'a1', costUsd: 100 }], otherUsd: 0 }));
    expect(meter.gauge('a1').exceeded()).toBeNull();
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/**
 * A command agent whose first run spends $0.06 at once (reported as JSON) and whose later runs
 * never end by themselves: they edit the program, then wait (a long agent session).
 */
const AGENT = (marker: string): string => `const fs = require('node:fs');
if (!fs.existsSync(${JSON.stringify(marker)})) {
  fs.writeFileSync(${JSON.stringify(marker)}, 'spent');
  console.log(JSON.stringify({ result: 'spent the budget', cost: 0.06 }));
} else {
  fs.writeFileSync('prog.js', fs.readFileSync('prog.js', 'utf8').replace('const a = 1.0;', 'const a = 2.0;'));
  setInterval(() => {}, 1000);
}
`;

describe('budget.costUsd stops running CLI agents', () => {
  let repo: ToyRepo | undefined;
  let dir: string | undefined;
  afterEach(() => {
    repo?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
    repo = undefined;
    dir = undefined;
  });

  it('a command agent still running when the run\'s spending passes the cap is stopped, its work evaluated, and the run ends with the cap\'s reason', async () => {
    dir = mkdtempSync(join(tmpdir(), 'swarm-cap-agent-'));
    const script = join(dir, 'agent.cjs');
    writeFileSync(script, AGENT(join(dir, 'spent')));
    repo = createToyRepo({
      // Without the cap the waiting agent would run for agent.timeout (20 minutes).
      agent: { backend: 'command', command: { argv: ['node', script], output: 'json', summaryPath: 'result', costUsdPath: 'cost' } },
      budget: { attempts: 4, costUsd: 0.05 },
      concurrency: { agents: 2, evaluations: 2 },
      shepherd: { initialExplorers: 2, waveSize: 2 },
    });
    const { result } = await runApi(repo.dir);
    expect(result).toMatchObject({ status: 'finished', problem: null });
    expect(result.stopReason).toMatch(/^cost budget of \$0\.05 reached/);
    const db = new Database(join(repo.dir, '.swarm', 'swarm.db'), { readonly: true });
    try {
      const attempts = z.array(z.object({ id: z.string(), status: z.string(), error: z.string().nullable(), cost_usd: z.number(), score: z.number().nullable() }))
        .parse(db.prepare("SELECT id, status, error, cost_usd, score FROM attempts WHERE role != 'baseline' ORDER BY seq").all());
      const runRow = z.object({ stop_reason: z.string().nullable() }).parse(db.prepare('SELECT stop_reason FROM runs').get());
      expect(runRow.stop_reason).toMatch(/^cost budget of \$0\.05 reached/);
      expect(attempts).toHaveLength(2);
      const stopped = attempts.find((a) => a.cost_usd === 0);
      expect(stopped?.error).toMatch(/^cost budget of \$0\.05 reached/);
      // Its edit (a = 2) was committed and scored: -(2-3)^2 - (2+1)^2 = -10.
      expect(stopped).toMatchObject({ status: 'scored', score: -10 });
    } finally {
      db.close();
    }
  }, 180_000);
});

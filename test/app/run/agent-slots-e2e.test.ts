import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runApi } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

const repos: ToyRepo[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A command agent that holds a lock directory while it works (logging OVERLAP when another agent
 * holds it); a2 waits up to 20 s for a3's worktree to appear; each logs the attempt worktrees it
 * sees, then edits.
 */
const loggingAgent = (log: string): string[] => [
  'sh',
  '-c',
  [
    `mkdir "${log}.lock" 2>/dev/null || echo OVERLAP >> "${log}"`,
    `if [ "$SWARM_ATTEMPT_ID" = a2 ]; then i=0; while [ ! -d "$SWARM_WORKTREE/../a3" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done; fi`,
    `echo "$SWARM_ATTEMPT_ID: $(ls "$SWARM_WORKTREE/.." | tr '\\n' ' ')" >> "${log}"`,
    `sed -i "s/^const a = .*;/const a = $(date +%N);/" prog.js`,
    `rmdir "${log}.lock"`,
    'echo edited',
  ].join('; '),
];

describe('agent slots', () => {
  it('async: the next attempt is planned and prepared while the only agent slot is busy', async () => {
    const tools = mkdtempSync(join(tmpdir(), 'swarm-slots-'));
    dirs.push(tools);
    const log = join(tools, 'agents.log');
    const repo = createToyRepo({
      budget: { attempts: 3 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { schedule: 'async', initialExplorers: 1, waveSize: 1 },
      agent: { backend: 'command', command: { argv: loggingAgent(log) } },
    });
    repos.push(repo);
    const { result } = await runApi(repo.dir);
    expect(result).toMatchObject({ status: 'finished', problem: null });
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    // One agent at a time: no agent started while another held the only slot.
    expect(lines).toHaveLength(3);
    expect(lines).not.toContain('OVERLAP');
    // While the first agent works, the other attempt has its worktree (planned and prepared, it
    // waits for the slot). Which of a2 and a3 takes the slot first is the order their
    // preparations finish in; under load a3's can finish first.
    expect(lines[0]).toMatch(/^a[23]: .*\ba2\b.*\ba3\b/);
    expect(result.attempts.scored).toBe(3);
  }, 120_000);

  it('waves: wave sizes follow concurrency.agents, and a smaller waveSize is said at the start', async () => {
    const repo = createToyRepo({ budget: { attempts: 2 }, concurrency: { agents: 4, evaluations: 2 }, shepherd: { initialExplorers: 2, waveSize: 2 } });
    repos.push(repo);
    const { result, lines } = await runApi(repo.dir);
    expect(result).toMatchObject({ status: 'finished', problem: null });
    expect(lines).toContain('waves of 2 keep at most 2 of 4 agents busy; raise shepherd.waveSize or use shepherd.schedule "async"');
  }, 120_000);
});

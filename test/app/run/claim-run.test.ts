import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimRun, resumableRun, type ClaimRunInput } from '../../../src/app/run/claim-run.js';
import { loadConfig } from '../../../src/config-assembly/index.js';
import { processStartTime } from '../../../src/process/process-identity.js';
import { SwarmStore } from '../../../src/store/swarm-store.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDb = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-claim-'));
  dirs.push(dir);
  return join(dir, '.swarm', 'swarm.db');
};

/** The config a user's `.swarmrc.json` gives, loaded as `swarm run` loads it. */
const loadedConfig = async (): Promise<ClaimRunInput['config']> => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-claim-config-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'task.md'), 'make it better\n');
  writeFileSync(join(dir, '.swarmrc.json'), JSON.stringify({ task: { prompt: 'task.md' }, evaluator: { command: 'node eval.js' }, budget: { attempts: 7 } }));
  return (await loadConfig(dir)).config;
};
const config = await loadedConfig();
const input = (over: Partial<ClaimRunInput> = {}): ClaimRunInput => ({
  config, candidate: null, base: { commit: 'c0ffee', branch: 'main' }, seqFloor: 0, overridesJson: { resumed: '{"agents":2}', created: '{}' }, ...over,
});

/** A live process to own a run: a real child, so its pid and start time are real. */
const liveOwner = (): ChildProcess => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
};

describe('claimRun', () => {
  it('creates a run owned by this process, numbered above the branches already used', () => {
    const store = SwarmStore.open(tempDb());
    const { run, resumed } = claimRun(store, input({ seqFloor: 4 }));
    expect(resumed).toBe(false);
    expect(run.id).toBe('r5');
    expect(store.requireRun(run.id)).toMatchObject({ status: 'running', ownerPid: process.pid, attemptBudget: 7, baseCommit: 'c0ffee', overridesJson: '{}' });
    store.close();
  });

  it('refuses while another live process drives a run, and takes over once it is gone', async () => {
    const file = tempDb();
    const store = SwarmStore.open(file);
    const owner = liveOwner();
    const pid = owner.pid ?? 0;
    const other = store.createRun({ description: 'x', metric: 'score', direction: 'maximize', baseCommit: 'c', baseBranch: null, configJson: '{}', attemptBudget: 3, ownerPid: pid, ownerStarted: processStartTime(pid) });
    expect(() => claimRun(store, input())).toThrow(expect.objectContaining({ code: 'RUN_LOCKED', message: expect.stringContaining(`run ${other.id} is being driven by process ${pid}`) }));
    expect(store.listRuns()).toHaveLength(1);
    expect(resumableRun(store)).toBeNull();
    expect(resumableRun(null)).toBeNull();

    owner.kill('SIGKILL');
    await new Promise((done) => owner.once('exit', done));
    // The dead owner's run is the one a plain `swarm run` resumes, with the overrides it keeps.
    const candidate = resumableRun(store);
    expect(candidate?.id).toBe(other.id);
    const { run, resumed } = claimRun(store, input({ candidate }));
    expect(resumed).toBe(true);
    expect(store.requireRun(run.id)).toMatchObject({ id: other.id, status: 'running', ownerPid: process.pid, attemptBudget: 7, overridesJson: '{"agents":2}' });
    expect(store.listEventsOfType(run.id, ['run.resumed'])).toHaveLength(1);
    store.close();
  });

  it('marks an abandoned run interrupted and starts a new one when asked for a new run', () => {
    const store = SwarmStore.open(tempDb());
    const old = store.createRun({ description: 'x', metric: 'score', direction: 'maximize', baseCommit: 'c', baseBranch: null, configJson: '{}', attemptBudget: 3, ownerPid: 2 ** 22 + 7 });
    const { run, resumed } = claimRun(store, input());
    expect(resumed).toBe(false);
    expect(run.id).not.toBe(old.id);
    expect(store.requireRun(old.id).status).toBe('interrupted');
    store.close();
  });
});

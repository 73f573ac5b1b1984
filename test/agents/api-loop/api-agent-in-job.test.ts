import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { attemptId, runId } from '../../../src/core/domain/ids.js';
import type { AgentLauncher, AgentTask } from '../../../src/core/ports/index.js';
import { runProcessGroup } from '../../../src/process/process-group.js';
import { runApiAgentInJob, type ApiJobSettings } from '../../../src/agents/api-loop/api-agent-in-job.js';
import { apiJobSpecSchema } from '../../../src/agents/api-loop/api-job-files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A launcher that runs the "job" as a process group here, with a job folder as the Slurm one has. */
const here = (jobDir: string): { launcher: AgentLauncher; jobDir: string } => ({
  jobDir,
  launcher: { launch: (l) => runProcessGroup({ file: l.file, args: l.args, cwd: l.cwd, env: l.env, timeoutMs: l.timeoutMs, signal: l.signal, stdoutFile: l.stdoutFile, stderrFile: l.stderrFile, stdin: l.stdin }) },
});

const setup = (): { task: AgentTask; jobDir: string; reported: number[] } => {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-api-job-'));
  dirs.push(dir);
  const worktree = join(dir, 'wt');
  mkdirSync(worktree);
  const reported: number[] = [];
  const task: AgentTask = {
    runId: runId('r1'), attemptId: attemptId('a2'), worktree, role: 'explorer', prompt: 'p', systemPrompt: 's', timeoutMs: 20_000, seed: 1,
    env: { SWARM_ATTEMPT_ID: 'a2', SECRET_FREE: 'v' }, logDir: join(dir, 'logs'), maxCostUsd: 0.5,
    runCost: { report: (cost) => reported.push(cost), exceeded: () => null },
  };
  return { task, jobDir: join(worktree, '.swarm', 'agent-job'), reported };
};

/** The "job": a shell script given the spec's path as $1. */
const job = (script: string): ApiJobSettings => ({
  client: { provider: 'openai', model: 'm', baseUrl: null, maxRetries: 0, requestTimeoutMs: 1000 },
  loop: { limits: { maxTurns: 5, maxTokens: 0, maxCostUsd: 0 }, maxOutputTokens: 100, commandTimeoutMs: 1000, outputChars: 100 },
  agentJobArgv: ['/bin/sh', '-c', script, 'sh'],
});

const OUTCOME = JSON.stringify({ status: 'completed', summary: 'done', hypothesis: 'h', usage: { inputTokens: 5, outputTokens: 2, costUsd: 0.25 }, historyJson: '[]' });

describe('an API agent as a batch job (driver side)', () => {
  it('writes the task without values of the environment, mirrors the transcript, reads the outcome and reports its cost', async () => {
    const { task, jobDir, reported } = setup();
    const script = `echo '{"type":"start"}'; d=$(dirname "$1"); printf '%s' '${OUTCOME}' > "$d/api-outcome.json"`;
    const outcome = await runApiAgentInJob(task, here(jobDir), job(script), AbortSignal.timeout(20_000));
    expect(outcome).toMatchObject({ status: 'completed', summary: 'done', usage: { costUsd: 0.25 }, transcriptPath: join(task.logDir, 'transcript.jsonl') });
    expect(readFileSync(join(task.logDir, 'transcript.jsonl'), 'utf8')).toContain('"type":"start"');
    expect(reported).toEqual([0.25]);
    const spec = apiJobSpecSchema.parse(JSON.parse(readFileSync(join(jobDir, 'api-task.json'), 'utf8')));
    expect(spec.envNames).toEqual(['SECRET_FREE', 'SWARM_ATTEMPT_ID']);
    expect(spec.task.maxCostUsd).toBe(0.5);
    expect(JSON.stringify(spec)).not.toContain('"v"');
  });

  it('fails the attempt with the reason when the job wrote no outcome, a symlink, a FIFO or garbage', async () => {
    const cases: Array<[string, RegExp]> = [
      ['echo boom >&2; exit 3', /^openai agent exited with code 3: boom$/],
      ['exit 0', /^openai agent ended but the job wrote no outcome$/],
      ['ln -s /etc/passwd "$(dirname "$1")/api-outcome.json"', /^openai agent ended but its outcome file is not-a-file$/],
      ['mkfifo "$(dirname "$1")/api-outcome.json"', /^openai agent ended but its outcome file is not-a-file$/],
      ['echo "{not json" > "$(dirname "$1")/api-outcome.json"', /^openai agent ended but its outcome file is unreadable/],
      [`echo '{"status":"completed","summary":"x","hypothesis":null,"usage":{"inputTokens":0,"outputTokens":0,"costUsd":"free"}}' > "$(dirname "$1")/api-outcome.json"`, /^openai agent ended but its outcome file is unreadable/],
    ];
    for (const [script, reason] of cases) {
      const { task, jobDir } = setup();
      const outcome = await runApiAgentInJob(task, here(jobDir), job(script), AbortSignal.timeout(20_000));
      expect(outcome.status, script).toBe('failed');
      expect(outcome.error, script).toMatch(reason);
    }
  });

  it('never writes or reads through a link the agent left: a symlinked task file, job folder or .swarm', async () => {
    // A file the agent pointed the task file at: replaced as a link, its target untouched.
    const planted = setup();
    const victim = join(dirname(planted.task.worktree), 'victim.txt');
    writeFileSync(victim, 'precious');
    mkdirSync(planted.jobDir, { recursive: true });
    symlinkSync(victim, join(planted.jobDir, 'api-task.json'));
    const script = `d=$(dirname "$1"); printf '%s' '${OUTCOME}' > "$d/api-outcome.json"`;
    expect((await runApiAgentInJob(planted.task, here(planted.jobDir), job(script), AbortSignal.timeout(20_000))).status).toBe('completed');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    // A .swarm that leads out of the worktree: nothing written there, the attempt fails saying why.
    const linked = setup();
    const outside = join(dirname(linked.task.worktree), 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(linked.task.worktree, '.swarm'));
    const refused = await runApiAgentInJob(linked.task, here(linked.jobDir), job(script), AbortSignal.timeout(20_000));
    expect(refused.error).toMatch(/is a symlink or not a directory \(replaced in the worktree\)/);
    expect(readdirSync(outside)).toEqual([]);
    // A job that swaps its folder for a link to an outcome of its choosing: not read.
    const swapped = setup();
    const forged = join(dirname(swapped.task.worktree), 'forged');
    mkdirSync(forged);
    writeFileSync(join(forged, 'api-outcome.json'), OUTCOME);
    const swap = `d=$(dirname "$1"); rm -rf "$d" && ln -s ${JSON.stringify(forged)} "$d"`;
    const outcome = await runApiAgentInJob(swapped.task, here(swapped.jobDir), job(swap), AbortSignal.timeout(20_000));
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/is a symlink or not a directory/);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findOrphans } from '../../src/process/find-orphans.js';
import { gitOutput, makeRepo } from './git-repo.js';
import { isProcessAlive } from '../../src/process/liveness.js';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** A program with two constants to tune; the evaluator scores -(a-3)^2 - (b+1)^2 (best 0). */
const PROGRAM = `// EVOLVE-BLOCK-START
const a = 1.0;
const b = 2.0;
// EVOLVE-BLOCK-END
console.log(JSON.stringify({ value: -((a - 3) ** 2) - ((b + 1) ** 2) }));
`;

const EVALUATOR = `const { execFileSync } = require('node:child_process');
const delay = Number(process.env.TOY_EVAL_DELAY_MS ?? '0');
if (delay > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, delay);
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
console.log(JSON.stringify({ score: out.value, feedback: 'value ' + out.value }));
`;

export interface ToyRepo {
  dir: string;
  git: (...args: string[]) => string;
  cleanup: () => void;
}

/** A real git repository with a toy program, evaluator, prompt and config, committed (built by git-repo.ts). */
export const createToyRepo = (config: Record<string, unknown> = {}, files: Record<string, string> = {}): ToyRepo => {
  const base = {
    evaluator: { command: 'node evaluate.js', protect: ['evaluate.js'], timeout: '60s' },
    budget: { attempts: 6 },
    concurrency: { agents: 2, evaluations: 2 },
    shepherd: { initialExplorers: 3, waveSize: 3 },
  };
  const { dir, cleanup } = makeRepo({
    'prog.js': PROGRAM,
    'evaluate.js': EVALUATOR,
    'prompt.md': 'Make the score as high as possible.\n',
    '.swarmrc.json': JSON.stringify(deepMerge(base, config), null, 2),
    ...files,
  }, 'swarm-toy-');
  return { dir, git: (...args: string[]): string => gitOutput(dir, ...args), cleanup };
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const deepMerge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prev = out[key];
    out[key] = isObject(prev) && isObject(value) ? deepMerge(prev, value) : value;
  }
  return out;
};

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts the built CLI as a real child process. */
export const startCli = (cwd: string, args: string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<CliResult> } => {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
};

/**
 * Kills what a SIGKILLed driver left running in `dir` (its agents and evaluators, found by their
 * SWARM_* marks) and waits until they are gone: they would otherwise go on writing under
 * `.swarm/` while the test removes the repository (ENOTEMPTY).
 */
export const stopOrphans = async (dir: string): Promise<void> => {
  const root = realpathSync(dir);
  for (let round = 0; round < 100; round++) {
    const pids = await findOrphans(null, root, process.pid);
    const alive = [];
    for (const pid of pids) if (await isProcessAlive(pid)) alive.push(pid);
    if (alive.length === 0) return;
    for (const pid of alive) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`processes of a killed swarm in ${dir} would not die`);
};

export const runCli = (cwd: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> => startCli(cwd, args, env).done;

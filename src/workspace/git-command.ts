import { existsSync } from 'node:fs';
import { SwarmError } from '../core/domain/errors.js';
import { runProcess } from '../process/run-process.js';

export interface GitCallOptions {
  /** Extra `-c key=value` settings for this call (identity, signing). */
  config?: string[];
  /**
   * Git may not look for a repository above this directory: inside an attempt's worktree whose
   * `.git` file an agent deleted, git must fail rather than find (and commit to) the main checkout.
   */
  ceiling?: string;
  /** Extra environment, e.g. GIT_INDEX_FILE for a scratch index. */
  env?: Record<string, string>;
  /** Text written to git's stdin (`cat-file --batch` requests). */
  input?: string;
}

interface GitRun {
  exitCode: number;
  stdout: string | Buffer;
  output: string;
}

/**
 * The environment git runs with: inherited `GIT_*` variables (set when swarm itself runs inside
 * a git hook or a worktree) would point git at another repository, so they are dropped.
 */
export const gitEnv = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));

const describe = (args: readonly string[]): string => `git ${args.join(' ')}`;

const firstLines = (text: string): string => text.split('\n').slice(0, 6).join('\n');

const failure = (cwd: string, args: readonly string[], detail: string, cause?: unknown): SwarmError =>
  new SwarmError('GIT_FAILED', `\`${describe(args)}\` failed in ${cwd}: ${firstLines(detail)}`, { cause });

/**
 * Runs git directly. simple-git 4 waits a fixed 50 ms after every command that prints
 * nothing (measured: 56 ms instead of 5 ms), and an attempt makes about fifteen git calls.
 */
const exec = async (cwd: string, args: string[], options: GitCallOptions = {}, binary = false): Promise<GitRun> => {
  if (!existsSync(cwd)) throw new SwarmError('GIT_FAILED', `cannot run git in ${cwd}: the directory does not exist`);
  const argv = [...(options.config ?? []).flatMap((setting) => ['-c', setting]), ...args];
  const env = { ...gitEnv(), ...(options.ceiling === undefined ? {} : { GIT_CEILING_DIRECTORIES: options.ceiling }), ...options.env };
  // Its own process group: a terminal Ctrl-C (drain) must not break a commit half way.
  // Through the spawner process: a git call then no longer forks the driver (see src/process/spawner.ts).
  const callOptions = { cwd, env, extendEnv: false, isolation: 'group', keepFinalNewline: true, spawner: true, ...(options.input === undefined ? {} : { input: options.input }) } as const;
  const result = binary ? await runProcess('git', argv, { ...callOptions, bytes: true }) : await runProcess('git', argv, callOptions);
  if (result.startError !== null) throw failure(cwd, args, `git could not be started: ${result.startError}`);
  const stdout = typeof result.stdout === 'string' ? result.stdout : result.stdout.toString('utf8');
  return { exitCode: result.exitCode ?? 1, stdout: result.stdout, output: `${result.stderr}${stdout}`.trim() };
};

const asText = (value: string | Buffer): string => (typeof value === 'string' ? value : value.toString('utf8'));

/** Runs git and returns stdout; any failure is a SwarmError('GIT_FAILED') naming the command and the directory. */
export const runGit = async (cwd: string, args: string[], options?: GitCallOptions): Promise<string> => {
  const run = await exec(cwd, args, options);
  if (run.exitCode !== 0) throw failure(cwd, args, run.output || `git exited with code ${run.exitCode}`);
  return asText(run.stdout);
};

/** Runs git; a non-zero exit yields `null` (a "no" answer), while failing to run git at all still throws. */
export const tryGit = async (cwd: string, args: string[], options?: GitCallOptions): Promise<string | null> => {
  const run = await exec(cwd, args, options);
  return run.exitCode === 0 ? asText(run.stdout) : null;
};

/** Like `runGit`, but returns the exit code and output instead of throwing on a non-zero exit. */
export const gitResult = async (cwd: string, args: string[], options?: GitCallOptions): Promise<{ exitCode: number; output: string }> => {
  const run = await exec(cwd, args, options);
  return run.exitCode === 0 ? { exitCode: 0, output: asText(run.stdout) } : { exitCode: run.exitCode, output: run.output || `git exited with code ${run.exitCode}` };
};

/** Runs git and returns its stdout as raw bytes; a non-zero exit is a SwarmError('GIT_FAILED'). */
export const runGitBytes = async (cwd: string, args: string[], options?: GitCallOptions): Promise<Buffer> => {
  const run = await exec(cwd, args, options, true);
  if (run.exitCode !== 0) throw failure(cwd, args, run.output || `git exited with code ${run.exitCode}`);
  return typeof run.stdout === 'string' ? Buffer.from(run.stdout) : run.stdout;
};

/** Raw bytes of an object (`git show <object>`), for files that may be binary. */
export const gitShowBytes = async (cwd: string, object: string): Promise<Buffer | null> => {
  const run = await exec(cwd, ['show', object], {}, true);
  if (run.exitCode !== 0) return null;
  return typeof run.stdout === 'string' ? Buffer.from(run.stdout) : run.stdout;
};

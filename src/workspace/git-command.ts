import { GitError, simpleGit, type SimpleGit } from 'simple-git';
import { SwarmError } from '../core/errors.js';

/**
 * A git process that exited non-zero; carries the exit code so callers can tell "no" from "broken".
 * It extends simple-git's GitError because simple-git stringifies any other error class.
 */
class GitExitError extends GitError {
  readonly exitCode: number;
  constructor(exitCode: number, output: string) {
    super(undefined, output.trim() || `git exited with code ${exitCode}`);
    this.name = 'GitExitError';
    this.exitCode = exitCode;
  }
}

export interface GitCallOptions {
  /** Extra `-c key=value` settings for this call (identity, signing). */
  config?: string[];
}

const client = (cwd: string, options: GitCallOptions = {}): SimpleGit => {
  try {
    return simpleGit({
      baseDir: cwd,
      config: options.config ?? [],
      // simple-git only rejects when git also wrote to stderr; we want every non-zero exit.
      errors: (error, result) =>
        result.exitCode === 0
          ? error
          : new GitExitError(result.exitCode, Buffer.concat([...result.stdErr, ...result.stdOut]).toString('utf8')),
    });
  } catch (cause) {
    throw new SwarmError('GIT_FAILED', `cannot run git in ${cwd}: the directory does not exist`, { cause });
  }
};

const describe = (args: readonly string[]): string => `git ${args.join(' ')}`;

const firstLines = (text: string): string => text.split('\n').slice(0, 6).join('\n');

const failure = (cwd: string, args: readonly string[], cause: unknown): SwarmError => {
  const detail = cause instanceof Error ? firstLines(cause.message) : String(cause);
  return new SwarmError('GIT_FAILED', `\`${describe(args)}\` failed in ${cwd}: ${detail}`, { cause });
};

/** Runs git and returns stdout; any failure is a SwarmError('GIT_FAILED') naming the command and the directory. */
export const runGit = async (cwd: string, args: string[], options?: GitCallOptions): Promise<string> => {
  try {
    return await client(cwd, options).raw(args);
  } catch (cause) {
    if (cause instanceof SwarmError) throw cause;
    throw failure(cwd, args, cause);
  }
};

/** Runs git; a non-zero exit yields `null` (a "no" answer), while failing to run git at all still throws. */
export const tryGit = async (cwd: string, args: string[], options?: GitCallOptions): Promise<string | null> => {
  try {
    return await client(cwd, options).raw(args);
  } catch (cause) {
    if (cause instanceof SwarmError) throw cause;
    if (cause instanceof GitExitError) return null;
    throw failure(cwd, args, cause);
  }
};

/** Like `runGit`, but returns the exit code and output instead of throwing on a non-zero exit. */
export const gitResult = async (
  cwd: string,
  args: string[],
  options?: GitCallOptions,
): Promise<{ exitCode: number; output: string }> => {
  try {
    return { exitCode: 0, output: await client(cwd, options).raw(args) };
  } catch (cause) {
    if (cause instanceof SwarmError) throw cause;
    if (cause instanceof GitExitError) return { exitCode: cause.exitCode, output: cause.message };
    throw failure(cwd, args, cause);
  }
};

/** Raw bytes of an object (`git show <object>`), for files that may be binary. */
export const gitShowBytes = async (cwd: string, object: string): Promise<Buffer | null> => {
  try {
    return await client(cwd).showBuffer([object]);
  } catch (cause) {
    if (cause instanceof SwarmError) throw cause;
    if (cause instanceof GitExitError) return null;
    throw failure(cwd, ['show', object], cause);
  }
};

import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: a change to any of these makes dist stale. */
export const BUILD_INPUTS = ['src', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json'] as const;

/** Written into dist after a build the test setup ran; its mtime is when that build started. */
export const BUILD_STAMP = join('dist', '.build-stamp');

const BUILT_CLI = join('dist', 'cli', 'main.js');

/**
 * Whether dist must be rebuilt: it was never built (`builtAtMs` null), or an input changed after
 * the build began. Equal times count as fresh (a build started in the same millisecond read it).
 */
export const isBuildStale = (builtAtMs: number | null, inputMtimesMs: Iterable<number>): boolean => {
  if (builtAtMs === null) return true;
  for (const mtime of inputMtimesMs) if (mtime > builtAtMs) return true;
  return false;
};

function* mtimesUnder(path: string): Generator<number> {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    yield stat.mtimeMs;
    return;
  }
  // A deleted or renamed file shows only in its folder's mtime.
  yield stat.mtimeMs;
  for (const entry of readdirSync(path)) yield* mtimesUnder(join(path, entry));
}

/** When the dist of `root` was built: the stamp's time, else the built CLI's, else null (no build). */
export const builtAt = (root: string): number | null => {
  if (!existsSync(join(root, BUILT_CLI))) return null;
  const stamp = join(root, BUILD_STAMP);
  return statSync(existsSync(stamp) ? stamp : join(root, BUILT_CLI)).mtimeMs;
};

/** Whether the dist of the project at `root` is missing or older than its sources. */
export const needsBuild = (root: string): boolean =>
  isBuildStale(builtAt(root), (function* () {
    for (const input of BUILD_INPUTS) yield* mtimesUnder(join(root, input));
  })());

/** Records that a build which started at `startedAtMs` produced the dist of `root`. */
export const writeBuildStamp = (root: string, startedAtMs: number): void => {
  const stamp = join(root, BUILD_STAMP);
  writeFileSync(stamp, `built by the test setup at ${new Date(startedAtMs).toISOString()}\n`, 'utf8');
  const at = new Date(startedAtMs);
  utimesSync(stamp, at, at);
};

import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, builtAt, isBuildStale, needsBuild, writeBuildStamp } from './build-freshness.js';

describe('isBuildStale', () => {
  it('is stale without a build, or when an input changed after the build began', () => {
    expect(isBuildStale(null, [])).toBe(true);
    expect(isBuildStale(1000, [10, 999, 1000])).toBe(false);
    expect(isBuildStale(1000, [10, 1001, 20])).toBe(true);
    expect(isBuildStale(1000, [])).toBe(false);
  });
});

describe('needsBuild on a project folder', () => {
  const T0 = new Date('2026-01-01T00:00:00Z').getTime();
  let root: string;
  const touch = (rel: string, at: number): void => utimesSync(join(root, rel), new Date(at), new Date(at));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'swarm-build-freshness-'));
    mkdirSync(join(root, 'src', 'core'), { recursive: true });
    mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{}\n');
    writeFileSync(join(root, 'src', 'core', 'score.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'src', 'core', 'old.ts'), 'export const b = 2;\n');
    writeFileSync(join(root, 'dist', 'cli', 'main.js'), '\n');
    for (const rel of ['package.json', 'src/core/score.ts', 'src/core/old.ts', 'src/core', 'src']) touch(rel, T0);
    touch('dist/cli/main.js', T0 + 10_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is fresh when dist is newer than every source, and stale after a source edit', () => {
    expect(builtAt(root)).toBe(T0 + 10_000);
    expect(needsBuild(root)).toBe(false);
    touch('src/core/score.ts', T0 + 20_000);
    expect(needsBuild(root)).toBe(true);
  });

  it('is stale after package.json changes, after a file is deleted, and without dist', () => {
    touch('package.json', T0 + 20_000);
    expect(needsBuild(root)).toBe(true);
    touch('package.json', T0);
    unlinkSync(join(root, 'src', 'core', 'old.ts'));
    expect(needsBuild(root)).toBe(true);
    touch('src/core', T0);
    expect(needsBuild(root)).toBe(false);
    rmSync(join(root, 'dist'), { recursive: true });
    expect(needsBuild(root)).toBe(true);
  });

  it('dates a build by its stamp, the time the build started', () => {
    touch('src/core/score.ts', T0 + 5_000);
    writeBuildStamp(root, T0 + 4_000);
    expect(builtAt(root)).toBe(T0 + 4_000);
    expect(needsBuild(root)).toBe(true);
    writeBuildStamp(root, T0 + 6_000);
    expect(needsBuild(root)).toBe(false);
    expect(BUILD_STAMP).toBe(join('dist', '.build-stamp'));
  });
});

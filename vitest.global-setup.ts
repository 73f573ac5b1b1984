import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { needsBuild, writeBuildStamp } from './test/support/build-freshness.js';
import { aptInstall, isCi, prepareSystemTools, readyTools, type SystemToolsReady } from './test/support/system-tools.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The system tools the bwrap, browser and Slurm suites run with; null/false: skip them. */
    systemTools: SystemToolsReady;
  }
}

/**
 * Integration tests run the built CLI: build when dist is missing or older than any source, so a
 * `npx vitest` after an edit never tests old code. `npm run build` is whatever the build is.
 * Then the system tools: installed when missing (root with apt-get), else their suites are
 * skipped with one line naming the package and the command; under CI a missing tool fails.
 */
export default async function setup(project: TestProject): Promise<void> {
  const root = fileURLToPath(new URL('.', import.meta.url));
  if (needsBuild(root)) {
    const startedAt = Date.now();
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    writeBuildStamp(root, startedAt);
  }
  const path = process.env.PATH ?? '';
  const verdicts = await prepareSystemTools({ path, ci: isCi(process.env), root: process.getuid?.() === 0, install: aptInstall(path) });
  for (const verdict of verdicts) if (verdict.line !== null) console.log(`system tools: ${verdict.line}`);
  const failed = verdicts.filter((verdict) => verdict.failed);
  if (failed.length > 0) throw new Error(`system tools missing under CI:\n${failed.map((verdict) => verdict.line).join('\n')}`);
  const ready = readyTools(verdicts);
  project.provide('systemTools', { ...ready, chromium: process.env.SWARM_TEST_CHROMIUM ?? ready.chromium });
}

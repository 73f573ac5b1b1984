import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { needsBuild, writeBuildStamp } from './test/support/build-freshness.js';
import { aptInstall, isCi, prepareSystemTools, readDistro, readyTools, reportVerdicts, type SystemToolsReady } from './test/support/system-tools.js';

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
  const given = process.env.SWARM_TEST_CHROMIUM === undefined ? {} : { chromium: process.env.SWARM_TEST_CHROMIUM };
  const verdicts = await prepareSystemTools({ path, ci: isCi(process.env), root: process.getuid?.() === 0, distro: readDistro(), given, install: aptInstall(path) });
  reportVerdicts(verdicts, (line) => console.log(line));
  project.provide('systemTools', readyTools(verdicts));
}

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { needsBuild, writeBuildStamp } from './test/support/build-freshness.js';

/**
 * Integration tests run the built CLI: build when dist is missing or older than any source, so a
 * `npx vitest` after an edit never tests old code. `npm run build` is whatever the build is.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('.', import.meta.url));
  if (!needsBuild(root)) return;
  const startedAt = Date.now();
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  writeBuildStamp(root, startedAt);
}

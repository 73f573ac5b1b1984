import { shellQuote } from '../../core/text/shell-quote.js';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

/**
 * The built CLI entry (`dist/cli/main.js`), so agents can call `swarm eval` on their worktree.
 * From sources (tests) it is the package's build too; `npm test` builds first.
 */
export const swarmCliPath = (): string => join(packageRoot(), 'dist', 'cli', 'main.js');

/** argv that runs `swarm <args>` with this very Node binary. */
export const swarmArgv = (...args: string[]): string[] => [process.execPath, swarmCliPath(), ...args];

/** Writes `.swarm/bin/swarm`, a shim that agents find on PATH. Returns its directory. */
export const writeSwarmShim = (binDir: string): string => {
  mkdirSync(binDir, { recursive: true });
  const shim = join(binDir, 'swarm');
  writeFileSync(shim, `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(swarmCliPath())} "$@"\n`);
  chmodSync(shim, 0o755);
  return binDir;
};

import { shellQuote } from '../../core/shell-quote.js';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built CLI entry (`dist/cli/main.js`), so agents can call `swarm eval` on their worktree.
 * From sources (tests) it points at the build next to them; `npm test` builds first.
 */
export const swarmCliPath = (): string => {
  const here = dirname(fileURLToPath(import.meta.url));
  const sibling = resolve(here, '../../cli/main.js');
  if (existsSync(sibling)) return sibling;
  return resolve(here, '../../../dist/cli/main.js');
};

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

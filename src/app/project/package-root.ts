import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SwarmError } from '../../core/domain/errors.js';

const PACKAGE_NAME = 'swarm-orchestrator';

let cached: string | null = null;

const isSwarmPackage = (dir: string): boolean => {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  return /"name"\s*:\s*"swarm-orchestrator"/.test(readFileSync(file, 'utf8'));
};

/**
 * The installed package's root (where package.json, skills/ and evaluators/ are): the nearest
 * folder above this module with swarm's package.json. A module's own depth differs between
 * src/, dist/ (tsc) and the bundle's chunks (dist/cli/chunks/), so no fixed `../..` would do.
 */
export const packageRoot = (): string => {
  if (cached !== null) return cached;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (isSwarmPackage(dir)) {
      cached = dir;
      return dir;
    }
    if (dirname(dir) === dir) throw new SwarmError('INTERNAL', `no package.json of ${PACKAGE_NAME} above ${start}; the package is damaged, reinstall ${PACKAGE_NAME}`);
  }
};

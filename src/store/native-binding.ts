import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let found: { nativeBinding?: string } | undefined;

/**
 * better-sqlite3's open option that names its compiled addon. Left to itself the package finds the
 * addon through `bindings`, which builds a stack trace and probes a dozen paths: about 4 ms of
 * every command that opens the store (`swarm status --json` of a long run, each agent's `swarm eval`).
 * The path is resolved from this module, so it is the addon of the very package `import`ed here;
 * where it is not at its usual place (another build layout), the option is left out and the
 * package looks for it as before.
 */
export const sqliteOpenOptions = (): { nativeBinding?: string } => {
  if (found !== undefined) return found;
  found = {};
  try {
    const pkg = createRequire(import.meta.url).resolve('better-sqlite3/package.json');
    const addon = join(dirname(pkg), 'build', 'Release', 'better_sqlite3.node');
    if (existsSync(addon)) found = { nativeBinding: addon };
  } catch {
    // Resolved the usual way on open.
  }
  return found;
};

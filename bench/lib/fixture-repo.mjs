import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git } from './proc.mjs';
import { makeTempDir } from './temp-dirs.mjs';

/** The toy program: two tunable constants in an EVOLVE-BLOCK, as the local agent expects. */
export const PROGRAM = `// EVOLVE-BLOCK-START
const a = 1.0;
const b = 2.0;
// EVOLVE-BLOCK-END
console.log(JSON.stringify({ value: -((a - 3) ** 2) - ((b + 1) ** 2) }));
`;

/**
 * A committed git repository in a temp dir holding prog.js, prompt.md, `.swarmrc.json` (from
 * `config`) and `files`. A local identity keeps commits independent of the machine's git config.
 */
export const createRepo = (prefix, config, files = {}) => {
  const dir = makeTempDir(prefix);
  const all = { 'prog.js': PROGRAM, 'prompt.md': 'Make score high.\n', '.swarmrc.json': `${JSON.stringify(config, null, 2)}\n`, ...files };
  for (const [name, text] of Object.entries(all)) writeFileSync(join(dir, name), text);
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'swarm bench');
  git(dir, 'config', 'user.email', 'bench@swarm.local');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'bench fixture');
  return dir;
};

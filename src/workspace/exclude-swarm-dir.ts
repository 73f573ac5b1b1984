import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SWARM_DIR_NAME } from './project-layout.js';

/** Adds `.swarm/` to `<gitDir>/info/exclude` unless an entry for it is already there. */
export const excludeSwarmDir = async (gitDir: string): Promise<void> => {
  const file = path.join(gitDir, 'info', 'exclude');
  const current = await readFile(file, 'utf8').catch(() => '');
  const present = current.split('\n').some((line) => [SWARM_DIR_NAME, `${SWARM_DIR_NAME}/`, `/${SWARM_DIR_NAME}`, `/${SWARM_DIR_NAME}/`].includes(line.trim()));
  if (present) return;
  await mkdir(path.dirname(file), { recursive: true });
  const separator = current === '' || current.endsWith('\n') ? '' : '\n';
  await writeFile(file, `${current}${separator}${SWARM_DIR_NAME}/\n`, 'utf8');
};
